// Rules of a third batch of probes (tests/conformance/edges, fuzz seeds), through the Node face:
// the results of calls made together read back after a resume at an earlier message, and the
// token budget counted on across a compaction.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text } from "./helpers.mjs";

const blocksOf = (request, kind) =>
  request.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b) => b.type === kind);

test("the results of calls made together come back after a resume at the first call", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "notes.txt"), "alpha\n");
    const together = {
      content: [
        { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "sleep 0.3; echo one" } },
        { type: "tool_use", id: "toolu_2", name: "Read", input: { file_path: path.join(ws, "notes.txt") } },
      ],
    };
    return { responses: [together, text("Done."), text("ok"), text("ok")] };
  });
  try {
    const opts = api.options();
    const one = await settle(query({ prompt: "Go", options: opts }));
    const resume = one.messages.at(-1).session_id;
    const firstCall = one.messages.find((m) => m.type === "assistant").uuid;
    await settle(query({ prompt: "Next", options: { ...opts, resume, resumeSessionAt: firstCall } }));
    const sent = () => api.requests().filter((r) => r.body?.messages).at(-1);
    assert.deepEqual(blocksOf(sent(), "tool_use").map((b) => b.id), ["toolu_1"]);
    await settle(query({ prompt: "Again", options: { ...opts, resume } }));
    assert.deepEqual(blocksOf(sent(), "tool_use").map((b) => b.id), ["toolu_1", "toolu_2"]);
    assert.equal(blocksOf(sent(), "tool_result")[0].content, "one");
  } finally {
    await api.close();
  }
});

test("the token budget counts what a compaction left behind", async () => {
  const summary = {
    content: [{ type: "text", text: "<summary>\nS.\n</summary>" }],
    match: "Your task is to create a detailed summary of the conversation so far",
  };
  const bash = (id, command, usage) => ({ content: [{ type: "tool_use", id, name: "Bash", input: { command } }], usage });
  const api = await mockApi({
    responses: [
      bash("toolu_1", "echo a", { input_tokens: 267100, output_tokens: 50, cache_read_input_tokens: 10000 }),
      summary,
      bash("toolu_2", "echo b", { input_tokens: 200, output_tokens: 20 }),
      text("Finished."),
    ],
  });
  try {
    const opts = api.options({ model: "claude-sonnet-4-5" });
    opts.env = { ...opts.env, CLAUDE_CODE_AUTO_COMPACT_WINDOW: "300000" };
    await settle(query({ prompt: "Go", options: opts }));
    const results = blocksOf(api.requests().filter((r) => r.body?.messages).at(-1), "tool_result");
    assert.ok(results.at(-1).content.includes("<total_tokens>14722630 tokens left</total_tokens>"), results.at(-1).content);
  } finally {
    await api.close();
  }
});

test("an agent started as its call streams is announced an event later when PreToolUse hooks are set", async () => {
  for (const [hooks, before] of [[false, "content_block_stop"], [true, "message_delta"]]) {
    const call = {
      content: [
        { type: "text", text: "Delegating." },
        { type: "tool_use", id: "toolu_1", name: "Agent", input: { description: "Task 1", prompt: "SUB-PROMPT", subagent_type: "scout", run_in_background: false } },
      ],
      chunk: 4096,
    };
    const api = await mockApi({
      responses: [call, { match: "SUB-PROMPT", ...text("SUB-ANSWER") }, { match: "SUB-ANSWER", ...text("Done.") }],
    });
    try {
      const opts = api.options({
        agents: { scout: { description: "Looks around.", prompt: "SCOUT" } },
        includePartialMessages: true,
        ...(hooks ? { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [async () => ({})] }] } } : {}),
      });
      const { messages } = await settle(query({ prompt: "Go", options: opts }));
      const at = messages.findIndex((m) => m.type === "system" && m.subtype === "task_started");
      assert.equal(messages[at - 1].type, "stream_event");
      assert.equal(messages[at - 1].event.type, before);
      const stop = messages.findIndex((m) => m.type === "stream_event" && m.event.type === "message_stop");
      assert.ok(at < stop);
    } finally {
      await api.close();
    }
  }
});
