// An SDK MCP tool that reports an error, and mcpServerStatus() once the query has answered.
import { query, tool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";

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

import { z } from "zod";
const lookup = tool("lookup", "Look a word up", { word: z.string() }, async (args) => ({
  content: [{ type: "text", text: `no entry for ${args.word}` }],
  isError: true,
}));
const words = createSdkMcpServer({ name: "words", version: "2.0.0", tools: [lookup] });
let release;
const gate = new Promise((r) => (release = r));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: "Look up zyzzyva" }, parent_tool_use_id: null, session_id: "" };
  await gate;
}
const q = query({ prompt: prompts(), options: { mcpServers: { words }, allowedTools: ["mcp__words__lookup"] } });
for await (const m of q) {
  if (m.type === "user" && Array.isArray(m.message.content)) {
    // the tool's own text; what follows the blank line is advice worded for the model
    for (const b of m.message.content) {
      const text = Array.isArray(b.content) ? b.content.map((x) => x.text ?? "").join(" ") : b.content;
      console.log("tool_result:", b.is_error ? "error" : "ok", text.split("\n\n")[0]);
    }
    continue;
  }
  show(m);
  if (m.type === "result") {
    const status = await q.mcpServerStatus();
    console.log("after the query:", JSON.stringify(status.map((s) => [s.name, s.status, (s.tools ?? []).map((t) => t.name)])));
    release();
  }
}
