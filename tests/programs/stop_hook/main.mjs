// A Stop hook blocks the first stop with a reason; the model goes on once more.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const stops = [];
async function onStop(input) {
  stops.push(input.stop_hook_active);
  return stops.length === 1 ? { decision: "block", reason: "Also say goodbye" } : {};
}
for await (const m of query({ prompt: "Say hello", options: { hooks: { Stop: [{ hooks: [onStop] }] } } })) show(m);
console.log("stop hook calls (stop_hook_active):", JSON.stringify(stops));
