// canUseTool rewrites a Write and refuses Bash.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync, readFileSync } from "node:fs";
const calls = [];
async function canUseTool(toolName, input) {
  calls.push([toolName, Object.keys(input).sort()]);
  if (toolName === "Write") return { behavior: "allow", updatedInput: { ...input, content: "approved content\n" } };
  return { behavior: "deny", message: "No shell for you" };
}
for await (const m of query({ prompt: "Save a file, then touch another", options: { canUseTool } })) show(m);
for (const c of calls) console.log("canUseTool:", JSON.stringify(c));
console.log("saved.txt:", JSON.stringify(readFileSync("saved.txt", "utf8")));
console.log("made.txt exists:", existsSync("made.txt"));
