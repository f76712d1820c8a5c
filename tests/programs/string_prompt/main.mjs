// A one-shot query() with a string prompt.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

for await (const m of query({ prompt: "Say hello to the reader", options: { maxTurns: 1 } })) show(m);
