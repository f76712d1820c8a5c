// archiveSession / unarchiveSession: a mark beside the local transcript that listSessions
// reports as `archived`; the transcript itself is left as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { archiveSession, unarchiveSession, listSessions, matchDeniedModels, filterEscalatingDefaultMode, DirectConnectError } from "../index.js";
import { scratchDir } from "./helpers.mjs";

test("archiving marks a session beside its transcript and listSessions reports it", async () => {
  const home = scratchDir("oxagent-archive-");
  const cwd = scratchDir("oxagent-archive-ws-");
  const before = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = path.join(home, ".claude");
  try {
    const id = "11111111-2222-4333-8444-555555555555";
    const project = path.join(home, ".claude", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
    fs.mkdirSync(project, { recursive: true });
    const row = { type: "user", uuid: "aaaaaaaa-2222-4333-8444-555555555555", parentUuid: null, sessionId: id, cwd, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "hello" } };
    const transcript = path.join(project, `${id}.jsonl`);
    fs.writeFileSync(transcript, JSON.stringify(row) + "\n");
    const text = fs.readFileSync(transcript, "utf8");

    await archiveSession(id, { dir: cwd });
    const mark = JSON.parse(fs.readFileSync(path.join(project, id, "archived.json"), "utf8"));
    assert.equal(mark.archived, true);
    assert.equal(mark.by, "sdk");
    assert.equal((await listSessions({ dir: cwd })).find((s) => s.sessionId === id).archived, true);
    await unarchiveSession(id);
    assert.equal((await listSessions({ dir: cwd })).find((s) => s.sessionId === id).archived, false);
    assert.equal(fs.readFileSync(transcript, "utf8"), text);
    await assert.rejects(archiveSession("99999999-2222-4333-8444-555555555555"), /not found in any project directory/);
    await assert.rejects(archiveSession(id, { sessionStore: {} }), /store/);
  } finally {
    if (before === undefined) delete process.env.CLAUDE_CONFIG_DIR;
    else process.env.CLAUDE_CONFIG_DIR = before;
  }
});

test("matchDeniedModels compares exact names; filterEscalatingDefaultMode drops a project's escalation", async () => {
  const m = await matchDeniedModels(["claude-opus-5-5", "x", 3], ["claude-opus-5-5", 5]);
  assert.deepEqual(m.denied, [true, false, false]);
  assert.equal(m.warnings.length, 2);
  assert.deepEqual((await matchDeniedModels("x", ["a"])).denied, []);
  const resolved = {
    effective: { permissions: { defaultMode: "acceptEdits", allow: ["Read"] } },
    sources: [{ source: "user", settings: { permissions: { defaultMode: "plan" } } }, { source: "project", settings: { permissions: { defaultMode: "acceptEdits" } } }],
  };
  assert.deepEqual(filterEscalatingDefaultMode(resolved), { permissions: { allow: ["Read"] } });
  assert.deepEqual(resolved.effective.permissions.defaultMode, "acceptEdits", "the input is left as it was");
  assert.deepEqual(filterEscalatingDefaultMode({ ...resolved, sources: [] }), resolved.effective);
  const e = new DirectConnectError("refused", "auth");
  assert.ok(e instanceof Error);
  assert.equal(e.name, "DirectConnectError");
  assert.equal(e.code, "auth");
});
