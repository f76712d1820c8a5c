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
