// Command files through the Skill tool, instructions not given twice, a skill only the model
// may run typed as a command, and `@path` mentions, through the Node face
// (tests/conformance/fuzz-m).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, scratchDir, settle, text, toolUse } from "./helpers.mjs";

const texts = (m) =>
  typeof m.content === "string" ? [m.content] : m.content.map((b) => b.text ?? `RESULT ${JSON.stringify(b.content)}`);

function layout(ws) {
  fs.mkdirSync(path.join(ws, ".claude", "commands"), { recursive: true });
  fs.mkdirSync(path.join(ws, ".claude", "skills", "quiet"), { recursive: true });
  fs.writeFileSync(
    path.join(ws, ".claude", "commands", "echoer.md"),
    "---\nallowed-tools: Bash(echo:*)\ndescription: Echo things\n---\nRun echo $ARGUMENTS.\n",
  );
  fs.writeFileSync(path.join(ws, ".claude", "commands", "hello.md"), "Say hello.\n");
  fs.writeFileSync(
    path.join(ws, ".claude", "skills", "quiet", "SKILL.md"),
    "---\nname: quiet\ndescription: Model only\nuser-invocable: false\n---\nQUIET-BODY\n",
  );
  fs.writeFileSync(path.join(ws, "x.txt"), "data\n");
}

test("a command file runs as a skill, and the same text is not given twice", async () => {
  const api = await mockApi((ws) => {
    layout(ws);
    return {
      responses: [
        toolUse("toolu_1", "Skill", { skill: "echoer", args: "a.pdf" }),
        toolUse("toolu_2", "Skill", { skill: "hello" }),
        toolUse("toolu_3", "Skill", { skill: "hello" }),
        text("Done."),
      ],
    };
  });
  try {
    const opts = api.options({ settingSources: ["project"], env: { HOME: scratchDir("oxagent-home-") } });
    const { messages } = await settle(query({ prompt: "Go", options: opts }));
    const results = messages.filter((m) => m.type === "user" && m.tool_use_result);
    assert.deepEqual(results[0].tool_use_result, {
      success: true,
      commandName: "echoer",
      allowedTools: ["Bash(echo:*)"],
    });
    const shown = messages
      .filter((m) => m.type === "user" && !m.tool_use_result && Array.isArray(m.message.content))
      .map((m) => m.message.content[0].text);
    assert.deepEqual(shown, [
      "Run echo a.pdf.\n",
      "Say hello.\n",
      "Skill /hello is already loaded above; instructions unchanged.",
    ]);
    assert.equal(messages.at(-1).subtype, "success");
  } finally {
    await api.close();
  }
});

test("a model-only skill typed is recorded for the next prompt; a mention attaches its file", async () => {
  const api = await mockApi((ws) => {
    layout(ws);
    return { responses: [text("Done.")] };
  });
  try {
    const opts = api.options({ settingSources: ["project"], env: { HOME: scratchDir("oxagent-home-") } });
    const one = await settle(query({ prompt: "/quiet 42", options: opts }));
    const refusal = one.messages.at(-1).result;
    assert.ok(refusal.startsWith("This skill can only be invoked by Claude"), refusal);
    const again = { ...opts, resume: one.messages.at(-1).session_id };
    await settle(query({ prompt: "Look at @x.txt please", options: again }));
    const bodies = api.requests().map((r) => r.body).filter((b) => b && b.messages);
    assert.equal(bodies.length, 1);
    const told = texts(bodies[0].messages[0]);
    const visible = told.filter((t) => !t.startsWith("<system-reminder>"));
    assert.deepEqual(visible.slice(-3), [
      "/quiet\n",
      `<local-command-stdout>${refusal}</local-command-stdout>\n`,
      "Look at @x.txt please",
    ]);
    assert.ok(told.some((t) => t.startsWith("<system-reminder>") && t.includes("1\tdata\n2\t")));
  } finally {
    await api.close();
  }
});
