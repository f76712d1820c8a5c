// Streaming input: the mode in force set again, then a model and back to the default model.
import { query } from "@anthropic-ai/claude-agent-sdk";

function show(m) {
  // Print the stable facts of one message.
  if (m.type === "system") console.log("system", m.subtype);
  else if (m.type === "assistant") {
    for (const b of m.message.content) {
      if (b.type === "text") console.log("assistant text:", b.text);
      else if (b.type === "tool_use") console.log("assistant tool_use:", b.name, JSON.stringify(sortKeys(b.input)));
    }
  } else if (m.type === "user") {
    const c = m.message.content;
    if (typeof c === "string") console.log("user:", c);
    else for (const b of c) {
      if (b.type !== "tool_result") continue;
      const text = Array.isArray(b.content) ? b.content.map((x) => x.text ?? "").join(" ") : b.content;
      console.log("tool_result:", b.is_error ? "error" : "ok", text);
    }
  } else if (m.type === "result") {
    console.log("result", m.subtype, `is_error=${m.is_error}`, `turns=${m.num_turns}`, JSON.stringify(m.result ?? null));
  }
}

function sortKeys(o) {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
}

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
