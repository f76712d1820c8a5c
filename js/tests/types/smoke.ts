// Compiled by the type test (never run): the exports and their signatures.
import { query, tool, createSdkMcpServer, AbortError, HOOK_EVENTS, type SDKMessage, type Options, type HookCallback, type CanUseTool } from "oxagent";
import { z } from "zod";
import { z as z3 } from "zod/v3";

const add = tool("add", "Add", { a: z.number(), b: z.number().optional() }, async (args) => {
  const a: number = args.a;
  const b: number | undefined = args.b;
  return { content: [{ type: "text", text: String(a + (b ?? 0)) }] };
});
const mul = tool("mul", "Multiply", { a: z3.number(), s: z3.string().optional() }, async ({ a, s }) => ({
  content: [{ type: "text", text: `${a * 2}${s ?? ""}` }],
}), { annotations: { readOnlyHint: true }, alwaysLoad: true });
const calc = createSdkMcpServer({ name: "calc", version: "1.0.0", tools: [add, mul] });

const guard: HookCallback = async (input, toolUseID, { signal }) => {
  if (input.hook_event_name === "PreToolUse" && input.tool_name === "Bash" && !signal.aborted) {
    return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `no ${toolUseID}` } };
  }
  return {};
};
const canUseTool: CanUseTool = async (name, input, { suggestions, toolUseID }) =>
  name === "Write" ? { behavior: "deny", message: "read-only", interrupt: false } : { behavior: "allow", updatedInput: input, updatedPermissions: suggestions, toolUseID };

const options: Options = {
  abortController: new AbortController(),
  mcpServers: { calc },
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard], timeout: 30 }] },
  canUseTool,
  permissionMode: "default",
  thinking: { type: "enabled", budgetTokens: 1024 },
  systemPrompt: { type: "preset", preset: "claude_code", append: "Be brief." },
  settingSources: ["project"],
  effort: "high",
};

export async function run(): Promise<number> {
  const q = query({ prompt: "hi", options });
  await q.setPermissionMode("acceptEdits");
  await q.setModel(undefined);
  const commands = await q.supportedCommands();
  const status = await q.mcpServerStatus();
  let seen = commands.length + status.length + HOOK_EVENTS.length;
  try {
    for await (const m of q) {
      const message: SDKMessage = m;
      if (message.type === "result") seen += message.subtype === "success" ? message.result.length : message.errors.length;
    }
  } catch (e) {
    if (e instanceof AbortError) return -1;
    throw e;
  }
  return seen;
}
