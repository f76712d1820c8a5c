import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, settle, text, toolUse, scratchDir } from "./helpers.mjs";

const toolResults = (messages) =>
  messages.filter((m) => m.type === "user").flatMap((m) => (Array.isArray(m.message.content) ? m.message.content : [])).filter((b) => b.type === "tool_result");
const resultText = (block) => (typeof block.content === "string" ? block.content : JSON.stringify(block.content));

test("canUseTool allows with a rewritten input and gets the documented options", async () => {
  const api = await mockApi((ws) => ({ responses: [toolUse("toolu_01", "Write", { file_path: path.join(ws, "a.txt"), content: "original\n" }), text("written")] }));
  const file = path.join(api.workspace, "a.txt");
  const calls = [];
  try {
    const messages = await collect(
      query({
        prompt: "write it",
        options: {
          ...api.options({ permissionMode: "default" }),
          canUseTool: async (toolName, input, options) => {
            calls.push({ toolName, input, options });
            return { behavior: "allow", updatedInput: { ...input, content: "rewritten\n" } };
          },
        },
      }),
    );
    assert.equal(calls.length, 1);
    const [{ toolName, input, options }] = calls;
    assert.equal(toolName, "Write");
    assert.deepEqual(input, { file_path: file, content: "original\n" });
    assert.ok(options.signal instanceof AbortSignal);
    assert.equal(options.toolUseID, "toolu_01");
    assert.equal(typeof options.requestId, "string");
    assert.equal(options.displayName, "Write");
    assert.equal(fs.readFileSync(file, "utf8"), "rewritten\n");
    assert.equal(messages.at(-1).result, "written");
  } finally {
    await api.close();
  }
});

test("canUseTool deny becomes an error tool result and a permission denial", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_01", "Bash", { command: "touch denied.txt", description: "touch" }), text("ok")] });
  try {
    const messages = await collect(
      query({
        prompt: "x",
        options: { ...api.options({ permissionMode: "default" }), canUseTool: async () => ({ behavior: "deny", message: "Not today" }) },
      }),
    );
    const [block] = toolResults(messages);
    assert.equal(block.is_error, true);
    assert.ok(resultText(block).includes("Not today"), resultText(block));
    const result = messages.at(-1);
    assert.deepEqual(result.permission_denials.map((d) => d.tool_name), ["Bash"]);
    assert.equal(fs.existsSync(path.join(api.workspace, "denied.txt")), false);
  } finally {
    await api.close();
  }
});

test("a canUseTool that throws denies the tool with its message; the query goes on", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_01", "Bash", { command: "touch x.txt", description: "touch" }), text("after")] });
  try {
    const messages = await collect(
      query({
        prompt: "x",
        options: {
          ...api.options({ permissionMode: "default" }),
          canUseTool: async () => {
            throw new Error("callback exploded");
          },
        },
      }),
    );
    const [block] = toolResults(messages);
    assert.equal(block.is_error, true);
    assert.ok(resultText(block).includes("callback exploded"), resultText(block));
    assert.equal(messages.at(-1).result, "after");
  } finally {
    await api.close();
  }
});

test("canUseTool deny with interrupt stops the turn", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_01", "Bash", { command: "touch x.txt", description: "touch" }), text("never reached")] });
  try {
    const { messages } = await settle(
      query({
        prompt: "x",
        options: { ...api.options({ permissionMode: "default" }), canUseTool: async () => ({ behavior: "deny", message: "stop", interrupt: true }) },
      }),
    );
    assert.equal(messages.at(-1).type, "result");
    assert.equal(messages.filter((m) => m.type === "assistant").some((m) => m.message.content.some((b) => b.text === "never reached")), false);
    assert.equal(api.requests().length, 1);
  } finally {
    await api.close();
  }
});

test("hooks: PreToolUse can deny, PostToolUse sees the tool's response, a throwing hook is skipped", async () => {
  const api = await mockApi({
    responses: [
      { content: [
        { type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "echo hi", description: "echo" } },
      ] },
      toolUse("toolu_02", "Bash", { command: "echo second", description: "echo" }),
      text("done"),
    ],
  });
  const seen = [];
  try {
    const messages = await collect(
      query({
        prompt: "x",
        options: api.options({
          hooks: {
            PreToolUse: [
              { matcher: "Bash", hooks: [async (input, toolUseID) => {
                seen.push(["pre", input.hook_event_name, input.tool_name, toolUseID]);
                if (toolUseID === "toolu_01") {
                  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "No first bash" } };
                }
                return {};
              }] },
              { hooks: [async () => { throw new Error("hook exploded"); }] },
            ],
            PostToolUse: [{ hooks: [async (input, toolUseID) => { seen.push(["post", input.tool_response && typeof input.tool_response, toolUseID]); return {}; }] }],
          },
        }),
      }),
    );
    const blocks = toolResults(messages);
    assert.equal(blocks.length, 2);
    assert.ok(resultText(blocks[0]).includes("No first bash"), resultText(blocks[0]));
    assert.ok(resultText(blocks[1]).includes("second"), resultText(blocks[1]));
    assert.deepEqual(seen, [
      ["pre", "PreToolUse", "Bash", "toolu_01"],
      ["pre", "PreToolUse", "Bash", "toolu_02"],
      ["post", "object", "toolu_02"],
    ]);
    assert.equal(messages.at(-1).result, "done");
  } finally {
    await api.close();
  }
});

test("canUseTool is told why a call needs asking (decisionReasonType)", async () => {
  const outside = scratchDir("oxagent-outside-");
  fs.writeFileSync(path.join(outside, "x.txt"), "x\n");
  const api = await mockApi({ responses: [toolUse("toolu_01", "Read", { file_path: path.join(outside, "x.txt") }), text("read")] });
  const seen = [];
  try {
    await collect(
      query({
        prompt: "read it",
        options: {
          ...api.options({ permissionMode: "default" }),
          canUseTool: async (toolName, input, options) => {
            seen.push(options.decisionReasonType);
            return { behavior: "allow", updatedInput: input };
          },
        },
      }),
    );
    assert.deepEqual(seen, ["workingDir"]);
  } finally {
    await api.close();
  }
});

test("the loop reading the messages sees a tool call before canUseTool is asked about it", async () => {
  // The message and the request often reach the face together; run it a few times.
  for (let run = 0; run < 8; run++) {
    const api = await mockApi({ responses: [toolUse("toolu_01", "Bash", { command: "touch x.txt", description: "touch" }), text("ok")] });
    const order = [];
    try {
      const q = query({
        prompt: "x",
        options: {
          ...api.options({ permissionMode: "default" }),
          canUseTool: async (toolName) => (order.push(`canUseTool ${toolName}`), { behavior: "deny", message: "no", interrupt: true }),
        },
      });
      try {
        for await (const m of q) {
          if (m.type === "assistant") order.push(`assistant ${m.message.content.map((b) => b.type).join(",")}`);
        }
      } catch {
        // the interrupt ends the query with an error result
      }
      assert.deepEqual(order.slice(0, 2), ["assistant tool_use", "canUseTool Bash"], `run ${run}`);
    } finally {
      await api.close();
    }
  }
});
