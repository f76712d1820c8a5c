// A person approves risky commands: a PreToolUse hook defers every shell command, the query
// ends with the call in deferred_tool_use, and resuming the session with the command allowed
// runs it. A PostToolUse hook redacts a token from what the model reads.
//
//   node examples/js/approval_hooks.mjs
import { query } from "oxagent";

async function holdForApproval() {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer",
    permissionDecisionReason: "a person approves shell commands" } };
}

async function redact(input) {
  const out = input.tool_response;
  if (!out.stdout.includes("TOKEN-")) return {};
  return { hookSpecificOutput: { hookEventName: "PostToolUse",
    updatedToolOutput: { ...out, stdout: out.stdout.replace("TOKEN-123", "[redacted]") } } };
}

const asking = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [holdForApproval] }] } };
let held, session;
for await (const message of query({ prompt: "Print the deploy token.", options: asking })) {
  if (message.type === "result") {
    held = message.deferred_tool_use;
    session = message.session_id;
    console.log(`paused (${message.stop_reason}): ${held.name} ${JSON.stringify(held.input)}`);
  }
}
// A person said yes: run it, with the token kept from the model.
const approved = { resume: session, permissionMode: "bypassPermissions",
  hooks: { PostToolUse: [{ matcher: "Bash", hooks: [redact] }] } };
for await (const message of query({ prompt: "Approved, go on.", options: approved })) {
  if (message.type === "result") console.log(`[${message.subtype}] ${message.result}`);
}
