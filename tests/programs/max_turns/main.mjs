// maxTurns=1 stops a run that wants a second turn.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

try {
  for await (const m of query({ prompt: "Read a.txt and tell me", options: { maxTurns: 1 } })) show(m);
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
