// Trace context for the native session: the caller's active OpenTelemetry span (when the
// program uses @opentelemetry/api with a context manager) becomes the parent of the session's
// span, exported when the OTEL_* environment asks for it. Read through the API's global
// registration, so nothing is required and a program without OpenTelemetry pays one lookup.
"use strict";

const API_GLOBAL = Symbol.for("opentelemetry.js.api.1");
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
const INVALID = /^0+$/;

/** The W3C traceparent of the active span, or null. */
function traceparent() {
  const registered = globalThis[API_GLOBAL];
  const manager = registered && registered.context;
  if (!manager || typeof manager.active !== "function") return null;
  try {
    const span = manager.active().getValue(SPAN_KEY);
    const sc = span && typeof span.spanContext === "function" ? span.spanContext() : null;
    if (!sc || !/^[0-9a-f]{32}$/.test(sc.traceId) || !/^[0-9a-f]{16}$/.test(sc.spanId)) return null;
    if (INVALID.test(sc.traceId) || INVALID.test(sc.spanId)) return null;
    return `00-${sc.traceId}-${sc.spanId}-${((sc.traceFlags || 0) & 0xff).toString(16).padStart(2, "0")}`;
  } catch {
    return null;
  }
}

let flushAtExit = false;

/** Once spans are exported, the last batch is sent when the process exits. */
function sessionStarted(native) {
  if (flushAtExit || !native.telemetryEnabled()) return;
  flushAtExit = true;
  process.once("exit", () => native.telemetryFlush(true));
}

module.exports = { traceparent, sessionStarted };
