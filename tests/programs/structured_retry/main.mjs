// outputFormat: a first answer that breaks the schema is refused, the second is kept.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
for await (const m of query({ prompt: "Give me a number", options: { outputFormat: { type: "json_schema", schema } } })) {
  show(m);
  if (m.type === "result") console.log("structured_output:", JSON.stringify(m.structured_output));
}
