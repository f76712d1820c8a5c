// canUseTool denies with interrupt: true; the run ends there.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
async function canUseTool(toolName) {
  console.log("asked:", toolName);
  return { behavior: "deny", message: "Stop everything", interrupt: true };
}
try {
  for await (const m of query({ prompt: "Delete the logs", options: { canUseTool } })) show(m);
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
console.log("logs exist:", existsSync("logs/app.log"));
