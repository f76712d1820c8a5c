// Query methods answered by the session: readFile, seedReadState, setMaxThinkingTokens,
// supportedModels and supportedCommands, with the answers' documented shapes.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse, promptStream } from "./helpers.mjs";

test("readFile reads inside the working directory and answers null elsewhere", async () => {
  const api = await mockApi({ responses: [text("x")] });
  try {
    fs.writeFileSync(path.join(api.workspace, "a.txt"), "hello\n");
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    assert.deepEqual(await q.readFile("a.txt"), {
      contents: "hello\n",
      absPath: path.join(api.workspace, "a.txt"),
      lossy: false,
      requested_path: "a.txt",
    });
    const cut = await q.readFile("a.txt", { maxBytes: 2 });
    assert.equal(cut.contents, "he");
    assert.equal(cut.truncated, true);
    assert.equal((await q.readFile("a.txt", { encoding: "base64" })).contents, "aGVsbG8K");
    assert.equal(await q.readFile("/etc/hostname"), null);
    assert.equal(await q.readFile("missing.txt"), null);
    prompt.end();
    await collect(q);
  } finally {
    await api.close();
  }
});

test("setMaxThinkingTokens changes the thinking of the next requests", async () => {
  const api = await mockApi({ responses: [text("one"), text("two"), text("three")] });
  try {
    const prompt = promptStream();
    // A model that thinks with a budget (the current ones think adaptively whatever is set).
    const q = query({ prompt, options: { ...api.options(), model: "claude-sonnet-4-5" } });
    prompt.push("first");
    let results = 0;
    for await (const m of q) {
      if (m.type !== "result") continue;
      results += 1;
      if (results === 1) {
        assert.equal(await q.setMaxThinkingTokens(4096), undefined);
        prompt.push("second");
      } else if (results === 2) {
        await q.setMaxThinkingTokens(null);
        prompt.push("third");
        prompt.end();
      }
    }
    const sent = api.requests().map((r) => r.body.thinking);
    assert.deepEqual(sent[1], { type: "enabled", budget_tokens: 4096, display: "updates" });
    assert.deepEqual(sent[2], sent[0]);
  } finally {
    await api.close();
  }
});

test("seedReadState makes a file the model never read count as read for Edit", async () => {
  const api = await mockApi((ws) => ({
    responses: [toolUse("toolu_1", "Edit", { file_path: path.join(ws, "a.txt"), old_string: "x", new_string: "y" }), text("edited")],
  }));
  try {
    const file = path.join(api.workspace, "a.txt");
    fs.writeFileSync(file, "x\n");
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    await q.seedReadState(file, Math.floor(fs.statSync(file).mtimeMs) + 1000);
    prompt.push("edit it");
    prompt.end();
    const messages = await collect(q);
    assert.equal(fs.readFileSync(file, "utf8"), "y\n");
    // Seen as read: the result does not say the file's content is missing from the model's view.
    const result = messages.find((m) => m.type === "user" && m.tool_use_result);
    assert.equal(result.tool_use_result.contentNotInModelContext, undefined);
  } finally {
    await api.close();
  }
});

test("supportedModels lists the aliases with their models; supportedCommands marks compact built in", async () => {
  const api = await mockApi({ responses: [text("x")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    const models = await q.supportedModels();
    assert.deepEqual(models.map((m) => m.value), ["default", "opus", "fable", "sonnet", "haiku"]);
    for (const m of models) {
      assert.equal(typeof m.resolvedModel, "string");
      assert.equal(typeof m.displayName, "string");
      assert.equal(typeof m.description, "string");
    }
    const compact = (await q.supportedCommands()).find((c) => c.name === "compact");
    assert.equal(compact.builtin, true);
    assert.equal(typeof compact.argumentHint, "string");
    prompt.end();
    await collect(q);
  } finally {
    await api.close();
  }
});

test("backgroundTasks moves a running foreground command to the background", async () => {
  const api = await mockApi({
    responses: [
      toolUse("toolu_1", "Bash", { command: "sleep 4; echo late", description: "wait" }),
      text("moved on"),
      text("noted"),
    ],
  });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    prompt.push("run it");
    prompt.end();
    const messages = [];
    for await (const m of q) {
      messages.push(m);
      if (m.type === "assistant" && m.message.content[0].type === "tool_use") {
        assert.equal(await q.backgroundTasks("toolu_nope"), false);
        // The call starts its command after the message is out: on a loaded machine that
        // can take a while, so ask again until it is running (up to 3 s of the command's 4).
        let moved = false;
        for (let i = 0; i < 30 && !moved; i++) {
          await new Promise((r) => setTimeout(r, 100));
          moved = await q.backgroundTasks("toolu_1");
        }
        assert.equal(moved, true);
      }
    }
    // The call's result says where the command goes on; its output came later.
    const result = messages.find((m) => m.type === "user" && m.tool_use_result);
    assert.equal(typeof result.tool_use_result.backgroundTaskId, "string");
    assert.equal(result.tool_use_result.stdout, "");
    assert.equal(messages.find((m) => m.type === "result").result, "moved on");
  } finally {
    await api.close();
  }
});
