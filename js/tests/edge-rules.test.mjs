// Rules found by probing one input at a time (tests/conformance/edges), through the Node face:
// the request refused before it is sent at the blocking limit, `CLAUDE_CODE_MAX_OUTPUT_TOKENS`,
// a call to an unknown tool behind a writing call, and what `/compact` prints when only
// PostCompact hooks ran.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text } from "./helpers.mjs";

const read = (ws, i, tokens) => ({
  content: [{ type: "tool_use", id: `toolu_${i}`, name: "Read", input: { file_path: path.join(ws, "notes.txt") } }],
  usage: { input_tokens: tokens, output_tokens: 50 },
});

test("a context at the blocking limit is refused before the request is sent", async () => {
  const api = await mockApi((ws) => ({ responses: [read(ws, 1, 177_100), text("Done.")] }));
  try {
    const opts = api.options({ model: "claude-sonnet-4-6", env: { DISABLE_AUTO_COMPACT: "1" } });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    const answer = messages.at(-2);
    const result = messages.at(-1);
    assert.equal(answer.type, "assistant");
    assert.equal(answer.message.model, "<synthetic>");
    assert.equal(answer.error, "invalid_request");
    assert.equal(result.type, "result");
    assert.equal(result.is_error, true);
    assert.equal(result.result, "Prompt is too long");
    assert.equal(result.terminal_reason, "blocking_limit");
    assert.equal(api.requests().filter((r) => r.body?.messages).length, 1);
  } finally {
    await api.close();
  }
});

test("CLAUDE_CODE_MAX_OUTPUT_TOKENS sets max_tokens, capped at the model's limit, and the thinking budget", async () => {
  const api = await mockApi({ responses: [text("ok"), text("ok")] });
  try {
    for (const [value, model] of [["4000", "claude-haiku-4-5"], ["100000000", "claude-haiku-4-5"]]) {
      await settle(query({ prompt: "Go", options: api.options({ model, env: { CLAUDE_CODE_MAX_OUTPUT_TOKENS: value } }) }));
    }
    const sent = api.requests().filter((r) => r.body?.messages).map((r) => [r.body.max_tokens, r.body.thinking.budget_tokens]);
    assert.deepEqual(sent, [[4000, 3999], [64000, 63999]]);
  } finally {
    await api.close();
  }
});

test("an unknown tool called behind a write is done after it and takes the token reminder", async () => {
  const api = await mockApi((ws) => ({
    responses: [
      {
        content: [
          { type: "tool_use", id: "toolu_1", name: "Write", input: { file_path: path.join(ws, "out.txt"), content: "x\n" } },
          { type: "tool_use", id: "toolu_2", name: "Frobnicate", input: {} },
        ],
      },
      text("Done."),
    ],
  }));
  try {
    await settle(query({ prompt: "Go", options: api.options({ model: "claude-sonnet-4-5" }) }));
    const results = api.requests().filter((r) => r.body?.messages)[1].body.messages.at(-1).content;
    const withReminder = results.filter((b) => b.type === "tool_result" && JSON.stringify(b.content).includes("<total_tokens>"));
    assert.deepEqual(withReminder.map((b) => b.tool_use_id), ["toolu_2"]);
  } finally {
    await api.close();
  }
});
