// fallbackModel takes over when the main model stays overloaded.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

for await (const m of query({ prompt: "Hello?", options: { model: "claude-opus-4-5", fallbackModel: "claude-sonnet-4-5" } })) {
  if (m.type === "assistant") console.log("answered by:", m.message.model);
  show(m);
}
