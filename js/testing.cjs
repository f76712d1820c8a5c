// oxagent/testing: tools for people who write their own session store.
//
//   const { runSessionStoreConformance } = require("oxagent/testing");
//   test("my store", () => runSessionStoreConformance(() => new MyStore(freshNamespace())));
//
// `makeStore` (may return a Promise) is called once per contract and must give a store that
// holds nothing. Checks of an optional method (listSessions, listSessionSummaries, delete,
// listSubkeys) run when the store has it and it is not in `skipOptional`. The contracts:
// appends load back deep-equal and in order; keys never written load as null; appends
// concatenate in call order; appending nothing changes nothing; a subpath is a transcript of
// its own; projects are kept apart; listSessions lists a project's main transcripts with
// epoch-millisecond times; deleting a session takes its subkeys and nothing else, deleting a
// subpath only that one; listSubkeys lists the session's own subpaths; summaries are folded on
// append, on listSessions' clock, and a subagent's entries do not change them.
"use strict";

const assert = require("node:assert/strict");
const { foldSessionSummary } = require("./lib/stores.cjs");

const OPTIONAL = ["listSessions", "listSessionSummaries", "delete", "listSubkeys"];
const e = (fields) => ({ type: "x", ...fields });
const main = (projectKey, sessionId) => ({ projectKey, sessionId });
const sub = (key, subpath) => ({ ...key, subpath });
const KEY = main("proj", "sess");
const sorted = (xs) => [...xs].sort();

const CONTRACTS = [
  ["append then load", null, async (s) => {
    const batch = [e({ uuid: "b", n: 1 }), e({ uuid: "a", n: 2 })];
    await s.append(KEY, batch);
    assert.deepEqual(await s.load(KEY), batch);
  }],
  ["unknown keys load as null", null, async (s) => {
    assert.equal(await s.load(main("proj", "nope")), null);
    await s.append(KEY, [e({ uuid: "x" })]);
    assert.equal(await s.load(sub(KEY, "nope")), null);
  }],
  ["appends keep call order", null, async (s) => {
    const [a, b, c, d] = [e({ uuid: "z", n: 1 }), e({ uuid: "a", n: 2 }), e({ uuid: "m", n: 3 }), e({ uuid: "b", n: 4 })];
    await s.append(KEY, [a]);
    await s.append(KEY, [b, c]);
    await s.append(KEY, [d]);
    assert.deepEqual(await s.load(KEY), [a, b, c, d]);
  }],
  ["appending nothing changes nothing", null, async (s) => {
    await s.append(KEY, [e({ uuid: "a" })]);
    await s.append(KEY, []);
    assert.deepEqual(await s.load(KEY), [e({ uuid: "a" })]);
  }],
  ["a subpath is a transcript of its own", null, async (s) => {
    const k = sub(KEY, "subagents/agent-1");
    await s.append(KEY, [e({ uuid: "m" })]);
    await s.append(k, [e({ uuid: "s" })]);
    assert.deepEqual(await s.load(KEY), [e({ uuid: "m" })]);
    assert.deepEqual(await s.load(k), [e({ uuid: "s" })]);
  }],
  ["projects are kept apart", null, async (s, has) => {
    await s.append(main("A", "s1"), [e({ from: "A" })]);
    await s.append(main("B", "s1"), [e({ from: "B" })]);
    assert.deepEqual(await s.load(main("A", "s1")), [e({ from: "A" })]);
    assert.deepEqual(await s.load(main("B", "s1")), [e({ from: "B" })]);
    if (has.has("listSessions")) {
      assert.equal((await s.listSessions("A")).length, 1);
      assert.equal((await s.listSessions("B")).length, 1);
    }
  }],
  ["listSessions", "listSessions", async (s) => {
    for (const [p, id] of [["proj", "a"], ["proj", "b"], ["other", "c"]]) await s.append(main(p, id), [e({ n: 1 })]);
    const listed = await s.listSessions("proj");
    assert.deepEqual(sorted(listed.map((x) => x.sessionId)), ["a", "b"]);
    for (const x of listed) assert.ok(Number.isFinite(x.mtime) && x.mtime > 1e12, `mtime ${x.mtime} is not epoch ms`);
    assert.deepEqual(await s.listSessions("never-appended-project"), []);
  }],
  ["listSessions leaves out subpaths", "listSessions", async (s) => {
    await s.append(main("proj", "main"), [e({ n: 1 })]);
    await s.append(sub(main("proj", "main"), "subagents/agent-1"), [e({ n: 1 })]);
    assert.deepEqual((await s.listSessions("proj")).map((x) => x.sessionId), ["main"]);
  }],
  ["summaries", "listSessionSummaries", async (s, has) => {
    const key = main("proj", "summ-sess");
    await s.append(key, [e({ timestamp: "2024-01-01T00:00:00.000Z", customTitle: "first" }), e({ timestamp: "2024-01-01T00:00:01.000Z" })]);
    await s.append(key, [e({ timestamp: "2024-01-01T00:00:02.000Z", customTitle: "second" })]);
    await s.append(main("other", "elsewhere"), [e({ timestamp: "2024-01-01T00:00:00.000Z" })]);
    const all = await s.listSessionSummaries("proj");
    assert.deepEqual(all.map((x) => x.sessionId), ["summ-sess"]);
    const summary = all[0];
    assert.ok(summary.mtime > 1e12, "summary mtime is epoch ms");
    if (has.has("listSessions")) {
      const listed = (await s.listSessions("proj")).find((x) => x.sessionId === "summ-sess");
      assert.ok(summary.mtime >= listed.mtime, "a summary's mtime is on listSessions' clock");
    }
    const refolded = foldSessionSummary(summary, key, [e({ timestamp: "2024-01-01T00:00:03.000Z" })]);
    assert.equal(refolded.sessionId, "summ-sess");
    assert.equal(refolded.mtime, summary.mtime);
    await s.append(sub(key, "subagents/agent-1"), [e({ timestamp: "2024-01-01T00:00:09.000Z", customTitle: "subagent" })]);
    const after = (await s.listSessionSummaries("proj")).find((x) => x.sessionId === "summ-sess");
    assert.deepEqual(after.data, summary.data, "a subagent's entries changed the summary");
    assert.deepEqual(await s.listSessionSummaries("never-appended-project"), []);
    if (has.has("delete")) {
      await s.delete(key);
      assert.deepEqual(await s.listSessionSummaries("proj"), []);
    }
  }],
  ["delete", "delete", async (s) => {
    await s.delete(main("proj", "never-written"));
    await s.append(KEY, [e({ n: 1 })]);
    await s.delete(KEY);
    assert.equal(await s.load(KEY), null);
  }],
  ["delete takes the subkeys", "delete", async (s, has) => {
    const [s1, s2] = [sub(KEY, "subagents/agent-1"), sub(KEY, "subagents/agent-2")];
    const [other, otherProject] = [main("proj", "sess2"), main("other-proj", "sess")];
    for (const k of [KEY, s1, s2, other, otherProject]) await s.append(k, [e({ n: 1 })]);
    await s.delete(KEY);
    for (const k of [KEY, s1, s2]) assert.equal(await s.load(k), null);
    for (const k of [other, otherProject]) assert.equal((await s.load(k)).length, 1);
    if (has.has("listSubkeys")) assert.deepEqual(await s.listSubkeys(KEY), []);
    if (has.has("listSessions")) assert.ok(!(await s.listSessions("proj")).some((x) => x.sessionId === "sess"));
  }],
  ["delete a subpath", "delete", async (s, has) => {
    const [s1, s2] = [sub(KEY, "subagents/agent-1"), sub(KEY, "subagents/agent-2")];
    for (const k of [KEY, s1, s2]) await s.append(k, [e({ n: 1 })]);
    await s.delete(s1);
    assert.equal(await s.load(s1), null);
    assert.equal((await s.load(s2)).length, 1);
    assert.equal((await s.load(KEY)).length, 1);
    if (has.has("listSubkeys")) assert.deepEqual(await s.listSubkeys(KEY), ["subagents/agent-2"]);
  }],
  ["listSubkeys", "listSubkeys", async (s) => {
    await s.append(KEY, [e({ n: 1 })]);
    await s.append(sub(KEY, "subagents/agent-1"), [e({ n: 1 })]);
    await s.append(sub(KEY, "subagents/agent-2"), [e({ n: 1 })]);
    await s.append(sub(main("proj", "other-sess"), "subagents/agent-x"), [e({ n: 1 })]);
    assert.deepEqual(sorted(await s.listSubkeys(KEY)), ["subagents/agent-1", "subagents/agent-2"]);
  }],
  ["listSubkeys leaves out the main transcript", "listSubkeys", async (s) => {
    await s.append(KEY, [e({ n: 1 })]);
    assert.deepEqual(await s.listSubkeys(KEY), []);
    assert.deepEqual(await s.listSubkeys(main("proj", "never-appended")), []);
  }],
];

/** Checks every contract on a fresh store; the first broken one throws, naming it. */
async function runSessionStoreConformance(makeStore, { skipOptional = [] } = {}) {
  const unknown = [...skipOptional].filter((m) => !OPTIONAL.includes(m));
  assert.deepEqual(unknown, [], `skipOptional names no optional method: ${unknown}`);
  const probe = await makeStore();
  const has = new Set(OPTIONAL.filter((m) => typeof probe[m] === "function" && !skipOptional.includes(m)));
  for (const [name, needs, contract] of CONTRACTS) {
    if (needs && !has.has(needs)) continue;
    try {
      await contract(await makeStore(), has);
    } catch (err) {
      if (err instanceof assert.AssertionError) err.message = `${name}: ${err.message}`;
      throw err;
    }
  }
}

/**
 * Records the sessions of a `node:test` test once and replays them offline afterwards (tools
 * run for real). The cassette is `cassettes/<name>.jsonl` beside the test file (`dir` to put
 * it elsewhere; `name` defaults to the test's name). Missing, it is recorded; present, it is
 * replayed, and the test fails if a request differs, naming the first difference.
 * `OXAGENT_RECORD=1` records afresh. Returns `{path, mode}`.
 *
 *   test("fixes the bug", async (t) => {
 *     useCassette(t);
 *     for await (const m of query({ prompt, options })) ...
 *   });
 */
function useCassette(t, name, { dir } = {}) {
  const path = require("node:path");
  const fs = require("node:fs");
  const { loadNative } = require("./lib/native.cjs");
  const testFile = process.argv[1] ? path.resolve(process.argv[1]) : path.join(process.cwd(), "test");
  const folder = dir || path.join(path.dirname(testFile), "cassettes");
  const base = String(name || (t && t.name) || "cassette").replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/^_+|_+$/g, "");
  const file = path.join(folder, `${base}.jsonl`);
  const record = Boolean(process.env.OXAGENT_RECORD) || !fs.existsSync(file);
  if (record) fs.rmSync(file, { force: true });
  const mode = record ? "record" : "replay";
  const before = { cassette: process.env.OXAGENT_CASSETTE, mode: process.env.OXAGENT_CASSETTE_MODE };
  process.env.OXAGENT_CASSETTE = file;
  process.env.OXAGENT_CASSETTE_MODE = mode;
  const restore = (key, value) => (value === undefined ? delete process.env[key] : (process.env[key] = value));
  const check = () => {
    restore("OXAGENT_CASSETTE", before.cassette);
    restore("OXAGENT_CASSETTE_MODE", before.mode);
    const status = loadNative().cassetteStatus(file, true);
    const diverged = status && JSON.parse(status).diverged;
    if (mode === "replay" && diverged) {
      throw new Error(`the replay of ${file} went off the recording: ${diverged}`);
    }
  };
  if (t && typeof t.after === "function") t.after(check);
  return { path: file, mode, check };
}

module.exports = { runSessionStoreConformance, useCassette };
