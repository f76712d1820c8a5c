// A programmatic subagent (agents option) is handed a task through the Agent tool.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const options = {
  permissionMode: "bypassPermissions",
  allowDangerouslySkipPermissions: true,
  agents: { reviewer: { description: "Reviews text files", prompt: "You review files.", tools: ["Read"] } },
};
for await (const m of query({ prompt: "PARENT: ask the reviewer about a.txt", options })) {
  if ((m.type === "assistant" || m.type === "user") && m.parent_tool_use_id) console.log(`(from subagent of ${m.parent_tool_use_id})`);
  const c = m.type === "user" ? m.message.content : null;
  const handBack = Array.isArray(c) && c.find((b) => b.type === "tool_result" && b.tool_use_id === "toolu_a1");
  if (handBack) {
    // the hand-back carries ids and timings: print only whether the report reached the parent
    const text = Array.isArray(handBack.content) ? handBack.content.map((x) => x.text ?? "").join(" ") : handBack.content;
    console.log("agent tool_result:", handBack.is_error ? "error" : "ok", text.includes("REVIEW: a.txt says alpha."));
    continue;
  }
  show(m);
}
