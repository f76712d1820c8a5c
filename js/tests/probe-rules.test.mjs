// Rules found by drawing new seeds of the conformance generators (tests/conformance/fuzz-a,
// fuzz-b), through the Node face: a work tree git cannot read gives the first command that may
// change files `bashEditDiff: unavailable`; Grep does not show the carriage return that ends a
// file.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse } from "./helpers.mjs";

const results = (messages) =>
  messages
    .filter((m) => m.type === "user" && Array.isArray(m.message.content))
    .map((m) => [m.message.content[0], m.tool_use_result]);

test("a work tree git cannot read: the first command that may change files says git's view is unavailable", async () => {
  const api = await mockApi((ws) => {
    fs.mkdirSync(path.join(ws, ".git"));
    fs.writeFileSync(path.join(ws, ".git", "config"), "w5\n");
    return {
      responses: [
        toolUse("toolu_1", "Bash", { command: "ls" }),
        toolUse("toolu_2", "Bash", { command: "touch t.txt" }),
        toolUse("toolu_3", "Bash", { command: "touch u.txt" }),
        text("Done."),
      ],
    };
  });
  try {
    const messages = await collect(query({ prompt: "Go", options: api.options({ permissionMode: "bypassPermissions" }) }));
    const diffs = results(messages).map(([block, r]) => [block.tool_use_id, r.bashEditDiff ?? null]);
    assert.deepEqual(diffs, [
      ["toolu_1", null],
      ["toolu_2", { files: [], moreFiles: 0, unavailable: true }],
      ["toolu_3", null],
    ]);
  } finally {
    await api.close();
  }
});

test("Grep leaves out the carriage return that ends a file", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "cr_only.txt"), "mac\rline\rfoo\r");
    return {
      responses: [toolUse("toolu_1", "Grep", { pattern: "foo", output_mode: "content", "-n": false }), text("Done.")],
    };
  });
  try {
    const messages = await collect(query({ prompt: "Go", options: api.options({ permissionMode: "bypassPermissions", tools: ["Grep"] }) }));
    const [[block]] = results(messages);
    assert.equal(block.content, "cr_only.txt:mac\rline\rfoo");
  } finally {
    await api.close();
  }
});

test("commands in a repository record what they changed", async () => {
  const { execSync } = await import("node:child_process");
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "notes.txt"), "alpha\nbeta\ngamma\n");
    execSync("git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init", { cwd: ws });
    return {
      responses: [
        toolUse("toolu_1", "Bash", { command: "echo delta >> notes.txt" }),
        toolUse("toolu_2", "Bash", { command: "echo new > fresh.txt" }),
        text("Done."),
      ],
    };
  });
  try {
    const messages = await collect(query({ prompt: "Go", options: api.options({ permissionMode: "bypassPermissions" }) }));
    const root = fs.realpathSync(api.workspace);
    const [[, first], [, second]] = results(messages);
    assert.deepEqual(first.bashEditDiff, {
      files: [{ filePath: `${root}/notes.txt`, hunks: [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 4, lines: [" alpha", " beta", " gamma", "+delta"] }] }],
      moreFiles: 0,
      changedFiles: [`${root}/notes.txt`],
    });
    // A later record numbers an empty side from 1.
    assert.deepEqual(second.bashEditDiff.files, [
      { filePath: `${root}/fresh.txt`, hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 1, lines: ["+new"] }], created: true },
    ]);
  } finally {
    await api.close();
  }
});
