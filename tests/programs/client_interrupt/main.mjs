// interrupt() while the model is slow to answer; the next prompt of the stream still works.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

let release;
const gate = new Promise((r) => (release = r));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: "Think for a long time" }, parent_tool_use_id: null, session_id: "" };
  await gate;
  yield { type: "user", message: { role: "user", content: "Answer quickly" }, parent_tool_use_id: null, session_id: "" };
}
const q = query({ prompt: prompts(), options: {} });
let results = 0;
for await (const m of q) {
  show(m);
  if (m.type === "system" && m.subtype === "init" && results === 0) await q.interrupt();
  if (m.type === "result" && ++results === 1) release();
  if (results === 2) break;
}
