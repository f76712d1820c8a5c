// The saved-session functions give, for transcripts the reference CLI wrote, what the
// official TypeScript SDK gives (tests/fixtures/sessions/expected-ts.json), and change them
// as it does.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as sdk from "../index.js";

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "tests", "fixtures", "sessions");
const PROJECT = "/work/oxagent-fixture";

function layOut() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "oxagent-sessions-"));
  const folder = path.join(home, ".claude", "projects", PROJECT.replace(/[^A-Za-z0-9]/g, "-"));
  fs.mkdirSync(folder, { recursive: true });
  for (const f of fs.readdirSync(path.join(FIXTURE, "transcripts"))) {
    fs.copyFileSync(path.join(FIXTURE, "transcripts", f), path.join(folder, f));
  }
  process.env.HOME = home;
  delete process.env.CLAUDE_CONFIG_DIR;
  return folder;
}

test("listing and reading give what the TypeScript reference gives", async () => {
  const saved = process.env.HOME;
  try {
    layOut();
    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, "expected-ts.json"), "utf8"));
    const ours = {};
    for (const info of await sdk.listSessions({ dir: PROJECT })) {
      const { lastModified, ...d } = info;
      assert.equal(typeof lastModified, "number");
      d.messages = await sdk.getSessionMessages(info.sessionId, { dir: PROJECT });
      d.page = (await sdk.getSessionMessages(info.sessionId, { dir: PROJECT, limit: 2, offset: 1 })).map((m) => m.uuid);
      ours[info.sessionId] = d;
    }
    assert.deepEqual(ours, expected);
    assert.equal(await sdk.getSessionInfo("not-a-uuid"), undefined);
    await assert.rejects(sdk.listSessions({ limit: -1 }), TypeError);
  } finally {
    process.env.HOME = saved;
  }
});

test("rename, tag, fork and delete", async () => {
  const saved = process.env.HOME;
  try {
    const folder = layOut();
    const id = "54390752-5323-4cfd-affc-63373e51b04b";
    await sdk.renameSession(id, " Colour talk ");
    await sdk.tagSession(id, "keep");
    let info = await sdk.getSessionInfo(id, { dir: PROJECT });
    assert.deepEqual([info.summary, info.customTitle, info.tag], ["Colour talk", "Colour talk", "keep"]);
    await sdk.tagSession(id, null);
    info = await sdk.getSessionInfo(id);
    assert.equal(info.tag, undefined);
    await assert.rejects(sdk.renameSession(id, "  "), TypeError);
    await assert.rejects(sdk.renameSession("33333333-3333-4333-8333-333333333333", "x"), (e) => e.code === "ENOENT");

    const plain = "e042cf37-3746-4a9c-8242-43a9a1389e21";
    const before = await sdk.getSessionMessages(plain);
    const { sessionId } = await sdk.forkSession(plain, { upToMessageId: before[1].uuid, title: "Branch" });
    const forked = await sdk.getSessionMessages(sessionId);
    assert.deepEqual(forked.map((m) => m.message), before.slice(0, 2).map((m) => m.message));
    assert.ok(forked.every((m) => m.session_id === sessionId && !before.some((b) => b.uuid === m.uuid)));
    assert.equal((await sdk.getSessionInfo(sessionId)).summary, "Branch");

    await sdk.deleteSession(id);
    assert.equal(fs.existsSync(path.join(folder, `${id}.jsonl`)), false);
    assert.equal(await sdk.getSessionInfo(id), undefined);
  } finally {
    process.env.HOME = saved;
  }
});

test("ids that are not UUIDs touch no file", async () => {
  const saved = process.env.HOME;
  try {
    const folder = layOut();
    const home = process.env.HOME;
    const id = "54390752-5323-4cfd-affc-63373e51b04b";
    const victim = path.join(home, "victim");
    fs.mkdirSync(path.join(victim, "victim", "subagents"), { recursive: true });
    fs.copyFileSync(path.join(folder, `${id}.jsonl`), path.join(victim, "victim.jsonl"));
    fs.copyFileSync(path.join(folder, `${id}.jsonl`), path.join(victim, "victim", "subagents", "agent-a1.jsonl"));
    const before = fs.readFileSync(path.join(victim, "victim.jsonl"), "utf8");
    const uuid = "00000000-0000-4000-8000-000000000000";
    const bad = ["../../../victim/victim", path.join(victim, "victim"), `${uuid.slice(0, -1)}\0`, "", uuid + "0".repeat(300), `${uuid}\n`];
    for (const value of bad) {
      for (const opts of [undefined, { dir: PROJECT }]) {
        assert.equal(await sdk.getSessionInfo(value, opts), undefined);
        assert.deepEqual(await sdk.getSessionMessages(value, opts), []);
        assert.deepEqual(await sdk.listSubagents(value, opts), []);
        assert.deepEqual(await sdk.getSubagentMessages(value, "a1", opts), []);
        // As the reference: a plain Error naming the refused id.
        const refused = (e) => e.constructor === Error && e.message === `Invalid sessionId: ${value}`;
        await assert.rejects(sdk.renameSession(value, "t", opts), refused);
        await assert.rejects(sdk.tagSession(value, "t", opts), refused);
        await assert.rejects(sdk.deleteSession(value, opts), refused);
        await assert.rejects(sdk.forkSession(value, opts), refused);
      }
      if (value) {
        await assert.rejects(sdk.forkSession(id, { upToMessageId: value }), (e) => e.message === `Invalid upToMessageId: ${value}`);
      }
    }
    assert.deepEqual(await sdk.getSubagentMessages(id, "../../../victim/victim"), []);
    assert.equal(fs.readFileSync(path.join(victim, "victim.jsonl"), "utf8"), before);
    assert.ok(fs.existsSync(path.join(victim, "victim", "subagents", "agent-a1.jsonl")));
    // The upper-case form of an id is another, missing session.
    await assert.rejects(sdk.tagSession(id.toUpperCase(), "t"), (e) => e.code === "ENOENT");
  } finally {
    process.env.HOME = saved;
  }
});
