// A Stop hook throws; what happens to the turn and the run.
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
async function broken() {
  throw new Error("hook backend unavailable");
}
const options = { permissionMode: "acceptEdits", hooks: { Stop: [{ hooks: [broken] }] } };
try {
  for await (const m of query({ prompt: "Write w.txt", options })) {
    if (m.type === "system" && m.subtype !== "init") console.log("system data:", JSON.stringify({ content: m.content, level: m.level, subtype: m.subtype }));
    show(m);
  }
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
console.log("w.txt exists:", existsSync("w.txt"));
