// A resumed session and its CLAUDE.md files, through the Node face (tests/conformance/fuzz-l):
// the model reads again what the first run showed it, is told at the new run's first prompt of
// the files changed since, and is not handed a nested file twice.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, scratchDir, settle, text, toolUse } from "./helpers.mjs";

const texts = (m) =>
  typeof m.content === "string" ? [m.content] : m.content.map((b) => b.text ?? `RESULT ${JSON.stringify(b.content)}`);

test("a resumed session is shown its instructions again, and what changed", async () => {
  const api = await mockApi((ws) => {
    fs.mkdirSync(path.join(ws, "sub"));
    fs.writeFileSync(path.join(ws, "CLAUDE.md"), "Rule one.\n");
    fs.writeFileSync(path.join(ws, "sub", "CLAUDE.md"), "Sub rule.\n");
    fs.writeFileSync(path.join(ws, "sub", "x.txt"), "x\n");
    fs.writeFileSync(path.join(ws, "sub", "y.txt"), "y\n");
    return {
      responses: [
        toolUse("toolu_1", "Read", { file_path: path.join(ws, "sub", "x.txt") }),
        toolUse("toolu_2", "Bash", { command: "echo 'Rule two.' > CLAUDE.md" }),
        text("Done."),
        toolUse("toolu_3", "Read", { file_path: path.join(ws, "sub", "y.txt") }),
        text("Done again."),
      ],
    };
  });
  try {
    const ws = api.workspace;
    const opts = api.options({ settingSources: ["project"], env: { HOME: scratchDir("oxagent-home-") } });
    const one = await settle(query({ prompt: "Rules?", options: opts }));
    const two = await settle(query({ prompt: "And now?", options: { ...opts, resume: one.messages.at(-1).session_id } }));
    assert.equal(two.messages.at(-1).subtype, "success");
    const bodies = api.requests().map((r) => r.body).filter((b) => b && b.messages);
    const last = bodies.at(-1).messages;
    assert.ok(texts(last[0])[0].includes(`Contents of ${path.join(ws, "CLAUDE.md")}`));
    assert.ok(texts(last[0])[0].includes("\n\nRule one.\n</system-reminder>"));
    assert.equal(texts(last[0]).at(-1), "Rules?");
    assert.ok(texts(last[2]).some((t) => t.includes(`Contents of ${path.join(ws, "sub", "CLAUDE.md")}:\n\nSub rule.\n`)));
    const told = texts(last.find((m) => texts(m).includes("And now?")));
    assert.equal(told.length, 2);
    assert.ok(told[0].startsWith("<system-reminder>\nThese instruction files were read again"), told[0]);
    assert.ok(told[0].endsWith("\n\nRule two.\n</system-reminder>\n"), told[0]);
    assert.ok(!texts(last.at(-1)).some((t) => t.includes("sub/CLAUDE.md")));
  } finally {
    await api.close();
  }
});
