import { query, tool, createSdkMcpServer, type SDKMessage } from "oxagent";
import { z } from "zod";
import { z as z3 } from "zod/v3";
const t = tool("add", "Add", { a: z.number(), b: z.number().optional() }, async (args) => { const n: number = args.a; return { content: [{ type: "text", text: String(n + (args.b ?? 0)) }] }; });
const t3 = tool("mul", "Mul", { a: z3.number(), s: z3.string().optional() }, async ({ a, s }) => ({ content: [{ type: "text", text: `${a}${s ?? ""}` }] }));
const server = createSdkMcpServer({ name: "calc", tools: [t, t3] });
for await (const m of query({ prompt: "x", options: { mcpServers: { calc: server }, canUseTool: async (n, i) => ({ behavior: "allow", updatedInput: i }) } })) {
  if (m.type === "result" && m.subtype === "success") console.log(m.result.length);
  if (m.type === "result" && m.subtype !== "success") console.log(m.errors.join());
}
const x: SDKMessage | undefined = undefined;
