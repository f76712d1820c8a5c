// A PreToolUse hook answers 'ask': canUseTool decides.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const log = [];
async function ask(input) {
  log.push("hook " + input.tool_name);
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "let the app decide" } };
}
async function canUseTool(toolName, input) {
  log.push("canUseTool " + toolName);
  return { behavior: "allow", updatedInput: input };
}
const options = { hooks: { PreToolUse: [{ matcher: "Read", hooks: [ask] }] }, canUseTool };
for await (const m of query({ prompt: "Read a.txt", options })) show(m);
console.log("order:", JSON.stringify(log));
