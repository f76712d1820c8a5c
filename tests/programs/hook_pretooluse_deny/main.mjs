// A PreToolUse hook denies a shell command; the command never runs.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
const seen = [];
async function guard(input) {
  seen.push([input.hook_event_name, input.tool_name, input.tool_input.command]);
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny",
    permissionDecisionReason: "Shell commands are not allowed here" } };
}
const options = { allowedTools: ["Bash"], hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }] } };
for await (const m of query({ prompt: "Make a file with the shell", options })) show(m);
console.log("hook calls:", JSON.stringify(seen));
console.log("made.txt exists:", existsSync("made.txt"));
