// Errors of the public API. (A refused option is thrown by the addon itself: a TypeError
// with a stable `code` and the `option` it is about; see bindings/node/src/error.rs.)
"use strict";

/** Thrown by the message iterator when `options.abortController` aborts the query. */
class AbortError extends Error {}

const ABORT_MESSAGE = "Claude Code process aborted by user";

/** The error thrown after the session ended on an error result; `message` is worded by the
 * host protocol in Rust (`oxagent::host_protocol`). */
function resultError({ message }) {
  return new Error(message);
}

/** The error of a session that refused to start (the reference's CLI exits with code 1). */
function startRefused(native) {
  // The CLI's option parser words its own complaints ("error: option ..."); others are thrown.
  const text = native.message.startsWith("error: ") ? native.message : `Error: ${native.message}`;
  const err = new Error(`Claude Code process exited with code 1. stderr: ${text}`);
  err.code = native.code;
  return err;
}

module.exports = { AbortError, ABORT_MESSAGE, resultError, startRefused };
