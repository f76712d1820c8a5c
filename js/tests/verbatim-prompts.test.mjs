// `verbatimPrompts` and `permissionPromptToolName: "stdio"` through the Node face
// (tests/conformance/optedge): a prompt given to go as written runs no command and attaches no
// mentioned file; a question asked over "stdio" without a callback is refused in the
// TypeScript SDK's words.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const promptTexts = (request) => {
  const content = (request.body ?? request).messages[0].content;
  const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
  return blocks.filter((b) => b.type === "text" && !b.text.startsWith("<system-reminder>")).map((b) => b.text);
};

for (const prompt of ["/compact", "/cost", "/greet Bob", "Look at @a.txt"]) {
  test(`a verbatim prompt goes to the model as written: ${prompt}`, async () => {
    const api = await mockApi((ws) => {
      fs.mkdirSync(path.join(ws, ".claude", "commands"), { recursive: true });
      fs.writeFileSync(path.join(ws, ".claude", "commands", "greet.md"), "Say hi to $ARGUMENTS.\n");
      fs.writeFileSync(path.join(ws, "a.txt"), "alpha\n");
      return { responses: [text("Done.")] };
    });
    try {
      const opts = api.options({ verbatimPrompts: true, settingSources: ["project"] });
      const { messages } = await settle(query({ prompt, options: opts }));
      const answer = messages.find((m) => m.type === "assistant");
      assert.notEqual(answer.message.model, "<synthetic>");
      assert.deepEqual(answer.message.content.map((b) => b.text), ["Done."]);
      const requests = api.requests();
      assert.equal(requests.length, 1);
      assert.deepEqual(promptTexts(requests[0]), [prompt]);
      assert.ok(!JSON.stringify(requests[0]).includes("alpha"));
    } finally {
      await api.close();
    }
  });
}

for (const withHook of [false, true]) {
  test(`stdio without a callback refuses the question${withHook ? " (with a hook)" : ""}`, async () => {
    const api = await mockApi((ws) => ({
      responses: [toolUse("t1", "Write", { file_path: path.join(ws, "x.txt"), content: "x\n" }), text("Done.")],
    }));
    try {
      const hooks = withHook ? { Stop: [{ hooks: [async () => ({})] }] } : undefined;
      const opts = api.options({ permissionMode: "default", permissionPromptToolName: "stdio", hooks });
      const { messages } = await settle(query({ prompt: "Run", options: opts }));
      const refused = messages
        .filter((m) => m.type === "user" && Array.isArray(m.message.content))
        .flatMap((m) => m.message.content)
        .find((b) => b.type === "tool_result");
      assert.equal(refused.is_error, true);
      assert.equal(refused.content, "Tool permission request failed: Error: canUseTool callback is not provided.");
      const result = messages.at(-1);
      assert.deepEqual(result.permission_denials.map((d) => d.tool_name), ["Write"]);
      assert.ok(!fs.existsSync(path.join(api.workspace, "x.txt")));
    } finally {
      await api.close();
    }
  });
}
