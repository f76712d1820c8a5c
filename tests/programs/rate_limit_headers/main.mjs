// An answer that carries the API's unified rate-limit headers, in a session with an API key:
// which messages a program sees.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

for await (const m of query({ prompt: "Hi", options: {} })) {
  console.log("type:", m.type, m.subtype ?? "");
  if (m.type === "rate_limit_event") console.log("info:", JSON.stringify(m.rate_limit_info));
  show(m);
}
