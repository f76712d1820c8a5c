// A PreToolUse hook allows Write but rewrites what it writes.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { readFileSync } from "node:fs";
async function stamp(input) {
  const updatedInput = { ...input.tool_input, content: input.tool_input.content.toUpperCase() };
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow",
    permissionDecisionReason: "stamped", updatedInput } };
}
const options = { hooks: { PreToolUse: [{ matcher: "Write", hooks: [stamp] }] } };
for await (const m of query({ prompt: "Write shout.txt", options })) show(m);
console.log("shout.txt:", JSON.stringify(readFileSync("shout.txt", "utf8")));
