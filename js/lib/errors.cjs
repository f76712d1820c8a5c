// Errors of the public API.
"use strict";

/** Thrown by the message iterator when `options.abortController` aborts the query. */
class AbortError extends Error {}

const ABORT_MESSAGE = "Claude Code process aborted by user";

/** A TypeError naming the option it is about, with a stable `code`. */
function optionError(option, message, code = "ERR_OXAGENT_OPTION_TYPE") {
  const err = new TypeError(message);
  err.code = code;
  err.option = option;
  return err;
}

/** The error thrown after the session ended on an error result. */
function resultError(result) {
  const errors = Array.isArray(result.errors) ? result.errors.filter((e) => typeof e === "string") : [];
  let text = errors.join("; ");
  if (!text && typeof result.result === "string" && result.result) text = result.result;
  if (!text && result.subtype && result.subtype !== "success") text = result.subtype;
  if (!text) text = "unknown error";
  return new Error(`Claude Code returned an error result: ${text}`);
}

/** The error of a session that refused to start (the reference's CLI exits with code 1). */
function startRefused(native) {
  const err = new Error(`Claude Code process exited with code 1. stderr: Error: ${native.message}`);
  err.code = native.code;
  return err;
}

module.exports = { AbortError, ABORT_MESSAGE, optionError, resultError, startRefused };
