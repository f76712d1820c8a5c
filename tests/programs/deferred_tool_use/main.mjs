// A PreToolUse hook defers a shell command for a person to approve: the query ends with the
// call in deferred_tool_use, and resuming the session with the command allowed runs it.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { existsSync, readFileSync } from "node:fs";
import { show, sortKeys } from "./show.mjs";

const calls = [];
async function deferForApproval(input) {
  calls.push([input.hook_event_name, input.tool_name]);
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer",
    permissionDecisionReason: "Requires human approval before execution" } };
}
const options = { allowedTools: ["Bash"],
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deferForApproval] }] } };
let deferred, sessionId;
for await (const m of query({ prompt: "Run: echo 'approved' > approved.txt", options })) {
  show(m);
  if (m.type === "result") {
    deferred = m.deferred_tool_use;
    sessionId = m.session_id;
    console.log("stop_reason:", m.stop_reason);
  }
}
console.log("deferred:", deferred.name, JSON.stringify(sortKeys(deferred.input)));
console.log("hook calls:", JSON.stringify(calls));
console.log("approved.txt before approval:", existsSync("approved.txt"));
const resume = { allowedTools: ["Bash"], permissionMode: "bypassPermissions", resume: sessionId };
for await (const m of query({ prompt: "Please proceed with the command you wanted to run.", options: resume })) show(m);
console.log("approved.txt:", JSON.stringify(readFileSync("approved.txt", "utf8")));
