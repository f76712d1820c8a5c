// tools limits the built-in tools; disallowedTools removes one more.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
const options = { tools: ["Read", "Glob", "Write"], disallowedTools: ["Write"] };
for await (const m of query({ prompt: "Read a.txt and write b.txt", options })) {
  if (m.type === "system" && m.subtype === "init") console.log("init tools:", JSON.stringify([...m.tools].sort()));
  show(m);
}
console.log("b.txt exists:", existsSync("b.txt"));
