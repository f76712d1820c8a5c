// Plan mode through the Node face: with canUseTool the session offers EnterPlanMode and
// ExitPlanMode; EnterPlanMode switches to plan mode (a `status` message says so), ExitPlanMode
// asks canUseTool (requiresUserInteraction) and, once allowed, leaves plan mode.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse } from "./helpers.mjs";

const modeChanges = (messages) =>
  messages.filter((m) => m.type === "system" && m.subtype === "status" && "permissionMode" in m).map((m) => m.permissionMode);
const resultOf = (messages, id) =>
  messages
    .filter((m) => m.type === "user" && Array.isArray(m.message.content))
    .find((m) => m.message.content.some((b) => b.type === "tool_result" && b.tool_use_id === id));

test("ExitPlanMode asks canUseTool, then the session leaves plan mode and edits run", async () => {
  const api = await mockApi((ws) => ({
    responses: [
      toolUse("toolu_1", "ExitPlanMode", { plan: "1. write out.txt" }),
      toolUse("toolu_2", "Write", { file_path: path.join(ws, "out.txt"), content: "done\n" }),
      text("Done."),
    ],
  }));
  const calls = [];
  try {
    const messages = await collect(
      query({
        prompt: "Plan, then write",
        options: {
          ...api.options({ permissionMode: "plan" }),
          canUseTool: async (toolName, input, options) => {
            calls.push({ toolName, input, options });
            return { behavior: "allow", updatedInput: input };
          },
        },
      }),
    );
    assert.ok(messages[0].tools.includes("ExitPlanMode") && messages[0].tools.includes("EnterPlanMode"));
    assert.equal(calls[0].toolName, "ExitPlanMode");
    assert.deepEqual(calls[0].input, {});
    assert.equal(calls[0].options.requiresUserInteraction, true);
    assert.equal(calls[0].options.suggestions, undefined);
    assert.deepEqual(modeChanges(messages), ["default"]);
    const exit = resultOf(messages, "toolu_1");
    assert.equal(exit.message.content[0].content, "User has approved exiting plan mode. You can now proceed.");
    assert.equal(exit.tool_use_result.plan, null);
    assert.equal(exit.tool_use_result.isAgent, false);
    assert.equal(calls[1].toolName, "Write");
    assert.deepEqual(calls[1].options.suggestions, [{ type: "setMode", mode: "acceptEdits", destination: "session" }]);
    assert.equal(fs.readFileSync(path.join(api.workspace, "out.txt"), "utf8"), "done\n");
  } finally {
    await api.close();
  }
});

test("EnterPlanMode switches to plan mode; an edit is then the mode's question", async () => {
  const api = await mockApi((ws) => ({
    responses: [
      toolUse("toolu_1", "EnterPlanMode", {}),
      toolUse("toolu_2", "Write", { file_path: path.join(ws, "late.txt"), content: "late\n" }),
      text("Planning."),
    ],
  }));
  const calls = [];
  try {
    const messages = await collect(
      query({
        prompt: "Think first",
        options: {
          ...api.options({ permissionMode: "default" }),
          canUseTool: async (toolName, input, options) => {
            calls.push({ toolName, options });
            return { behavior: "deny", message: "no edits while planning" };
          },
        },
      }),
    );
    assert.deepEqual(modeChanges(messages), ["plan"]);
    assert.deepEqual(resultOf(messages, "toolu_1").tool_use_result, {
      message: "Entered plan mode. You should now focus on exploring the codebase and designing an implementation approach.",
    });
    assert.deepEqual(calls.map((c) => c.toolName), ["Write"]);
    assert.equal(calls[0].options.decisionReasonType, "mode");
    assert.equal(fs.existsSync(path.join(api.workspace, "late.txt")), false);
  } finally {
    await api.close();
  }
});
