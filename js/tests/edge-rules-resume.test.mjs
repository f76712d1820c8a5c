// More rules found by probing one input at a time (tests/conformance/edges), through the Node
// face: what a resumed session knows of the files its conversation read, a removal of a path an
// Edit rule names, and `/compact` after a summary.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const CURRENT = "(file state is current in your context — no need to Read it back)";

function resultOf(messages, id) {
  for (const m of messages) {
    if (m.type !== "user" || !Array.isArray(m.message.content)) continue;
    const block = m.message.content.find((b) => b.type === "tool_result" && b.tool_use_id === id);
    if (block) return block;
  }
  throw new Error(`no result for ${id}`);
}

test("a resumed session knows the files its conversation read, and not the others", async () => {
  for (const [first, expected, error] of [
    [(ws) => toolUse("toolu_1", "Read", { file_path: path.join(ws, "notes.txt") }), `has been updated successfully. ${CURRENT}`, false],
    [() => toolUse("toolu_1", "Bash", { command: "cat notes.txt" }), "File has not been read yet", true],
  ]) {
    const api = await mockApi((ws) => {
      fs.writeFileSync(path.join(ws, "notes.txt"), "alpha\nbeta\ngamma\n");
      const edit = toolUse("toolu_9", "Edit", { file_path: path.join(ws, "notes.txt"), old_string: "beta", new_string: "BETA" });
      return { responses: [first(ws), text("q1."), edit, text("q2.")] };
    });
    try {
      const opts = api.options({ model: "claude-sonnet-4-5" });
      const one = await settle(query({ prompt: "Go", options: opts }));
      const sessionId = one.messages.at(-1).session_id;
      const two = await settle(query({ prompt: "Again", options: { ...opts, resume: sessionId } }));
      const block = resultOf(two.messages, "toolu_9");
      assert.equal(Boolean(block.is_error), error);
      const content = typeof block.content === "string" ? block.content : block.content[0].text;
      assert.ok(content.includes(expected), content);
    } finally {
      await api.close();
    }
  }
});

test("a removal of a path an Edit rule names is asked about as any command", async () => {
  const api = await mockApi((ws) => {
    fs.mkdirSync(path.join(ws, "src", "lib"), { recursive: true });
    return { responses: [toolUse("toolu_1", "Bash", { command: "rm -rf src/lib" }), text("Done.")] };
  });
  try {
    const opts = api.options({ permissionMode: "default", allowedTools: ["Edit", "Edit(src/**)"] });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    const block = resultOf(messages, "toolu_1");
    assert.equal(block.is_error, true);
    assert.equal(block.content, "This command requires approval");
    assert.ok(fs.existsSync(path.join(api.workspace, "src", "lib")));
  } finally {
    await api.close();
  }
});

test("/compact after a summary keeps the latest round and sends an answer to a prompt", async () => {
  const summary = {
    content: [{ type: "text", text: "<summary>\nS.\n</summary>" }],
    match: "Your task is to create a detailed summary of the conversation so far",
  };
  const bash = { content: [{ type: "text", text: "R1." }, { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "echo r1" } }] };
  const api = await mockApi({ responses: [bash, text("Done1."), summary, text("Done2."), summary] });
  try {
    const opts = api.options();
    const one = await settle(query({ prompt: "Start", options: opts }));
    const resume = one.messages.at(-1).session_id;
    let last;
    for (const prompt of ["/compact", "More", "/compact"]) {
      last = await settle(query({ prompt, options: { ...opts, resume } }));
    }
    const boundary = last.messages.find((m) => m.type === "system" && m.subtype === "compact_boundary");
    assert.equal(boundary.compact_metadata.preserved_messages.uuids.length, 1);
    const sent = api.requests().filter((r) => r.body?.messages).at(-1).body.messages;
    assert.deepEqual(sent.slice(-2).map((m) => m.role), ["assistant", "user"]);
    assert.equal(sent.at(-2).content[0].text, "Done2.");
  } finally {
    await api.close();
  }
});
