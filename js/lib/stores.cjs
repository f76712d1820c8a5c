// Session stores: the `sessionStore` option and the session functions' `sessionStore`, the
// in-memory store, the summary fold, importing a local session, and the native Redis and
// PostgreSQL stores (oxagent/stores).
//
// A store is an object with `append(key, entries)` and `load(key)`, and optionally
// `listSessions(projectKey)`, `listSessionSummaries(projectKey)`, `delete(key)`,
// `listSubkeys({projectKey, sessionId})`; keys are `{projectKey, sessionId, subpath?}`. The
// native core asks a JavaScript store through `session_store` control requests
// (`answerStoreCall`), and calls a native store itself.
//
//   const store = new InMemorySessionStore();
//   for await (const m of query({ prompt: "hi", options: { sessionStore: store } })) ...
//   await listSessions({ dir, sessionStore: store });
"use strict";

const { loadNative } = require("./native.cjs");

const OPTIONAL = ["listSessions", "listSessionSummaries", "delete", "listSubkeys"];
const SNAKE = { listSessions: "list_sessions", listSessionSummaries: "list_session_summaries", delete: "delete", listSubkeys: "list_subkeys" };

/** The optional methods `store` has, in the core's (Python) names. */
function storeMethods(store) {
  return OPTIONAL.filter((m) => typeof store[m] === "function").map((m) => SNAKE[m]);
}

function checkStore(store, name = "sessionStore") {
  if (store === null || typeof store !== "object" && typeof store !== "function") {
    throw new TypeError(`${name} must be a SessionStore object`);
  }
  for (const m of ["append", "load"]) {
    if (typeof store[m] !== "function") throw new TypeError(`${name} must have append() and load() methods; it has no ${m}()`);
  }
}

/** A core key -> the TypeScript SDK's key. */
function tsKey(raw) {
  const key = { projectKey: raw.project_key ?? raw.projectKey, sessionId: raw.session_id ?? raw.sessionId };
  if (raw.subpath) key.subpath = raw.subpath;
  return key;
}

/** Runs one `session_store` request on the user's store; resolves with what it returned. */
async function callStore(store, request) {
  const key = request.key ? tsKey(request.key) : undefined;
  switch (request.method) {
    case "append":
      await store.append(key, request.entries || []);
      return null;
    case "load":
      return (await store.load(key)) ?? null;
    case "list_sessions":
      return await store.listSessions(request.project_key);
    case "list_session_summaries":
      return await store.listSessionSummaries(request.project_key);
    case "delete":
      await store.delete(key);
      return null;
    case "list_subkeys":
      return await store.listSubkeys({ projectKey: key.projectKey, sessionId: key.sessionId });
    default:
      throw new Error(`unknown session store method ${request.method}`);
  }
}

/** The control response body for a `session_store` request. */
async function answerStoreCall(store, request) {
  if (!store) throw new Error("no sessionStore is configured");
  return { result: (await callStore(store, request)) ?? null };
}

// --- the functions, run in the core -------------------------------------------------------------

/** Runs the core's store function `op`; a store's own error is thrown unchanged. */
async function runStoreJob(op, store, args) {
  const { StoreJob } = loadNative();
  const native = store instanceof NativeSessionStore ? store.native : null;
  if (!native) checkStore(store);
  const job = new StoreJob(op, JSON.stringify(args), native, native ? [] : storeMethods(store));
  const raised = [];
  const pending = [];
  let answer = null;
  for (let action; (action = await job.recv()) !== null; ) {
    if (action.kind === "callback") {
      const id = action.id;
      pending.push(
        callStore(store, JSON.parse(action.payload)).then(
          (result) => job.answer(id, true, JSON.stringify({ result: result ?? null })),
          (e) => {
            raised.push(e);
            job.answer(id, false, e instanceof Error ? e.message : String(e));
          },
        ),
      );
    } else if (action.kind === "end") {
      answer = JSON.parse(action.payload);
    }
  }
  await Promise.all(pending);
  if (answer && answer.error) {
    if (raised.length) throw raised[0];
    const { kind, message, field, value } = answer.error;
    if (kind === "invalid_id") throw new Error(`Invalid ${field === "session_id" ? "sessionId" : field === "up_to_message_id" ? "upToMessageId" : field}: ${value}`);
    const err = kind === "invalid" ? new TypeError(message) : new Error(message);
    if (kind === "not_found") err.code = "ENOENT";
    throw err;
  }
  return answer ? answer.ok : null;
}

/** `importSessionToStore(sessionId, store, {dir, includeSubagents, batchSize})`. */
async function importSessionToStore(sessionId, store, opts = {}) {
  if (typeof sessionId !== "string") throw new TypeError("importSessionToStore: sessionId must be a string");
  await runStoreJob("import", store, {
    session_id: sessionId,
    directory: opts.dir,
    include_subagents: opts.includeSubagents ?? true,
    batch_size: opts.batchSize ?? 500,
  });
}

/**
 * Folds one appended batch into `prev` (the key's summary so far) and returns the new
 * summary; `opts.mtime` stamps it, else `prev`'s mtime is kept (0 for a new one).
 */
function foldSessionSummary(prev, key, entries, opts = {}) {
  const { foldSessionSummary: fold } = loadNative();
  const summary = JSON.parse(fold(JSON.stringify(prev ?? null), JSON.stringify(key), JSON.stringify(entries), true));
  if (opts.mtime !== undefined) summary.mtime = opts.mtime;
  return summary;
}

// --- stores ------------------------------------------------------------------------------------

const keyString = (key) => [key.projectKey, key.sessionId, ...(key.subpath ? [key.subpath] : [])].join("/");

/** A store in this process's memory, for tests and development. */
class InMemorySessionStore {
  #entries = new Map();
  #mtimes = new Map();
  #summaries = new Map();
  #lastMtime = 0;

  #stamp() {
    this.#lastMtime = Math.max(Date.now(), this.#lastMtime + 1);
    return this.#lastMtime;
  }

  async append(key, entries) {
    const name = keyString(key);
    if (!this.#entries.has(name)) this.#entries.set(name, []);
    this.#entries.get(name).push(...structuredClone(entries));
    const now = this.#stamp();
    if (!key.subpath) {
      const which = `${key.projectKey}/${key.sessionId}`;
      this.#summaries.set(which, foldSessionSummary(this.#summaries.get(which), key, entries, { mtime: now }));
    }
    this.#mtimes.set(name, now);
  }

  async load(key) {
    const got = this.#entries.get(keyString(key));
    return got === undefined ? null : structuredClone(got);
  }

  async listSessions(projectKey) {
    const prefix = projectKey + "/";
    const out = [];
    for (const name of this.#entries.keys()) {
      if (name.startsWith(prefix) && !name.slice(prefix.length).includes("/")) {
        out.push({ sessionId: name.slice(prefix.length), mtime: this.#mtimes.get(name) ?? 0 });
      }
    }
    return out;
  }

  async listSessionSummaries(projectKey) {
    return [...this.#summaries.entries()].filter(([k]) => k.startsWith(projectKey + "/") && !k.slice(projectKey.length + 1).includes("/")).map(([, s]) => structuredClone(s));
  }

  async delete(key) {
    const name = keyString(key);
    this.#entries.delete(name);
    this.#mtimes.delete(name);
    if (!key.subpath) {
      this.#summaries.delete(name);
      for (const k of [...this.#entries.keys()]) {
        if (k.startsWith(name + "/")) {
          this.#entries.delete(k);
          this.#mtimes.delete(k);
        }
      }
    }
  }

  async listSubkeys(key) {
    const prefix = `${key.projectKey}/${key.sessionId}/`;
    return [...this.#entries.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }

  /** Test helper: the entries of `key` (an empty array for an unknown key). */
  getEntries(key) {
    return structuredClone(this.#entries.get(keyString(key)) ?? []);
  }

  /** Test helper: how many sessions (main transcripts) the store holds. */
  get size() {
    return [...this.#entries.keys()].filter((k) => k.split("/").length === 2).length;
  }

  /** Test helper: forgets everything. */
  clear() {
    this.#entries.clear();
    this.#mtimes.clear();
    this.#summaries.clear();
    this.#lastMtime = 0;
  }
}

/** A store in oxagent's native core: a session mirrors into it without calling back here. */
class NativeSessionStore {
  constructor(native) {
    this.native = native;
  }
  async #call(method, args) {
    return JSON.parse(await this.native.call(method, JSON.stringify(args)));
  }
  append(key, entries) {
    return this.#call("append", { key, entries }).then(() => undefined);
  }
  load(key) {
    return this.#call("load", { key });
  }
  listSessions(projectKey) {
    return this.#call("list_sessions", { projectKey });
  }
  listSessionSummaries(projectKey) {
    return this.#call("list_session_summaries", { projectKey });
  }
  delete(key) {
    return this.#call("delete", { key }).then(() => undefined);
  }
  listSubkeys(key) {
    return this.#call("list_subkeys", { key });
  }
}

/** Sessions in Redis, connected on first use; appends are atomic. */
class RedisSessionStore extends NativeSessionStore {
  constructor(url, { prefix = "oxagent", connections = 4 } = {}) {
    super(loadNative().NativeStore.server(url, JSON.stringify({ prefix, connections })));
    this.url = url;
  }
}

/** Sessions in PostgreSQL, from a pool, the tables made on first use. */
class PostgresSessionStore extends NativeSessionStore {
  constructor(url, { tablePrefix = "oxagent", poolSize = 16 } = {}) {
    super(loadNative().NativeStore.server(url, JSON.stringify({ tablePrefix, poolSize })));
    this.url = url;
  }
}

module.exports = {
  storeMethods,
  checkStore,
  answerStoreCall,
  runStoreJob,
  importSessionToStore,
  foldSessionSummary,
  InMemorySessionStore,
  NativeSessionStore,
  RedisSessionStore,
  PostgresSessionStore,
};
