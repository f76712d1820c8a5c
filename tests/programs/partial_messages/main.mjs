// includePartialMessages yields stream events before each assistant message.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

for await (const m of query({ prompt: "Stream a short answer", options: { includePartialMessages: true } })) {
  if (m.type === "stream_event") {
    const ev = m.event;
    console.log("stream_event", ev.type, ev.type === "content_block_delta" ? ev.delta.type : "");
  } else show(m);
}
