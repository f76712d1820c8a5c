// The Skill tool, the `skills` option and `toolAliases` through the Node face: a skill's
// result and its instructions as a synthetic message, the instructions sent after the
// round's results, a skill the option leaves out refused, and an alias resolved one hop.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse } from "./helpers.mjs";

function skill(ws, name) {
  const dir = path.join(ws, ".claude", "skills", name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${name} things\n---\nDo ${name}.\n`);
  return dir;
}

test("a skill launches; its instructions follow as a synthetic message and after the results", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_1", "Skill", { skill: "alpha", args: "now" }), text("Done.")] });
  try {
    const dir = skill(api.workspace, "alpha");
    const messages = await collect(query({ prompt: "Go", options: api.options() }));
    const users = messages.filter((m) => m.type === "user");
    assert.equal(users.length, 2);
    assert.equal(users[0].message.content[0].content, "Launching skill: alpha");
    assert.deepEqual(users[0].tool_use_result, { success: true, commandName: "alpha" });
    const body = `Base directory for this skill: ${dir}\n\nDo alpha.\n\n\nARGUMENTS: now`;
    assert.deepEqual(users[1].message.content, [{ type: "text", text: body }]);
    assert.equal(users[1].isSynthetic, true);
    assert.equal(messages.at(-1).num_turns, 3);
    const sent = api.requests()[1].body.messages.at(-1).content;
    assert.deepEqual(sent.slice(0, 2).map((b) => b.type), ["tool_result", "text"]);
    assert.equal(sent[1].text, body);
  } finally {
    await api.close();
  }
});

test("skills: a skill left out of the list is refused", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_1", "Skill", { skill: "beta" }), text("Done.")] });
  try {
    skill(api.workspace, "alpha");
    skill(api.workspace, "beta");
    const messages = await collect(query({ prompt: "Go", options: api.options({ skills: ["alpha"] }) }));
    const refused = messages.find((m) => m.type === "user");
    assert.equal(refused.tool_use_result, "Error: Skill beta is not in this session's skills allowlist");
  } finally {
    await api.close();
  }
});

test("toolAliases: a call naming an alias runs the tool it names, hooks see that tool", async () => {
  const api = await mockApi((ws) => ({
    responses: [toolUse("toolu_1", "ReadFile", { file_path: path.join(ws, "a.txt") }), toolUse("toolu_2", "Nope", {}), text("Done.")],
  }));
  try {
    fs.writeFileSync(path.join(api.workspace, "a.txt"), "alpha\n");
    const seen = [];
    const hook = async (input) => (seen.push(input.tool_name), {});
    const messages = await collect(
      query({
        prompt: "Go",
        options: api.options({ toolAliases: { ReadFile: "Read", Nope: "Missing" }, hooks: { PreToolUse: [{ hooks: [hook] }] } }),
      }),
    );
    const results = messages.filter((m) => m.type === "user").map((m) => m.message.content[0]);
    assert.equal(results[0].content, "1\talpha\n2\t");
    assert.equal(results[1].content, "<tool_use_error>Error: No such tool available: Nope</tool_use_error>");
    assert.deepEqual(seen, ["Read"]);
    const call = messages.find((m) => m.type === "assistant");
    assert.equal(call.message.content[0].name, "ReadFile");
  } finally {
    await api.close();
  }
});

test("permissionPromptToolName: an MCP tool answers the permission questions, unseen by the model", async () => {
  const { z } = await import("zod");
  const { tool, createSdkMcpServer } = await import("../index.js");
  const asked = [];
  const approve = tool("approve", "Answers permission questions", { tool_name: z.string(), input: z.any(), tool_use_id: z.string().optional() }, async (args) => {
    asked.push(args);
    const answer = args.tool_name === "Write" ? { behavior: "deny", message: "no writes today" } : { behavior: "allow" };
    return { content: [{ type: "text", text: JSON.stringify(answer) }] };
  });
  const api = await mockApi((ws) => ({
    responses: [
      toolUse("toolu_1", "Bash", { command: "touch made.txt", description: "make" }),
      toolUse("toolu_2", "Write", { file_path: path.join(ws, "w.txt"), content: "x" }),
      text("Done."),
    ],
  }));
  try {
    const options = {
      ...api.options({ permissionMode: "default" }),
      mcpServers: { perm: createSdkMcpServer({ name: "perm", tools: [approve] }) },
      permissionPromptToolName: "mcp__perm__approve",
    };
    const messages = await collect(query({ prompt: "go", options }));
    assert.ok(!messages[0].tools.includes("mcp__perm__approve"));
    assert.deepEqual(asked.map((a) => [a.tool_name, a.tool_use_id]), [["Bash", "toolu_1"], ["Write", "toolu_2"]]);
    assert.ok(fs.existsSync(path.join(api.workspace, "made.txt")));
    assert.ok(!fs.existsSync(path.join(api.workspace, "w.txt")));
    const result = messages.at(-1);
    assert.deepEqual(result.permission_denials.map((d) => d.tool_name), ["Write"]);
    const sent = api.requests()[0].body.tools.map((t) => t.name);
    assert.ok(!sent.includes("mcp__perm__approve"));
  } finally {
    await api.close();
  }
});

test("a skill with hooks is asked about with no way to allow it for good (suppressAlwaysAllowRule)", async () => {
  const api = await mockApi({
    responses: [toolUse("toolu_1", "Skill", { skill: "plain" }), toolUse("toolu_2", "Skill", { skill: "hooked" }), text("Done.")],
  });
  try {
    const plain = skill(api.workspace, "plain");
    fs.writeFileSync(path.join(plain, "SKILL.md"), "---\nname: plain\ndescription: d\nallowed-tools: Read\n---\nBody.\n");
    const hooked = skill(api.workspace, "hooked");
    fs.writeFileSync(
      path.join(hooked, "SKILL.md"),
      "---\nname: hooked\ndescription: d\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo hi\n---\nBody.\n",
    );
    const seen = [];
    const canUseTool = async (toolName, input, options) => {
      seen.push([input.skill, options.suppressAlwaysAllowRule, options.decisionReasonType, (options.suggestions || []).length]);
      return { behavior: "deny", message: "no" };
    };
    await collect(query({ prompt: "Go", options: api.options({ permissionMode: "default", canUseTool }) }));
    assert.deepEqual(seen, [
      ["plain", undefined, undefined, 2],
      ["hooked", true, "other", 0],
    ]);
  } finally {
    await api.close();
  }
});

test("disableBundledSkills leaves the reference's bundled skills out of the suggestions", async () => {
  for (const [settings, said] of [[undefined, "Did you mean review?"], [{ disableBundledSkills: true }, "Did you mean reset?"]]) {
    const api = await mockApi({ responses: [toolUse("toolu_1", "Skill", { skill: "revew" }), text("Done.")] });
    try {
      const messages = await collect(query({ prompt: "Go", options: api.options({ settings, env: { HOME: api.workspace } }) }));
      const refused = messages.find((m) => m.type === "user" && Array.isArray(m.message.content));
      assert.equal(refused.message.content[0].content, `<tool_use_error>Unknown skill: revew. ${said}</tool_use_error>`);
    } finally {
      await api.close();
    }
  }
});
