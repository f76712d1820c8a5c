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

const toolResults = (messages) =>
  Object.fromEntries(
    messages
      .filter((m) => m.type === "user" && Array.isArray(m.message.content))
      .flatMap((m) => m.message.content)
      .filter((b) => b.type === "tool_result")
      .map((b) => [b.tool_use_id, b]),
  );

test("the minimal mode offers Bash, Edit and Read and runs no hook (optedge oe_var_simple_*)", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "a.txt"), "alpha\n");
    return {
      responses: [
        {
          content: [
            { type: "tool_use", id: "t1", name: "Write", input: { file_path: path.join(ws, "w.txt"), content: "w\n" } },
            { type: "tool_use", id: "t2", name: "Read", input: { file_path: path.join(ws, "a.txt") } },
          ],
        },
        text("Done."),
      ],
    };
  });
  try {
    const calls = [];
    const hooks = { PreToolUse: [{ hooks: [async (input) => (calls.push(input.tool_name), {})] }] };
    const opts = api.options({ env: { CLAUDE_CODE_SIMPLE: "1" }, hooks });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    assert.equal(messages[0].type, "system");
    assert.equal(messages[0].subtype, "ui_invalidate");
    assert.deepEqual(messages[1].tools, ["Bash", "Edit", "Read"]);
    const results = toolResults(messages);
    assert.equal(
      results.t1.content,
      "<tool_use_error>Error: No such tool available: Write. Write is not among the tools available here. Continue with the tools you have.</tool_use_error>",
    );
    assert.notEqual(results.t2.is_error, true);
    assert.deepEqual(calls, []);
    assert.ok(!fs.existsSync(path.join(api.workspace, "w.txt")));
  } finally {
    await api.close();
  }
});

test("stop hooks hold a turn one time more than the cap (optedge oe_var_stop_cap*)", async () => {
  const api = await mockApi(() => ({ responses: Array.from({ length: 6 }, (_, i) => text(`Answer ${i}.`)) }));
  try {
    const hooks = { Stop: [{ hooks: [async () => ({ decision: "block", reason: "keep going" })] }] };
    const opts = api.options({ env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" }, hooks });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    const feedback = messages.filter(
      (m) => m.type === "user" && JSON.stringify(m.message.content).includes("Stop hook feedback:\\nkeep going"),
    );
    assert.equal(feedback.length, 3);
    assert.equal(api.requests().length, 3);
    const result = messages.at(-1);
    assert.equal(result.type, "result");
    assert.equal(result.num_turns, 4);
    assert.equal(result.result, "");
  } finally {
    await api.close();
  }
});

test("bashOutputMaxChars of a settings file, clamped, over the environment (optedge oe_set_bash_output_max*)", async () => {
  const api = await mockApi((ws) => {
    fs.mkdirSync(path.join(ws, ".claude"));
    fs.writeFileSync(path.join(ws, ".claude", "settings.json"), JSON.stringify({ bashOutputMaxChars: 100 }));
    return { responses: [toolUse("t1", "Bash", { command: "seq 1 3000" }), text("Done.")] };
  });
  try {
    const opts = api.options({ settingSources: ["project"], env: { BASH_MAX_OUTPUT_LENGTH: "20000" } });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    const result = messages.find((m) => m.type === "user" && m.tool_use_result);
    assert.equal(result.tool_use_result.stdout.length, 4000);
  } finally {
    await api.close();
  }
});
