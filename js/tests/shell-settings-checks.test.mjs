// A command's shell commands (tests/conformance/shellcmds) and the settings schema's checks
// (tests/conformance/settingscheck), as a user of the Node face sees them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const project = (ws, settings, command) => {
  fs.mkdirSync(path.join(ws, ".claude", "commands"), { recursive: true });
  fs.writeFileSync(path.join(ws, ".claude", "settings.json"), JSON.stringify(settings ?? {}));
  if (command !== undefined) fs.writeFileSync(path.join(ws, ".claude", "commands", "bang.md"), command);
};

const run = async (api, prompt, extra = {}) => {
  const opts = api.options({ permissionMode: "bypassPermissions", settingSources: ["project"], ...extra });
  return (await settle(query({ prompt, options: opts }))).messages;
};

test("a failing shell command answers the command without the model", async () => {
  const api = await mockApi((ws) => {
    project(ws, {}, "Out: !`echo out; exit 3`\n");
    return { responses: [text("Done.")] };
  });
  try {
    const messages = await run(api, "/bang");
    const why = 'Shell command failed for pattern "!`echo out; exit 3`": [stderr]\nout';
    const answer = messages.find((m) => m.type === "assistant");
    assert.equal(answer.message.model, "<synthetic>");
    assert.deepEqual(answer.message.content.map((b) => b.text), [why]);
    assert.equal(answer.local_command_source, `<local-command-stderr>${why}</local-command-stderr>`);
    assert.deepEqual(answer.local_command_outcome, { kind: "failed" });
    const result = messages.at(-1);
    assert.deepEqual([result.subtype, result.num_turns, result.result], ["success", 0, why]);
    assert.equal(api.requests().length, 0);
  } finally {
    await api.close();
  }
});

test("policy replaces each shell command with its notice", async () => {
  const api = await mockApi((ws) => {
    project(ws, { disableSkillShellExecution: true }, "A !`touch ran.txt`\n```!\necho two\n```\n");
    return { responses: [text("Done.")] };
  });
  try {
    await run(api, "/bang");
    const off = "[shell command execution disabled by policy]";
    const request = api.requests()[0];
    const content = (request.body ?? request).messages[0].content;
    assert.ok(content.some((b) => b.text === `A ${off}\n${off}\n`));
    assert.ok(!fs.existsSync(path.join(api.workspace, "ran.txt")));
  } finally {
    await api.close();
  }
});

test("a settings file with a value of the wrong type is not in effect", async () => {
  const api = await mockApi((ws) => {
    project(ws, { model: 5, permissions: { deny: ["Bash"] } });
    return { responses: [toolUse("t1", "Bash", { command: "echo ran" }), text("Done.")] };
  });
  try {
    const messages = await run(api, "Hi");
    const warning = messages.find((m) => m.type === "system" && m.tag === "settings_not_in_effect");
    const file = path.join(fs.realpathSync(api.workspace), ".claude", "settings.json");
    assert.equal(warning.content.split("\n")[1], `  ${file} (model): Expected string, but received number`);
    const ran = messages
      .filter((m) => m.type === "user" && Array.isArray(m.message.content))
      .flatMap((m) => m.message.content)
      .find((b) => b.type === "tool_result");
    assert.equal(ran.content, "ran");
  } finally {
    await api.close();
  }
});
