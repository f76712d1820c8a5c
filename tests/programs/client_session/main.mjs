// Streaming input: two prompts in one session, with mode and model changes between them.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { readFileSync } from "node:fs";
let release;
let gate = new Promise((r) => (release = r));
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
    await q.setPermissionMode("acceptEdits");
    await q.setModel("claude-sonnet-4-5");
    release();
  }
  if (results === 2) break;
}
console.log("colour.txt:", JSON.stringify(readFileSync("colour.txt", "utf8")));
