// A SubagentStop hook throws; the subagent's report still reaches the parent, the caller is warned.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function broken() {
  throw new Error("hook backend unavailable");
}
const options = {
  permissionMode: "bypassPermissions",
  agents: { reader: { description: "Reads files", prompt: "You read files.", tools: ["Read"] } },
  hooks: { SubagentStop: [{ hooks: [broken] }] },
};
const quiet = new Set(["init", "task_started", "task_progress", "task_notification", "task_updated"]);
try {
  for await (const m of query({ prompt: "PARENT: have the reader read a.txt", options })) {
    if (m.type === "system" && !quiet.has(m.subtype)) console.log("system data:", JSON.stringify({ content: m.content, level: m.level, subtype: m.subtype }));
    const content = m.type === "user" && Array.isArray(m.message.content) ? m.message.content : [];
    const handBack = content.find((b) => b.type === "tool_result" && b.tool_use_id === "toolu_a1");
    if (handBack) {
      // The hand-back names a random agent id and a duration.
      const text = Array.isArray(handBack.content) ? handBack.content[0].text : "text";
      console.log("agent result:", Array.isArray(handBack.content) ? text.split("\n").at(-8).trim() : text);
      continue;
    }
    show(m);
  }
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
