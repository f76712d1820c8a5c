// `query()`: one session, as an async generator of SDK messages with control methods.
//
// A pump reads the native session's actions from the start (what each frame means is
// decided in Rust, by the host protocol): messages go to a queue the generator drains, the
// session's requests are answered with the host's callbacks, and the end raises what Rust
// says it raises. Our own control requests (interrupt, set_model, ...) are answered at once.
// `return()` / `break` / `close()` stop the session.
"use strict";

const { loadNative } = require("./native.cjs");
const { toNative, serversToNative } = require("./options.cjs");
const { AbortError, ABORT_MESSAGE, resultError, startRefused } = require("./errors.cjs");
const { MessageQueue } = require("./queue.cjs");
const { answer, NO_REPLY } = require("./callbacks.cjs");
const { ControlMethods, REQUEST, SERVERS } = require("./control.cjs");
const { traceparent, sessionStarted } = require("./telemetry.cjs");

/** JSON.stringify replacer: a lone surrogate in a string becomes U+FFFD (a JS string may
 * hold one; the JSON text the session reads may not). */
const wellFormed = (_key, v) => (typeof v === "string" && !v.isWellFormed() ? v.toWellFormed() : v);
const isAsyncIterable = (v) => v != null && typeof v[Symbol.asyncIterator] === "function";

class Query extends ControlMethods {
  #native = null;
  #queue = new MessageQueue();
  #inflight = new Map();
  #host;
  /** The `stderr` callback: takes the diagnostic lines (extraArgs `debug-to-stderr`). */
  #stderr;
  #verbatim;
  #signal = null;
  #over = false;
  #aborted = false;

  constructor(prompt, options) {
    super();
    if (typeof prompt !== "string" && !isAsyncIterable(prompt)) {
      throw new TypeError("prompt must be a string or an AsyncIterable<SDKUserMessage>");
    }
    // The options are checked in Rust (a refused one throws its TypeError from here).
    const { json, hooks, mcpServers, canUseTool, sessionStore } = toNative(options);
    const native = loadNative();
    const optionsJson = JSON.stringify(json);
    this.#host = { canUseTool, hooks, mcpServers, sessionStore };
    this.#stderr = options && typeof options.stderr === "function" ? options.stderr : null;
    this.#verbatim = Boolean(options && options.verbatimPrompts);
    this.#signal = (options && options.abortController && options.abortController.signal) || null;
    if (this.#signal && this.#signal.aborted) {
      native.checkOptions(optionsJson);
      this.#aborted = true;
      this.#over = true;
      this.#queue.fail(new AbortError(ABORT_MESSAGE));
      return;
    }
    try {
      // A native store (Redis, PostgreSQL) is called by the core itself.
      this.#native = new native.NativeSession(optionsJson, (sessionStore && sessionStore.native) || null, traceparent());
    } catch (e) {
      if (e && e.code === "ERR_OXAGENT_START_REFUSED") {
        // The reference's CLI refuses such a value (a sessionId that is not a UUID) and exits
        // with code 1 before any message: the first next() throws.
        this.#over = true;
        this.#queue.fail(startRefused(e));
        return;
      }
      throw e;
    }
    sessionStarted(native);
    if (this.#signal) this.#signal.addEventListener("abort", this.#onAbort, { once: true });
    this.#pump();
    if (typeof prompt === "string") {
      this.#sendUser({ type: "user", session_id: "", message: { role: "user", content: [{ type: "text", text: prompt }] }, parent_tool_use_id: null });
      this.#native.endInput();
    } else {
      this.#stream(prompt, true);
    }
  }

  // --- AsyncGenerator ------------------------------------------------------------------------
  // Written out rather than an `async *` generator: each message costs one settled promise,
  // not the generator's own queue of requests and its resumption.

  next() {
    // The queue ends with an error only once the session is over or stopped (the pump's end,
    // a failed input stream, an abort): nothing is left to stop here.
    return this.#queue.take();
  }
  return(value) {
    this.#stop(); // also when iteration never started
    this.#queue.close();
    return Promise.resolve({ value, done: true });
  }
  throw(error) {
    this.#stop();
    this.#queue.close();
    return Promise.reject(error);
  }
  [Symbol.asyncIterator]() {
    return this;
  }

  /** Stops the session now; no further messages arrive. */
  close() {
    this.#stop();
  }

  /** Writes more user messages into the session. */
  async streamInput(stream) {
    await this.#stream(stream, false);
  }

  // --- frames --------------------------------------------------------------------------------

  async #pump() {
    let failure = null;
    try {
      for (;;) {
        const actions = await this.#native.recv();
        if (actions === null) break;
        for (const action of actions) failure = this.#act(action);
      }
    } catch (e) {
      failure = e;
    }
    this.#end(failure);
  }

  /** Does what one action says; the `end` action's error is returned. */
  #act({ kind, id, payload }) {
    switch (kind) {
      case "message":
        this.#queue.push(JSON.parse(payload));
        return null;
      case "messages":
        for (const message of JSON.parse(payload)) this.#queue.push(message);
        return null;
      case "callback": {
        // The messages that came before the request reach the loop reading them first (their
        // promises settle before the next macrotask), as with the documented SDK, whose
        // requests arrive on their own lines after those messages.
        const request = JSON.parse(payload);
        const ctrl = new AbortController();
        this.#inflight.set(id, ctrl);
        setImmediate(() => this.#answer(id, request, ctrl));
        return null;
      }
      case "cancel":
        this.#inflight.get(id)?.abort();
        return null;
      case "stderr":
        this.#diagnostic(payload);
        return null;
      case "end":
        return payload ? resultError(JSON.parse(payload)) : null;
      default:
        return null;
    }
  }

  /** A diagnostic line, as the CLI of the documented SDK writes it to its standard error:
   *  to the `stderr` callback, else to this process's. A callback that throws stops nothing. */
  #diagnostic(line) {
    try {
      if (this.#stderr) this.#stderr(line + "\n");
      else process.stderr.write(line + "\n");
    } catch {
      // diagnostics never end a session
    }
  }

  async #answer(requestId, request, ctrl) {
    if (ctrl.signal.aborted) {
      // cancelled before its turn came: the session no longer waits for it
      this.#inflight.delete(requestId);
      return;
    }
    let ok = true;
    let text;
    try {
      const body = await answer(this.#host, requestId, request, ctrl.signal);
      if (body === NO_REPLY) return;
      text = JSON.stringify(body ?? {});
    } catch (e) {
      ok = false;
      text = e instanceof Error ? e.message : String(e);
    } finally {
      this.#inflight.delete(requestId);
    }
    if (this.#over) return;
    try {
      this.#native.answer(requestId, ok, text);
    } catch (e) {
      if (!this.#over) throw e; // else the session ended meanwhile
    }
  }

  #send(frame) {
    if (this.#over) return false;
    try {
      this.#native.send(JSON.stringify(frame, wellFormed));
      return true;
    } catch (e) {
      if (this.#over) return false; // the session ended meanwhile
      throw e;
    }
  }

  #sendUser(message) {
    if (!message || typeof message !== "object") throw new TypeError("a prompt message must be an SDKUserMessage object");
    const frame = { ...message, session_id: message.session_id ?? "", parent_tool_use_id: message.parent_tool_use_id ?? null };
    if (this.#verbatim) frame.client_composed = true;
    this.#send(frame);
  }

  async #stream(stream, endAfter) {
    if (!isAsyncIterable(stream)) throw new TypeError("streamInput needs an AsyncIterable<SDKUserMessage>");
    try {
      for await (const message of stream) {
        if (this.#over) return;
        this.#sendUser(message);
      }
      if (endAfter && !this.#over) this.#native.endInput();
    } catch (e) {
      if (!endAfter) throw e;
      this.#queue.finish(e);
      this.#stop();
    }
  }

  [SERVERS](servers) {
    return serversToNative(servers, this.#host.mcpServers);
  }

  /** Sends a control request of ours; resolves with the session's response body. */
  [REQUEST](subtype, fields = {}) {
    if (!this.#native || this.#over) return Promise.reject(new Error("Query is closed"));
    try {
      return Promise.resolve(JSON.parse(this.#native.request(JSON.stringify({ subtype, ...fields }))));
    } catch (e) {
      return Promise.reject(new Error(e && e.message ? e.message : String(e)));
    }
  }

  // --- ending --------------------------------------------------------------------------------

  #onAbort = () => {
    if (this.#over) return;
    this.#aborted = true;
    this.#queue.fail(new AbortError(ABORT_MESSAGE));
    this.#stop();
  };

  #stop() {
    if (this.#native && !this.#over) this.#native.close();
  }

  #end(failure) {
    this.#over = true;
    if (this.#signal) this.#signal.removeEventListener("abort", this.#onAbort);
    for (const ctrl of this.#inflight.values()) ctrl.abort();
    if (this.#aborted) return;
    if (failure) this.#queue.finish(failure);
    else this.#queue.finish();
  }
}

if (typeof Symbol.asyncDispose === "symbol") {
  Query.prototype[Symbol.asyncDispose] = async function dispose() {
    await this.return(undefined);
  };
}

/** Runs an agent session; see the package README. */
function query({ prompt, options } = {}) {
  return new Query(prompt, options);
}

module.exports = { query, Query };
