// includePartialMessages with a tool call: input_json_delta events, then the tool result.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

let kinds = [];
for await (const m of query({ prompt: "Read a.txt", options: { includePartialMessages: true, allowedTools: ["Read"] } })) {
  if (m.type === "stream_event") {
    const ev = m.event;
    const kind = ev.type + (ev.type === "content_block_delta" ? "/" + ev.delta.type : "");
    if (kinds.at(-1) !== kind) kinds.push(kind);
  } else {
    if (kinds.length) {
      console.log("stream:", kinds.join(" "));
      kinds = [];
    }
    show(m);
  }
}
