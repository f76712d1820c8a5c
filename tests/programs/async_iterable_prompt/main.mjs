// query() fed by an async generator of user messages.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function* messages() {
  yield { type: "user", message: { role: "user", content: "What is two plus two?" }, parent_tool_use_id: null, session_id: "" };
}
for await (const m of query({ prompt: messages(), options: {} })) show(m);
