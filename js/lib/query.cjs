// `query()`: one session, as an async generator of SDK messages with control methods.
//
// A pump reads the native session's outgoing frames from the start: messages go to a queue
// the generator drains, the session's control requests are answered with the host's
// callbacks, and answers to our own control requests (interrupt, set_model, ...) settle the
// promises of the methods below. `return()` / `break` / `close()` stop the session.
"use strict";

const { loadNative } = require("./native.cjs");
const { toNative, fromNativeError } = require("./options.cjs");
const { AbortError, ABORT_MESSAGE, resultError, startRefused } = require("./errors.cjs");
const { MessageQueue } = require("./queue.cjs");
const { answer, NO_REPLY } = require("./callbacks.cjs");
const { ControlMethods, REQUEST } = require("./control.cjs");

const isAsyncIterable = (v) => v != null && typeof v[Symbol.asyncIterator] === "function";

class Query extends ControlMethods {
  #native = null;
  #queue = new MessageQueue();
  #pending = new Map();
  #inflight = new Map();
  #host;
  #verbatim;
  #signal = null;
  #requests = 0;
  #lastResult = null;
  #over = false;
  #stoppedByUser = false;
  #aborted = false;
  #gen;

  constructor(prompt, options) {
    super();
    if (typeof prompt !== "string" && !isAsyncIterable(prompt)) {
      throw new TypeError("prompt must be a string or an AsyncIterable<SDKUserMessage>");
    }
    const { json, hooks, mcpServers, canUseTool } = toNative(options);
    this.#host = { canUseTool, hooks, mcpServers };
    this.#verbatim = Boolean(options && options.verbatimPrompts);
    this.#gen = this.#messages();
    this.#signal = (options && options.abortController && options.abortController.signal) || null;
    if (this.#signal && this.#signal.aborted) {
      this.#aborted = true;
      this.#over = true;
      this.#queue.fail(new AbortError(ABORT_MESSAGE));
      return;
    }
    const { NativeSession } = loadNative();
    try {
      this.#native = new NativeSession(JSON.stringify(json));
    } catch (e) {
      if (e && e.code === "ERR_OXAGENT_START_REFUSED") {
        // The reference's CLI refuses such a value (a sessionId that is not a UUID) and exits
        // with code 1 before any message: the first next() throws.
        this.#over = true;
        this.#queue.fail(startRefused(e));
        return;
      }
      throw fromNativeError(e);
    }
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

  next(...args) {
    return this.#gen.next(...args);
  }
  return(value) {
    this.#stop(); // also when iteration never started: the generator's finally would not run
    return this.#gen.return(value);
  }
  throw(error) {
    this.#stop();
    return this.#gen.throw(error);
  }
  [Symbol.asyncIterator]() {
    return this;
  }

  async *#messages() {
    try {
      for (;;) {
        const item = await this.#queue.take();
        if (item.done) return;
        yield item.value;
      }
    } finally {
      this.#stop();
    }
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
        const raw = await this.#native.recv();
        if (raw === null) break;
        this.#dispatch(JSON.parse(raw));
      }
    } catch (e) {
      failure = e;
    }
    this.#end(failure);
  }

  #dispatch(frame) {
    switch (frame.type) {
      case "control_request":
        this.#answer(frame.request_id, frame.request || {});
        return;
      case "control_response": {
        const r = frame.response || {};
        const p = this.#pending.get(r.request_id);
        if (!p) return;
        this.#pending.delete(r.request_id);
        if (r.subtype === "error") p.reject(new Error(r.error));
        else p.resolve(r.response ?? {});
        return;
      }
      case "control_cancel_request":
        this.#inflight.get(frame.request_id)?.abort();
        return;
      case "keep_alive":
        return;
      default:
        if (frame.type === "result") this.#lastResult = frame;
        this.#queue.push(frame);
    }
  }

  async #answer(requestId, request) {
    const ctrl = new AbortController();
    this.#inflight.set(requestId, ctrl);
    let reply;
    try {
      const body = await answer(this.#host, requestId, request, ctrl.signal);
      if (body === NO_REPLY) return;
      reply = { type: "control_response", response: { subtype: "success", request_id: requestId, response: body } };
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      reply = { type: "control_response", response: { subtype: "error", request_id: requestId, error } };
    } finally {
      this.#inflight.delete(requestId);
    }
    this.#send(reply);
  }

  #send(frame) {
    if (this.#over) return false;
    try {
      // A control request of ours is answered at once, even if the session ends meanwhile.
      const reply = this.#native.send(JSON.stringify(frame));
      if (reply) this.#dispatch(JSON.parse(reply));
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

  /** Sends a control request of ours; resolves with the session's response body. */
  [REQUEST](subtype, fields = {}) {
    if (!this.#native || this.#over) return Promise.reject(new Error("Query is closed"));
    const requestId = `req_js_${++this.#requests}`;
    return new Promise((resolve, reject) => {
      this.#pending.set(requestId, { resolve, reject });
      try {
        this.#send({ type: "control_request", request_id: requestId, request: { subtype, ...fields } });
      } catch (e) {
        this.#pending.delete(requestId);
        reject(e);
      }
    });
  }

  // --- ending --------------------------------------------------------------------------------

  #onAbort = () => {
    if (this.#over) return;
    this.#aborted = true;
    this.#queue.fail(new AbortError(ABORT_MESSAGE));
    this.#stop();
  };

  #stop() {
    if (this.#native && !this.#over) {
      this.#stoppedByUser = true;
      this.#native.close();
    }
  }

  #end(failure) {
    this.#over = true;
    if (this.#signal) this.#signal.removeEventListener("abort", this.#onAbort);
    for (const ctrl of this.#inflight.values()) ctrl.abort();
    const closed = new Error("Query closed before a response was received");
    for (const p of this.#pending.values()) p.reject(closed);
    this.#pending.clear();
    if (this.#aborted) return;
    if (failure) this.#queue.finish(failure);
    else if (!this.#stoppedByUser && this.#lastResult && this.#lastResult.is_error) this.#queue.finish(resultError(this.#lastResult));
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
