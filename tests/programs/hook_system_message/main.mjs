// A PostToolUse hook returns a systemMessage for the user.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function note() {
  return { systemMessage: "Reminder: a.txt is read-only" };
}
for await (const m of query({ prompt: "Read a.txt", options: { hooks: { PostToolUse: [{ matcher: "Read", hooks: [note] }] } } })) {
  if (m.type === "system" && m.subtype !== "init") console.log("system data:", JSON.stringify({ content: m.content, level: m.level, subtype: m.subtype }));
  show(m);
}
