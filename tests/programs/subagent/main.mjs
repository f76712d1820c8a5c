// A programmatic subagent (agents option) is handed a task through the Agent tool.
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
