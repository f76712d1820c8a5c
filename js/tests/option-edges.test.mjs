// Options and environment variables no random area drew, through the Node face
// (tests/conformance/optedge): `verbatimPrompts` (a prompt given to go as written runs no
// command and attaches no mentioned file), `permissionPromptToolName: "stdio"` without a
// callback (refused in the TypeScript SDK's words), the variables the reference reads.
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

test("environment variables the reference reads (optedge oe_var_*)", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "env.sh"), "export FROMFILE=yes\n");
    return {
      responses: [
        toolUse("t1", "Bash", { command: "echo [$FROMFILE]" }),
        toolUse("t2", "Bash", { command: "echo bg", run_in_background: true }),
        toolUse("t3", "Agent", { description: "Look", prompt: "Do it.", subagent_type: "general-purpose", run_in_background: false }),
        text("Sub."),
        text("Done."),
      ],
    };
  });
  try {
    const env = {
      ANTHROPIC_DEFAULT_SONNET_MODEL: "claude-sonnet-4-5-custom",
      CLAUDE_CODE_SUBAGENT_MODEL: "claude-haiku-4-5",
      CLAUDE_ENV_FILE: path.join(api.workspace, "env.sh"),
      CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: "1",
    };
    const { messages } = await settle(query({ prompt: "Go", options: api.options({ model: "sonnet", env }) }));
    const results = Object.fromEntries(
      messages
        .filter((m) => m.type === "user" && Array.isArray(m.message.content))
        .flatMap((m) => m.message.content)
        .filter((b) => b.type === "tool_result")
        .map((b) => [b.tool_use_id, b]),
    );
    assert.equal(results.t1.content, "[yes]");
    assert.equal(results.t2.is_error, true);
    assert.match(results.t2.content, /An unexpected parameter `run_in_background` was provided/);
    const models = api.requests().map((r) => (r.body ?? r).model);
    assert.deepEqual(models, [...Array(3).fill("claude-sonnet-4-5-custom"), "claude-haiku-4-5", "claude-sonnet-4-5-custom"]);
  } finally {
    await api.close();
  }
});

test("an agent definition preloads skills and makes its memory folder (optedge oe_agent_*)", async () => {
  const api = await mockApi((ws) => {
    fs.mkdirSync(path.join(ws, ".claude", "skills", "s1"), { recursive: true });
    fs.writeFileSync(path.join(ws, ".claude", "skills", "s1", "SKILL.md"), "---\nname: s1\ndescription: A skill.\n---\nSKILL-ONE-BODY\n");
    return {
      responses: [
        toolUse("t1", "Agent", { description: "Look", prompt: "Do it.", subagent_type: "scout", run_in_background: false }),
        text("Sub."),
        text("Done."),
      ],
    };
  });
  try {
    const agents = { scout: { description: "Scouts.", prompt: "You scout.", skills: ["s1", "nope"], memory: "project" } };
    await settle(query({ prompt: "Go", options: api.options({ settingSources: ["project"], agents }) }));
    const first = (api.requests()[1].body ?? api.requests()[1]).messages[0].content;
    const texts = first.map((b) => b.text).filter((t) => !t.startsWith("<system-reminder>"));
    assert.deepEqual(texts.slice(-3), [
      "Do it.\n",
      "<command-message>s1</command-message>\n<command-name>s1</command-name>\n<skill-format>true</skill-format>",
      `Base directory for this skill: ${path.join(api.workspace, ".claude", "skills", "s1")}\n\nSKILL-ONE-BODY\n`,
    ]);
    assert.ok(fs.statSync(path.join(api.workspace, ".claude", "agent-memory", "scout")).isDirectory());
  } finally {
    await api.close();
  }
});
