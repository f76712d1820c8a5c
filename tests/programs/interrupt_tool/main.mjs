// interrupt() while a slow shell command runs.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
let release;
const gate = new Promise((r) => (release = r));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: "Run the slow command" }, parent_tool_use_id: null, session_id: "" };
  await gate;
}
const q = query({ prompt: prompts(), options: { allowedTools: ["Bash"] } });
try {
  for await (const m of q) {
    show(m);
    if (m.type === "assistant" && m.message.content.some((b) => b.type === "tool_use")) {
      await new Promise((r) => setTimeout(r, 1000));
      await q.interrupt();
    }
    if (m.type === "result") release();
  }
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
console.log("done.txt exists:", existsSync("done.txt"));
