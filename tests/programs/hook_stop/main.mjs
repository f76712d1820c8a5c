// A PostToolUse hook returns continue: false; the run stops after the tool.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function halt() {
  return { continue: false, stopReason: "Enough reading for today" };
}
const options = { hooks: { PostToolUse: [{ matcher: "Read", hooks: [halt] }] } };
for await (const m of query({ prompt: "Read a.txt then b.txt", options })) show(m);
