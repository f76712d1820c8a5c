// Hooks that hand back more than a decision: a PostToolUse hook redacts a command's output
// (updatedToolOutput, in the shape of Bash's output), a UserPromptSubmit hook names the session.
import { getSessionInfo, query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function nameSession() {
  return { hookSpecificOutput: { hookEventName: "UserPromptSubmit", sessionTitle: "Redaction demo" } };
}
async function redact(input) {
  const out = input.tool_response;
  if (!out.stdout.includes("secret")) return {};
  const clean = { ...out, stdout: out.stdout.replace("secret-token", "[redacted]") };
  return { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: clean } };
}
const options = {
  allowedTools: ["Bash"],
  hooks: {
    UserPromptSubmit: [{ hooks: [nameSession] }],
    PostToolUse: [{ matcher: "Bash", hooks: [redact] }],
  },
};
let sessionId;
for await (const m of query({ prompt: "Print the token", options })) {
  show(m);
  if (m.type === "user" && m.tool_use_result) console.log("tool_use_result stdout:", m.tool_use_result.stdout);
  if (m.type === "result") sessionId = m.session_id;
}
const info = await getSessionInfo(sessionId);
console.log("custom_title:", info.customTitle);
