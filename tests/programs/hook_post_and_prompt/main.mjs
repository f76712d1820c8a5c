// UserPromptSubmit and PostToolUse hooks; PostToolUse adds context for the model.
import { query } from "@anthropic-ai/claude-agent-sdk";

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
