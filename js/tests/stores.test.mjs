// Session stores from Node: our conformance suite against the in-memory, Redis and PostgreSQL
// stores; a session mirroring into a JS store and resuming on another HOME; a failing store;
// the session functions with `sessionStore`; the native stores through a session.
//
// Redis and PostgreSQL come from scripts/with-test-services.sh (./dev test runs the suites
// under it); without them those tests are skipped, saying so.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { query, InMemorySessionStore, listSessions, getSessionInfo, getSessionMessages, renameSession, tagSession, forkSession, deleteSession, foldSessionSummary, importSessionToStore } from "oxagent";
import { RedisSessionStore, PostgresSessionStore } from "oxagent/stores";
import { runSessionStoreConformance } from "oxagent/testing";
import { mockApi, collect, text, scratchDir } from "./helpers.mjs";

const REDIS = process.env.OXAGENT_TEST_REDIS_URL;
const POSTGRES = process.env.OXAGENT_TEST_POSTGRES_URL;
const fresh = () => "t" + randomUUID().replaceAll("-", "");

const KINDS = {
  memory: () => () => new InMemorySessionStore(),
  redis: () => REDIS && (() => new RedisSessionStore(REDIS, { prefix: fresh() })),
  postgres: () => POSTGRES && (() => new PostgresSessionStore(POSTGRES, { tablePrefix: fresh(), poolSize: 2 })),
};

function makeStore(kind, t) {
  const make = KINDS[kind]();
  if (!make) t.skip(`OXAGENT_TEST_${kind.toUpperCase()}_URL is not set (run under scripts/with-test-services.sh)`);
  return make;
}

const projectKey = (dir) => fs.realpathSync(dir).replace(/[^A-Za-z0-9]/g, "-");

for (const kind of Object.keys(KINDS)) {
  test(`our conformance suite passes against the ${kind} store`, async (t) => {
    const make = makeStore(kind, t);
    if (make) await runSessionStoreConformance(make);
  });
}

test("a session mirrors into a JS store and resumes on another HOME", async () => {
  const api = await mockApi({ responses: [text("Noted."), text("ORCHID.")] });
  try {
    const store = new InMemorySessionStore();
    const home1 = scratchDir();
    const home2 = scratchDir();
    const first = await collect(query({ prompt: "Remember the word ORCHID.", options: api.options({ sessionStore: store, env: { HOME: home1 } }) }));
    const sessionId = first.at(-1).session_id;
    const entries = store.getEntries({ projectKey: projectKey(api.workspace), sessionId });
    assert.deepEqual(entries.filter((e) => e.type === "user" || e.type === "assistant").map((e) => e.type), ["user", "assistant"]);
    const second = await collect(query({ prompt: "What was the word?", options: api.options({ sessionStore: store, resume: sessionId, env: { HOME: home2 } }) }));
    assert.equal(second.at(-1).session_id, sessionId);
    const last = api.requests().at(-1).body.messages;
    const texts = last.flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.filter((b) => b.text && !b.text.startsWith("<system-reminder>")).map((b) => b.text)));
    assert.deepEqual(texts, ["Remember the word ORCHID.", "Noted.", "What was the word?"]);
    assert.ok(!fs.existsSync(path.join(home2, ".claude", "projects")), "nothing written on host 2");
  } finally {
    await api.close();
  }
});

test("a failing store is a mirror_error and the session goes on", async () => {
  const api = await mockApi({ responses: [text("Fine.")] });
  try {
    let appends = 0;
    const store = {
      async append() {
        appends += 1;
        throw new Error("test store: append failed");
      },
      async load() {
        return null;
      },
    };
    const messages = await collect(query({ prompt: "Hello", options: api.options({ sessionStore: store, env: { HOME: scratchDir() } }) }));
    const errors = messages.filter((m) => m.type === "system" && m.subtype === "mirror_error");
    // Before the result (the turn's rows) and after it (the last-prompt row), as the reference.
    assert.deepEqual(messages.map((m) => m.subtype ?? m.type), ["init", "assistant", "mirror_error", "success", "mirror_error"]);
    assert.equal(errors[0].error, "test store: append failed");
    assert.deepEqual(errors[0].key, { projectKey: projectKey(api.workspace), sessionId: messages.at(-1).session_id });
    assert.equal(appends, 6);
  } finally {
    await api.close();
  }
});

test("sessionStore is checked as the reference checks it", () => {
  assert.throws(() => query({ prompt: "x", options: { sessionStore: new InMemorySessionStore(), enableFileCheckpointing: true } }), /enableFileCheckpointing/);
  assert.throws(() => query({ prompt: "x", options: { sessionStore: {} } }), /append\(\) and load\(\)/);
  // The TypeScript reference's texts (checked in Rust, oxagent::options).
  const minimal = { append: async () => {}, load: async () => null };
  assert.throws(() => query({ prompt: "x", options: { sessionStore: minimal, continue: true } }), {
    message: "Options.continue with sessionStore requires store.listSessions to be implemented",
  });
  assert.throws(() => query({ prompt: "x", options: { sessionStore: minimal, persistSession: false } }), {
    message: /^sessionStore cannot be used with persistSession: false -- the storage adapter requires local writes/,
  });
  // resume wins over continue: a store without listSessions is fine.
  assert.doesNotThrow(() => query({ prompt: "x", options: { sessionStore: minimal, continue: true, resume: "x", abortController: aborted() } }));
});

function aborted() {
  const c = new AbortController();
  c.abort();
  return c;
}

for (const kind of Object.keys(KINDS)) {
  test(`the session functions read and change what a session wrote (${kind})`, async (t) => {
    const make = makeStore(kind, t);
    if (!make) return;
    const store = make();
    const api = await mockApi({ responses: [text("Hi there.")] });
    try {
      const home = scratchDir();
      const messages = await collect(query({ prompt: "Say hi", options: api.options({ sessionStore: store, env: { HOME: home } }) }));
      const sessionId = messages.at(-1).session_id;
      const dir = api.workspace;
      const listed = await listSessions({ dir, sessionStore: store });
      assert.deepEqual(listed.map((i) => [i.sessionId, i.summary]), [[sessionId, "Say hi"]]);
      const stored = await getSessionMessages(sessionId, { dir, sessionStore: store });
      assert.deepEqual(stored.map((m) => m.type), ["user", "assistant"]);
      await renameSession(sessionId, "Greeting", { dir, sessionStore: store });
      await tagSession(sessionId, "demo", { dir, sessionStore: store });
      const info = await getSessionInfo(sessionId, { dir, sessionStore: store });
      assert.deepEqual([info.customTitle, info.tag], ["Greeting", "demo"]);
      const fork = await forkSession(sessionId, { dir, sessionStore: store });
      assert.equal((await getSessionMessages(fork.sessionId, { dir, sessionStore: store })).length, 2);
      await deleteSession(sessionId, { dir, sessionStore: store });
      assert.deepEqual(await getSessionMessages(sessionId, { dir, sessionStore: store }), []);
      await assert.rejects(renameSession("nope", "x", { dir, sessionStore: store }), /Invalid sessionId: nope/);
    } finally {
      await api.close();
    }
  });
}

test("a JS store's own error reaches the caller unchanged", async () => {
  const boom = new RangeError("store exploded");
  const store = {
    async append() {},
    async load() {
      throw boom;
    },
  };
  await assert.rejects(getSessionMessages(randomUUID(), { dir: "/", sessionStore: store }), (e) => e === boom);
});

test("foldSessionSummary folds in the TypeScript SDK's names", () => {
  const key = { projectKey: "p", sessionId: "s" };
  const s = foldSessionSummary(undefined, key, [{ type: "user", message: { role: "user", content: "Fix the bug" } }], { mtime: 5 });
  assert.deepEqual(s, { sessionId: "s", mtime: 5, data: { isSidechain: false, firstPrompt: "Fix the bug", firstPromptLocked: true } });
  assert.equal(foldSessionSummary(s, key, []).mtime, 5);
});

test("importSessionToStore copies a local session", async () => {
  const api = await mockApi({ responses: [text("Local.")] });
  const home = scratchDir();
  const saved = process.env.HOME;
  try {
    const messages = await collect(query({ prompt: "Only on disk", options: api.options({ env: { HOME: home } }) }));
    const sessionId = messages.at(-1).session_id;
    process.env.HOME = home;
    const store = new InMemorySessionStore();
    await importSessionToStore(sessionId, store, { dir: api.workspace, batchSize: 1 });
    const got = await getSessionMessages(sessionId, { dir: api.workspace, sessionStore: store });
    assert.deepEqual(got.map((m) => m.type), ["user", "assistant"]);
  } finally {
    process.env.HOME = saved;
    await api.close();
  }
});
