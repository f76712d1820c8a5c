// canUseTool accepts the suggested permission updates; the second call is not asked.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { readdirSync } from "node:fs";
const asked = [];
async function canUseTool(toolName, input, { suggestions }) {
  asked.push(input.command);
  console.log("suggestions:", JSON.stringify((suggestions ?? []).map((s) => [s.type, s.behavior ?? null, s.destination])));
  return { behavior: "allow", updatedInput: input, updatedPermissions: suggestions };
}
for await (const m of query({ prompt: "Make two files", options: { canUseTool } })) show(m);
console.log("asked for:", JSON.stringify(asked));
console.log("files:", JSON.stringify(readdirSync(".").filter((f) => f.endsWith(".txt")).sort()));
