// enableFileCheckpointing, then rewindFiles to the prompt that changed a file.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

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
