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
