// A Stop hook throws; what happens to the turn and the run.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

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
