// useCassette (oxagent/testing), as a user's node:test suite runs it: the first run records
// against the server ANTHROPIC_BASE_URL names, the next replays offline with the tools run for
// real, and a test whose requests changed fails naming the first difference.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { mockApi, PACKAGE_DIR, scratchDir } from "./helpers.mjs";

const userTest = (pkg) => `
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { query } = require(${JSON.stringify(pkg)});
const { useCassette } = require(${JSON.stringify(path.join(pkg, "testing.cjs"))});

test("reads the note", async (t) => {
  const { mode } = useCassette(t);
  console.log("MODE " + mode);
  const cwd = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "user-")));
  fs.writeFileSync(path.join(cwd, "note.txt"), "hello from the note");
  let result;
  for await (const m of query({ prompt: process.env.PROMPT || "Read note.txt",
      options: { cwd, allowedTools: ["Read"], settingSources: [], env: { HOME: cwd } } })) {
    if (m.type === "result") result = m;
  }
  assert.equal(result.result, "It says hello.");
});
`;

function runUser(dir, env) {
  const child = spawn(process.execPath, ["--test", path.join(dir, "user.test.cjs")], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c) => { out += c; });
  child.stderr.on("data", (c) => { out += c; });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

test("useCassette records once, replays offline and names a divergence", async () => {
  const api = await mockApi({ responses: [
    { content: [{ type: "tool_use", id: "toolu_01", name: "Read", input: { file_path: "note.txt" } }] },
    { content: [{ type: "text", text: "It says hello." }] },
  ] });
  const dir = scratchDir("oxagent-user-");
  fs.writeFileSync(path.join(dir, "user.test.cjs"), userTest(PACKAGE_DIR));
  // NODE_TEST_CONTEXT would make the child's runner think it runs inside this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("OXAGENT_CASSETTE") && !k.startsWith("ANTHROPIC_") && k !== "NODE_TEST_CONTEXT"));
  try {
    let run = await runUser(dir, { ...env, ...api.env });
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /MODE record/);
    const cassette = path.join(dir, "cassettes", "reads_the_note.jsonl");
    assert.equal(fs.readFileSync(cassette, "utf8").trim().split("\n").length, 2);
  } finally {
    await api.close();
  }
  const offline = { ...env, ANTHROPIC_API_KEY: "sk-none", ANTHROPIC_BASE_URL: "http://127.0.0.1:9", CLAUDE_CODE_MAX_RETRIES: "0" };
  let run = await runUser(dir, offline);
  assert.equal(run.code, 0, run.out);
  assert.match(run.out, /MODE replay/);
  run = await runUser(dir, { ...offline, PROMPT: "Read the note" });
  assert.notEqual(run.code, 0);
  assert.match(run.out, /cassette diverged at exchange 1: messages\[0\]\.content\[0\]\.text: recorded "Read note.txt", got "Read the note"/);
  run = await runUser(dir, { ...offline, OXAGENT_RECORD: "1" });
  assert.notEqual(run.code, 0);
  assert.match(run.out, /MODE record/);
});
