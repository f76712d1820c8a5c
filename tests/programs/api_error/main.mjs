// The API keeps answering 529; the run ends with an error the program can read.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

try {
  for await (const m of query({ prompt: "Hello?", options: { env: { ...process.env, CLAUDE_CODE_MAX_RETRIES: "1" } } })) {
    if (m.type === "assistant") console.log("assistant error:", m.error);
    show(m);
  }
} catch (e) {
  console.log("threw:", e.constructor.name);
}
