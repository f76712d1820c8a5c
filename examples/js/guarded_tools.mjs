// Deciding about each tool call: a canUseTool callback (allow, rewrite, deny) and a PreToolUse
// hook that logs every call. Both run on the JavaScript thread, between the model's turns.
//
//   node examples/js/guarded_tools.mjs
import { query } from "oxagent";

async function logCall(input, toolUseID) {
  if (input.hook_event_name === "PreToolUse") console.log(`hook: ${input.tool_name} (${toolUseID})`);
  return {}; // no opinion
}

async function decide(toolName, input) {
  if (toolName === "Bash" && String(input.command).includes("rm ")) {
    return { behavior: "deny", message: "Deleting files is not allowed here." };
  }
  if (toolName === "Write" && !String(input.file_path).endsWith(".md")) {
    // Redirect writes to a Markdown file next to the requested one.
    return { behavior: "allow", updatedInput: { ...input, file_path: `${input.file_path}.md` } };
  }
  return { behavior: "allow", updatedInput: input };
}

const options = { canUseTool: decide, hooks: { PreToolUse: [{ hooks: [logCall] }] }, maxTurns: 6 };
for await (const message of query({ prompt: "Write a short notes file about this folder.", options })) {
  if (message.type === "result" && message.subtype === "success") console.log(message.result);
}
