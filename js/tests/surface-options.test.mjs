// TypeScript-only options through the Node face: managedSettings (the policy tier's rules),
// projectConfigRoot (the project's configuration read from another checkout) and
// planModeInstructions (the plan-mode workflow the model is given).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, scratchDir, text, toolUse } from "./helpers.mjs";

test("managedSettings: a policy deny rule holds in bypassPermissions; allowManagedPermissionRulesOnly drops other allows", async () => {
  const api = await mockApi({
    responses: [toolUse("toolu_1", "Bash", { command: "rm a.txt", description: "rm" }), text("Done.")],
  });
  try {
    fs.writeFileSync(path.join(api.workspace, "a.txt"), "a\n");
    const managedSettings = { permissions: { deny: ["Bash(rm *)"] }, model: "ignored-model" };
    const messages = await collect(query({ prompt: "Go", options: api.options({ managedSettings }) }));
    const denied = messages.find((m) => m.type === "system" && m.subtype === "permission_denied");
    assert.equal(denied.message, "Permission to use Bash with command rm a.txt has been denied.");
    assert.ok(fs.existsSync(path.join(api.workspace, "a.txt")));
    assert.equal(messages[0].model, "claude-opus-5-5");
  } finally {
    await api.close();
  }
  const only = await mockApi({
    responses: [toolUse("toolu_1", "Bash", { command: "touch b.txt", description: "t" }), text("Done.")],
  });
  try {
    const options = only.options({ permissionMode: "default", allowedTools: ["Bash(touch *)"], managedSettings: { allowManagedPermissionRulesOnly: true } });
    const messages = await collect(query({ prompt: "Go", options }));
    assert.deepEqual(messages.at(-1).permission_denials.map((d) => d.tool_name), ["Bash"]);
    assert.ok(!fs.existsSync(path.join(only.workspace, "b.txt")));
  } finally {
    await only.close();
  }
});

test("projectConfigRoot: commands come from the configuration root, not the working directory", async () => {
  const api = await mockApi({ responses: [text("Done.")] });
  const root = scratchDir("oxagent-root-");
  try {
    fs.mkdirSync(path.join(root, ".claude", "commands"), { recursive: true });
    fs.writeFileSync(path.join(root, ".claude", "commands", "hello.md"), "Say hello from main.\n");
    fs.mkdirSync(path.join(api.workspace, ".claude", "commands"), { recursive: true });
    fs.writeFileSync(path.join(api.workspace, ".claude", "commands", "hello.md"), "Say hello from the worktree.\n");
    await collect(query({ prompt: "/hello", options: api.options({ projectConfigRoot: root }) }));
    const sent = api.requests()[0].body.messages[0].content.map((b) => b.text);
    assert.ok(sent.includes("Say hello from main.\n"), JSON.stringify(sent));
  } finally {
    await api.close();
  }
});

test("planModeInstructions: the model reads them while plan mode is on", async () => {
  const api = await mockApi({ responses: [text("A plan.")] });
  try {
    const planModeInstructions = "List the three riskiest files first.";
    await collect(query({ prompt: "Plan it", options: api.options({ permissionMode: "plan", planModeInstructions }) }));
    const sent = JSON.stringify(api.requests()[0].body.messages[0].content);
    assert.ok(sent.includes(planModeInstructions) && sent.includes("ExitPlanMode"), sent);
  } finally {
    await api.close();
  }
});

test("sandbox: Bash writes only in the working directory; a command may ask to leave", { skip: !fs.existsSync("/usr/bin/bwrap") && "bubblewrap is not installed" }, async () => {
  const outside = scratchDir("oxagent-outside-");
  const api = await mockApi({
    responses: [
      toolUse("toolu_1", "Bash", { command: `echo in > made.txt; echo out > ${outside}/new.txt; echo rc=$?`, description: "write" }),
      toolUse("toolu_2", "Bash", { command: `echo out > ${outside}/free.txt`, description: "leave", dangerouslyDisableSandbox: true }),
      text("Done."),
    ],
  });
  try {
    const messages = await collect(query({ prompt: "Go", options: api.options({ sandbox: { enabled: true } }) }));
    const [inside, left] = messages.filter((m) => m.type === "user");
    assert.match(inside.tool_use_result.stdout, /Read-only file system\nrc=1$/);
    assert.equal(fs.readFileSync(path.join(api.workspace, "made.txt"), "utf8"), "in\n");
    assert.ok(!fs.existsSync(path.join(outside, "new.txt")));
    // bypassPermissions allows leaving; the result says the call left the sandbox.
    assert.equal(left.tool_use_result.dangerouslyDisableSandbox, true);
    assert.ok(fs.existsSync(path.join(outside, "free.txt")));
  } finally {
    await api.close();
  }
});
