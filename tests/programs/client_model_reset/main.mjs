// Streaming input: the mode in force set again, then a model and back to the default model.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
let release;
const gate = new Promise((r) => (release = r));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: "Pick a colour" }, parent_tool_use_id: null, session_id: "" };
  await gate;
  yield { type: "user", message: { role: "user", content: "Now write it to colour.txt" }, parent_tool_use_id: null, session_id: "" };
}
const q = query({ prompt: prompts(), options: {} });
let results = 0;
for await (const m of q) {
  show(m);
  if (m.type === "result" && ++results === 1) {
    await q.setPermissionMode("default");
    await q.setModel("claude-sonnet-4-5");
    await q.setModel(undefined);
    release();
  }
  if (results === 2) break;
}
console.log("colour.txt exists:", existsSync("colour.txt"));
