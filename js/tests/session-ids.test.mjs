// Session ids are not paths: `resume`, `sessionId`, `forkSession` and `resumeSessionAt` with
// values that are not UUIDs read and write nothing, and fail as the official TypeScript SDK
// fails (tests/conformance/sessions/golden-ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query, renameSession } from "../index.js";
import { mockApi, scratchDir, settle, text } from "./helpers.mjs";

const UUID = "00000000-0000-4000-8000-000000000000";
const UPPER = "ABCDEF01-2345-4678-9ABC-DEF012345678";

/** A HOME, a victim transcript outside it, and options for a query in the API's workspace. */
function scratch(api) {
  const root = scratchDir("oxagent-ids-");
  fs.mkdirSync(path.join(root, "home"));
  fs.mkdirSync(path.join(root, "victim"));
  fs.writeFileSync(path.join(root, "victim", "victim.jsonl"), '{"type":"user","uuid":"22222222-2222-4222-8222-222222222222","message":{"role":"user","content":"Victim"}}\n');
  const home = path.join(root, "home");
  return {
    root,
    home,
    options: (extra = {}) => api.options({ ...extra, env: { HOME: home } }),
    /** Every file under the root and the workspace but the session transcripts, with its contents. */
    files() {
      const out = {};
      const walk = (dir) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          if (p === path.join(home, ".claude", "projects")) continue;
          out[p] = e.isDirectory() ? null : fs.readFileSync(p, "utf8");
          if (e.isDirectory()) walk(p);
        }
      };
      walk(root);
      walk(api.workspace);
      return out;
    },
    transcripts() {
      const projects = path.join(home, ".claude", "projects");
      if (!fs.existsSync(projects)) return [];
      return fs.readdirSync(projects).flatMap((d) => fs.readdirSync(path.join(projects, d)).map((f) => path.join(projects, d, f))).sort();
    },
  };
}

const badIds = (root) => [
  "../../../../victim/victim",
  path.join(root, "victim", "victim"),
  "../../../../x",
  path.join(root, "x"),
  `${UUID.slice(0, -1)}\0`,
  `${UUID}\n`,
  `${UUID}/../../../../y`,
  UUID + "0".repeat(300),
];

test("ids that are not UUIDs read and write nothing", async () => {
  const api = await mockApi({ responses: [text("Hi.")], default: text("Unexpected.") });
  try {
    const s = scratch(api);
    const first = await settle(query({ prompt: "Hello", options: s.options() }));
    const sid = first.messages.at(-1).session_id;
    const before = s.files();
    const transcripts = s.transcripts();
    const rows = fs.readFileSync(transcripts[0], "utf8");

    for (const bad of badIds(s.root)) {
      // resume: neither an id nor a title. The error result is yielded, then thrown.
      const resumed = await settle(query({ prompt: "Hello", options: s.options({ resume: bad }) }));
      const why = `Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>. Provided value "${bad}" is not a UUID and does not match any session title.`;
      assert.equal(resumed.messages.length, 1);
      assert.equal(resumed.messages[0].type, "result");
      assert.equal(resumed.messages[0].subtype, "error_during_execution");
      assert.deepEqual(resumed.messages[0].errors, [why]);
      assert.equal(resumed.error.message, `Claude Code returned an error result: ${why}`);

      // sessionId, alone or naming a fork: query() returns, its first next() throws.
      for (const extra of [{}, { resume: sid, forkSession: true }]) {
        const q = query({ prompt: "Hello", options: s.options({ sessionId: bad, ...extra }) });
        const refused = await settle(q);
        assert.deepEqual(refused.messages, []);
        assert.equal(refused.error.constructor, Error);
        assert.equal(refused.error.message, "Claude Code process exited with code 1. stderr: Error: Invalid session ID. Must be a valid UUID.");
        assert.equal(refused.error.code, "ERR_OXAGENT_START_REFUSED");
      }

      // resumeSessionAt is a message uuid: it names no message.
      for (const forkSession of [true, false]) {
        const at = await settle(query({ prompt: "Hello", options: s.options({ resume: sid, resumeSessionAt: bad, forkSession }) }));
        assert.deepEqual(at.messages.map((m) => m.errors), [[`No message found with message.uuid of: ${bad}`]]);
      }
    }
    assert.deepEqual(s.files(), before);
    assert.deepEqual(s.transcripts(), transcripts);
    assert.equal(fs.readFileSync(transcripts[0], "utf8"), rows);
  } finally {
    await api.close();
  }
});

test("upper-case ids, empty ids and titles", async () => {
  const api = await mockApi({ responses: [text("One."), text("Two."), text("Three."), text("Four.")] });
  const saved = process.env.HOME;
  try {
    const s = scratch(api);
    const first = await settle(query({ prompt: "Hello", options: s.options({ sessionId: UPPER }) }));
    assert.equal(first.messages.at(-1).session_id, UPPER);
    assert.deepEqual(s.transcripts().map((p) => path.basename(p)), [`${UPPER}.jsonl`]);
    const again = await settle(query({ prompt: "Hello", options: s.options({ resume: UPPER }) }));
    assert.equal(again.messages.at(-1).result, "Two.");
    // The file is named in upper case: the lower-case id names no session.
    const lower = await settle(query({ prompt: "Hello", options: s.options({ resume: UPPER.toLowerCase() }) }));
    assert.deepEqual(lower.messages[0].errors, [`No conversation found with session ID: ${UPPER.toLowerCase()}`]);
    // An empty id is no id: a new session.
    const fresh = await settle(query({ prompt: "Hello", options: s.options({ sessionId: "", resume: "" }) }));
    assert.equal(fresh.error, null);
    assert.notEqual(fresh.messages.at(-1).session_id, UPPER);

    process.env.HOME = s.home;
    await renameSession(UPPER, "Colour talk", { dir: api.workspace });
    const titled = await settle(query({ prompt: "Hello", options: s.options({ resume: " colour TALK " }) }));
    assert.equal(titled.messages.at(-1).session_id, UPPER);
    assert.equal(titled.messages.at(-1).result, "Four.");
  } finally {
    process.env.HOME = saved;
    await api.close();
  }
});
