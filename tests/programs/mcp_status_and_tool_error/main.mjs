// An SDK MCP tool that reports an error, and mcpServerStatus() once the query has answered.
import { query, tool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

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
