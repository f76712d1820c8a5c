// A model answer with a thinking block; the program sees it before the text.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

for await (const m of query({ prompt: "Think, then answer", options: { maxThinkingTokens: 2000 } })) {
  if (m.type === "assistant") {
    console.log("assistant blocks:", JSON.stringify(m.message.content.map((b) => b.type)));
    for (const b of m.message.content) if (b.type === "thinking") console.log("thinking:", b.thinking);
  }
  show(m);
}
