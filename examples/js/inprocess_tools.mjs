// Tools written in JavaScript: an in-process MCP server whose handlers run in this process.
// The model sees them as mcp__units__convert and mcp__units__list.
//
//   node examples/js/inprocess_tools.mjs
import { z } from "zod";
import { createSdkMcpServer, query, tool } from "oxagent";

const FACTORS = { km: 1000, m: 1, cm: 0.01, mi: 1609.344, ft: 0.3048 };

const convert = tool(
  "convert",
  "Convert a length between units",
  { value: z.number().describe("the length"), from: z.enum(Object.keys(FACTORS)), to: z.enum(Object.keys(FACTORS)) },
  async ({ value, from, to }) => ({ content: [{ type: "text", text: String((value * FACTORS[from]) / FACTORS[to]) }] }),
  { annotations: { readOnlyHint: true } },
);
const list = tool("list", "List the known units", {}, async () => ({ content: [{ type: "text", text: Object.keys(FACTORS).join(", ") }] }));

const units = createSdkMcpServer({ name: "units", version: "1.0.0", tools: [convert, list] });
const q = query({
  prompt: "How many feet is a 10 km run?",
  options: { mcpServers: { units }, allowedTools: ["mcp__units__convert", "mcp__units__list"], maxTurns: 4 },
});
for await (const message of q) {
  if (message.type === "system" && message.subtype === "init") console.log("servers:", await q.mcpServerStatus());
  if (message.type === "result" && message.subtype === "success") console.log(message.result);
}
