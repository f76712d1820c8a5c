// One prompt, every message printed as it arrives, then the cost.
//
//   node examples/js/quickstart.mjs "What files are in this folder?"
//
// Talks to the Messages API at ANTHROPIC_BASE_URL (default: the real API) with ANTHROPIC_API_KEY.
import { query } from "oxagent";

const prompt = process.argv[2] ?? "What files are in this folder?";

for await (const message of query({ prompt, options: { allowedTools: ["Read", "Glob", "Grep"], maxTurns: 5 } })) {
  switch (message.type) {
    case "system":
      if (message.subtype === "init") console.log(`session ${message.session_id} on ${message.model}`);
      break;
    case "assistant":
      for (const block of message.message.content) {
        if (block.type === "text") console.log(`assistant: ${block.text}`);
        else if (block.type === "tool_use") console.log(`tool call: ${block.name} ${JSON.stringify(block.input)}`);
      }
      break;
    case "result":
      console.log(`${message.subtype} after ${message.num_turns} turns, $${message.total_cost_usd.toFixed(4)}`);
      break;
  }
}
