// An in-process MCP server made with tool() and createSdkMcpServer().
import { query, tool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { z } from "zod";
const received = [];
const add = tool("add", "Add two numbers", { a: z.number(), b: z.number() }, async (args) => {
  received.push(args);
  return { content: [{ type: "text", text: `sum=${args.a + args.b}` }] };
});
const calc = createSdkMcpServer({ name: "calc", version: "1.0.0", tools: [add] });
const options = { mcpServers: { calc }, allowedTools: ["mcp__calc__add"] };
for await (const m of query({ prompt: "Add 2 and 3", options })) {
  if (m.type === "system" && m.subtype === "init") {
    console.log("init mcp_servers:", JSON.stringify(m.mcp_servers.map((s) => [s.name, s.status])));
    console.log("init has tool:", m.tools.includes("mcp__calc__add"));
  }
  show(m);
}
console.log("handler got:", JSON.stringify(received));
