// Structured output: outputFormat gives a JSON schema, and the final result carries an object
// that matches it in `structured_output` (the text `result` holds the same as JSON).
//
//   node examples/js/structured_output.mjs
import { query } from "oxagent";

const schema = {
  type: "object",
  properties: {
    language: { type: "string" },
    files: { type: "integer", minimum: 0 },
    entry_point: { type: "string" },
  },
  required: ["language", "files"],
};

const prompt = "Look at this folder: its main language, how many source files, and the entry point.";
const options = { outputFormat: { type: "json_schema", schema }, allowedTools: ["Read", "Glob"], maxTurns: 5 };
for await (const message of query({ prompt, options })) {
  if (message.type !== "result") continue;
  if (message.subtype !== "success" || message.structured_output === undefined) {
    console.log(`no structured output (${message.subtype})`);
    continue;
  }
  const report = message.structured_output;
  console.log(JSON.stringify(report, null, 2));
  console.log(`${report.files} ${report.language} files`);
}
