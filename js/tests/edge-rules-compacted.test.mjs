// Rules of a fourth batch of probes (tests/conformance/edges pk_, kr_; fuzz-g/fg_180), through the
// Node face: what a compaction leaves counted as read, and when an automatic compaction keeps its
// latest round.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const SUMMARY = {
  content: [{ type: "text", text: "<summary>\nS.\n</summary>" }],
  match: "Your task is to create a detailed summary of the conversation so far",
};
const TOO_LONG = {
  error: { status: 400, type: "invalid_request_error", message: "prompt is too long: 210000 tokens > 200000 maximum" },
};
const withUsage = (turn, input_tokens) => ({ ...turn, usage: { input_tokens, output_tokens: 20 } });
const boundaries = (messages) =>
  messages.filter((m) => m.type === "system" && m.subtype === "compact_boundary").map((m) => m.compact_metadata);
const results = (messages) =>
  Object.fromEntries(
    messages
      .filter((m) => m.type === "user" && Array.isArray(m.message.content))
      .flatMap((m) => m.message.content)
      .filter((b) => b.type === "tool_result")
      .map((b) => [b.tool_use_id, b.content]),
  );

test("a compaction leaves only the latest files not read in the kept round counted as read", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "notes.txt"), "workspace notes\n");
    const responses = [];
    for (const [k, name] of [..."abcdef"].entries()) {
      responses.push(toolUse(`toolu_w${k}`, "Write", { file_path: path.join(ws, `${name}.txt`), content: "one\n" }));
      responses.push(toolUse(`toolu_s${k}`, "Bash", { command: "sleep 0.05" }));
    }
    responses.push(toolUse("toolu_ra", "Read", { file_path: path.join(ws, "a.txt") }));
    responses.push(withUsage(toolUse("toolu_k", "Bash", { command: "echo kept" }), 267010));
    const edits = [..."abcdef"].map((name) => ({
      type: "tool_use",
      id: `toolu_e${name}`,
      name: "Edit",
      input: { file_path: path.join(ws, `${name}.txt`), old_string: "one", new_string: "two" },
    }));
    return { responses: [...responses, SUMMARY, { content: edits }, text("Done.")] };
  });
  try {
    const opts = api.options({ model: "claude-opus-4-6" });
    opts.env = { ...opts.env, CLAUDE_CODE_AUTO_COMPACT_WINDOW: "300000" };
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    assert.equal(boundaries(messages).length, 1);
    const got = results(messages);
    // a.txt was modified first: the five files after it are the ones counted as read.
    assert.equal(got.toolu_ea, "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>");
    for (const name of "bcdef") assert.match(got[`toolu_e${name}`], /has been updated successfully/);
    assert.equal(fs.readFileSync(path.join(api.workspace, "a.txt"), "utf8"), "one\n");
  } finally {
    await api.close();
  }
});

for (const [rounds, tokens, kept] of [
  [2, 967010, false],
  [3, 967010, true],
  [2, 980000, true],
]) {
  test(`a second automatic compaction ${rounds} rounds after the first at ${tokens} tokens keeps a round: ${kept}`, async () => {
    const responses = [withUsage(toolUse("toolu_1", "Bash", { command: "echo one" }), 100),
      withUsage(toolUse("toolu_2", "Bash", { command: "echo two" }), 200), TOO_LONG, SUMMARY];
    for (let k = 0; k < rounds; k++) {
      responses.push(withUsage(toolUse(`toolu_r${k}`, "Bash", { command: `echo r${k}` }), k === rounds - 1 ? tokens : 300));
    }
    const api = await mockApi({ responses: [...responses, SUMMARY, text("Finished.")] });
    try {
      const opts = api.options({ model: "opus" });
      opts.env = { ...opts.env, CLAUDE_CODE_MAX_RETRIES: "0" };
      const { messages } = await settle(query({ prompt: "Go", options: opts }));
      const [first, second] = boundaries(messages);
      assert.ok(first.preserved_segment);
      assert.equal(second.preserved_segment !== undefined, kept);
      assert.equal(messages.at(-1).result, "Finished.");
    } finally {
      await api.close();
    }
  });
}

test("the third compaction in a row soon after the last ends the turn with the thrashing error", async () => {
  const bash = (i, tokens) => withUsage(toolUse(`toolu_${i}`, "Bash", { command: `echo ${i}` }), tokens);
  const api = await mockApi({
    responses: [bash(1, 100), bash(2, 967010), SUMMARY, bash(3, 967010), SUMMARY, bash(4, 967010), SUMMARY,
      bash(5, 967010), SUMMARY, text("Finished.")],
  });
  try {
    const opts = api.options({ model: "opus" });
    opts.env = { ...opts.env, CLAUDE_CODE_MAX_RETRIES: "0" };
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    assert.equal(boundaries(messages).length, 3);
    const result = messages.at(-1);
    assert.equal(result.type, "result");
    assert.equal(result.is_error, true);
    assert.equal(result.terminal_reason, "rapid_refill_breaker");
    assert.equal(result.api_error, "autocompact_thrashing");
    assert.match(result.result, /^Autocompact is thrashing: the context refilled to the limit within 3 turns/);
    assert.equal(messages.at(-2).error, "invalid_request");
  } finally {
    await api.close();
  }
});
