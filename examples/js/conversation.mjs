// A conversation: prompts streamed in as an async iterable, one turn each, with the model and
// permission mode changed between turns, and Ctrl-C interrupting the current turn.
//
//   node examples/js/conversation.mjs
import { query } from "oxagent";

const prompts = ["List the files here.", "Which of them is the largest?", "Summarize it in one sentence."];
let next = null;
async function* conversation() {
  for (const text of prompts) {
    yield { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" };
    await new Promise((resolve) => (next = resolve)); // wait for the turn's result
  }
}

const q = query({ prompt: conversation(), options: { allowedTools: ["Read", "Glob", "Bash"], maxTurns: 8 } });
process.once("SIGINT", () => q.interrupt());
let turn = 0;
for await (const message of q) {
  if (message.type === "assistant") {
    for (const block of message.message.content) if (block.type === "text") console.log(`assistant: ${block.text}`);
  }
  if (message.type === "result") {
    console.log(`-- turn ${++turn}: ${message.subtype}, $${message.total_cost_usd.toFixed(4)} so far`);
    if (turn === 1) {
      await q.setModel("claude-haiku-4-5"); // cheaper for the follow-ups
      await q.setPermissionMode("acceptEdits");
    }
    next?.();
  }
}
