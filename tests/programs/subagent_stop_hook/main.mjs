// SubagentStop and PreToolUse hooks see a subagent's work.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const seen = [];
const options = {
  permissionMode: "bypassPermissions",
  allowDangerouslySkipPermissions: true,
  agents: { reader: { description: "Reads files", prompt: "You read files.", tools: ["Read"] } },
  hooks: {
    PreToolUse: [{ hooks: [async (input) => (seen.push(["PreToolUse", input.tool_name, "agent_id" in input]), {})] }],
    SubagentStop: [{ hooks: [async (input) => (seen.push(["SubagentStop", input.agent_type ?? null]), {})] }],
  },
};
for await (const m of query({ prompt: "PARENT: have the reader read a.txt", options })) if (m.type === "result") show(m);
for (const s of seen) console.log("hook:", JSON.stringify(s));
