// enableFileCheckpointing, then rewindFiles to the prompt that changed a file.
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

import { readFileSync } from "node:fs";
let release;
const gate = new Promise((r) => (release = r));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: "Overwrite notes.txt" }, parent_tool_use_id: null, session_id: "" };
  await gate;
}
const options = { enableFileCheckpointing: true, permissionMode: "acceptEdits", extraArgs: { "replay-user-messages": null } };
const q = query({ prompt: prompts(), options });
let checkpoint;
for await (const m of q) {
  if (m.type === "user" && m.uuid && checkpoint === undefined) checkpoint = m.uuid;
  show(m);
  if (m.type === "result") {
    console.log("after the edit:", JSON.stringify(readFileSync("notes.txt", "utf8")));
    await q.rewindFiles(checkpoint);
    release();
  }
}
console.log("after rewind:", JSON.stringify(readFileSync("notes.txt", "utf8")));
