// PostToolBatch hooks through the Node face: once every call of a response has its result,
// the hook gets the calls and the text the model reads of each.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text } from "./helpers.mjs";

test("PostToolBatch sees the calls of each response with their results", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "a.txt"), "alpha\n");
    const read = (id) => ({ type: "tool_use", id, name: "Read", input: { file_path: path.join(ws, "a.txt") } });
    return { responses: [{ content: [read("toolu_1"), read("toolu_2")] }, text("Done.")] };
  });
  const batches = [];
  try {
    const messages = await collect(
      query({
        prompt: "Read twice",
        options: {
          ...api.options(),
          hooks: { PostToolBatch: [{ hooks: [async (input, toolUseID) => (batches.push({ input, toolUseID }), {})] }] },
        },
      }),
    );
    assert.equal(messages.at(-1).result, "Done.");
    assert.equal(batches.length, 1);
    assert.match(batches[0].toolUseID, /^hook-/);
    assert.deepEqual(batches[0].input.tool_calls.map((c) => c.tool_use_id), ["toolu_1", "toolu_2"]);
    assert.ok(batches[0].input.tool_calls.every((c) => c.tool_response.includes("alpha")));
  } finally {
    await api.close();
  }
});
