// can_use_tool raises: the call is refused and the run goes on.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
async function canUseTool() {
  throw new Error("the approval service is down");
}
try {
  for await (const m of query({ prompt: "Touch a file", options: { canUseTool } })) show(m);
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
console.log("t.txt exists:", existsSync("t.txt"));
