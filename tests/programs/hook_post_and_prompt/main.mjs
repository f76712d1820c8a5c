// UserPromptSubmit and PostToolUse hooks; PostToolUse adds context for the model.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const events = [];
async function onPrompt(input) {
  events.push(["UserPromptSubmit", input.prompt]);
  return {};
}
async function afterTool(input) {
  events.push(["PostToolUse", input.tool_name, input.tool_input.file_path.endsWith("data.txt")]);
  return { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "The data file is test data." } };
}
const options = { hooks: { UserPromptSubmit: [{ hooks: [onPrompt] }], PostToolUse: [{ matcher: "Read", hooks: [afterTool] }] } };
for await (const m of query({ prompt: "Summarize data.txt", options })) show(m);
for (const e of events) console.log("hook:", JSON.stringify(e));
