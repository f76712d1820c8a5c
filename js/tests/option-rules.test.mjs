// Rules the options of a session bring, as the reference shows them (tests/conformance/fuzz-h
// and optprobes), through the Node face: the model plan mode runs, writes of files the model
// has not read, the result after a structured answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse } from "./helpers.mjs";

const NOT_READ = "File has not been read yet. Read it first before writing to it.";
const models = (api) => api.requests().filter((r) => r.body && r.body.messages).map((r) => r.body.model);
const resultOf = (messages, id) =>
  messages
    .filter((m) => m.type === "user" && Array.isArray(m.message.content))
    .flatMap((m) => m.message.content)
    .find((b) => b.type === "tool_result" && b.tool_use_id === id);

test("haiku plans on Sonnet; system/init names the model chosen", async () => {
  const api = await mockApi({ responses: [text("Planned.")] });
  try {
    const messages = await collect(query({ prompt: "Go", options: api.options({ model: "haiku", permissionMode: "plan" }) }));
    assert.equal(messages[0].model, "claude-haiku-5-5");
    assert.deepEqual(models(api), ["claude-sonnet-5-5"]);
    assert.deepEqual(Object.keys(messages.at(-1).modelUsage), ["claude-sonnet-5-5"]);
  } finally {
    await api.close();
  }
});

for (const [model, refused] of [["claude-sonnet-4-5", true], ["claude-sonnet-4-6", false]]) {
  test(`an Edit of an unread file on ${model} ${refused ? "is refused" : "goes ahead"}`, async () => {
    const api = await mockApi((ws) => {
      fs.writeFileSync(path.join(ws, "notes.txt"), "alpha\nbeta\n");
      return {
        responses: [
          toolUse("toolu_1", "Edit", { file_path: path.join(ws, "notes.txt"), old_string: "beta", new_string: "BETA" }),
          text("Done."),
        ],
      };
    });
    try {
      const messages = await collect(query({ prompt: "Go", options: api.options({ model }) }));
      const block = resultOf(messages, "toolu_1");
      const file = fs.readFileSync(path.join(api.workspace, "notes.txt"), "utf8");
      if (refused) {
        assert.equal(block.content, `<tool_use_error>${NOT_READ}</tool_use_error>`);
        assert.equal(block.is_error, true);
        assert.equal(file, "alpha\nbeta\n");
      } else {
        assert.equal(block.content, `The file ${path.join(api.workspace, "notes.txt")} has been updated successfully.`);
        assert.equal(file, "alpha\nBETA\n");
      }
    } finally {
      await api.close();
    }
  });
}

test("a text after the structured answer is what the result says", async () => {
  const schema = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };
  const api = await mockApi({
    responses: [
      {
        content: [
          { type: "tool_use", id: "toolu_1", name: "StructuredOutput", input: { answer: "done" } },
          { type: "text", text: "After." },
        ],
      },
    ],
  });
  try {
    const messages = await collect(
      query({ prompt: "Go", options: api.options({ outputFormat: { type: "json_schema", schema } }) }),
    );
    const result = messages.at(-1);
    assert.equal(result.type, "result");
    assert.equal(result.result, "After.");
    assert.deepEqual(result.structured_output, { answer: "done" });
  } finally {
    await api.close();
  }
});
