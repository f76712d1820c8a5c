// A fallback model, and the session's diagnostic lines.
//
// When the main model stays overloaded (HTTP 529) through its retries, fallbackModel takes
// over: each retry arrives as an "api_retry" system message and the switch as a
// "model_fallback" one. debugFile names a file the session appends its diagnostic lines to
// (requests, retries, tool calls, the result); the `stderr` callback is accepted too, though
// oxagent runs no CLI process whose output it could pass on.
//
//   node examples/js/fallback_and_debug.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { query } from "oxagent";

const debugFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "debug-example-")), "session.log");
const stderrLines = [];

const options = {
  model: "claude-sonnet-4-5",
  fallbackModel: "claude-haiku-4-5",
  debugFile,
  stderr: (data) => stderrLines.push(data),
  maxTurns: 2,
};
for await (const message of query({ prompt: "Say hello in five words.", options })) {
  if (message.type === "system" && message.subtype === "api_retry") {
    console.log(`retry ${message.attempt} after HTTP ${message.error_status}`);
  } else if (message.type === "system" && message.subtype === "model_fallback") {
    console.log("fallback:", message.content);
  } else if (message.type === "assistant") {
    console.log(`${message.message.model} answered`);
  } else if (message.type === "result" && message.subtype === "success") {
    console.log("result:", message.result);
    console.log("models used:", Object.keys(message.modelUsage).join(", "));
  }
}

console.log("diagnostic lines:");
for (const line of fs.readFileSync(debugFile, "utf8").trim().split("\n")) console.log(`  ${line}`);
console.log(`stderr lines received: ${stderrLines.length}`);
fs.rmSync(path.dirname(debugFile), { recursive: true, force: true });
