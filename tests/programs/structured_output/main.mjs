// outputFormat with a JSON schema; the result carries structured_output.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const schema = { type: "object", properties: { city: { type: "string" }, population: { type: "integer" } },
  required: ["city", "population"] };
for await (const m of query({ prompt: "Largest city of Norway?", options: { outputFormat: { type: "json_schema", schema } } })) {
  show(m);
  if (m.type === "result") console.log("structured_output:", JSON.stringify(m.structured_output));
}
