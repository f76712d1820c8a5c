// The project's own examples (examples/js/*.mjs) run unchanged on the scripted server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_DIR, mockApi, scratchDir, text, toolUse } from "./helpers.mjs";

const EXAMPLES = path.resolve(PACKAGE_DIR, "..", "examples", "js");

const OVERLOADED = { error: { status: 529, type: "overloaded_error", message: "Overloaded", headers: { "retry-after": "0" } } };

// The model's turns for each example: a list, or a function of the workspace for paths in it.
const SCRIPTS = {
  "quickstart.mjs": [toolUse("toolu_01", "Read", { file_path: "README.md" }), text("Just a README.")],
  "guarded_tools.mjs": [toolUse("toolu_01", "Bash", { command: "rm -rf notes", description: "clean" }), text("Notes are written.")],
  "inprocess_tools.mjs": [toolUse("toolu_01", "mcp__units__convert", { value: 10, from: "km", to: "ft" }), text("About 32808 feet.")],
  "function_tools.mjs": [toolUse("toolu_01", "stock", { item: "pears" }), toolUse("toolu_02", "restock", { item: "pears", count: 2 }), text("Restocked pears.")],
  "conversation.mjs": [text("a.txt"), text("a.txt is the largest"), text("It says hello.")],
  "plugins_and_commands.mjs": [text("Hello, Ada!"), text("1. tag 2. build 3. ship")],
  "checkpoints.mjs": (ws) => [
    toolUse("toolu_01", "Read", { file_path: path.join(ws, "notes.txt") }),
    toolUse("toolu_02", "Edit", { file_path: path.join(ws, "notes.txt"), old_string: "apples", new_string: "pears" }),
    text("Replaced."),
  ],
  "fallback_and_debug.mjs": [OVERLOADED, OVERLOADED, OVERLOADED, text("Hello from the fallback model.")],
  "plan_mode.mjs": (ws) => [
    toolUse("toolu_01", "Glob", { pattern: "*.md" }),
    toolUse("toolu_02", "ExitPlanMode", { plan: "1. Write CHANGELOG.md with a 0.1.0 entry." }),
    toolUse("toolu_03", "Write", { file_path: path.join(ws, "CHANGELOG.md"), content: "# 0.1.0\n- first\n" }),
    text("Added CHANGELOG.md."),
  ],
  "subagents.mjs": (ws) => [
    { match: "Ask the proofreader", ...toolUse("toolu_A", "Agent", { description: "Proofread README", prompt: "Check README.md", subagent_type: "proofreader", run_in_background: false }) },
    { match: "Check README.md", ...toolUse("toolu_S", "Read", { file_path: path.join(ws, "README.md") }) },
    { match: "Teh quick fox", ...text("Teh -> The") },
    { match: "Teh -> The", ...text("One typo: Teh should be The.") },
  ],
  "structured_output.mjs": [
    toolUse("toolu_01", "Glob", { pattern: "*.js" }),
    toolUse("toolu_02", "StructuredOutput", { language: "JavaScript", files: 2, entry_point: "index.js" }),
  ],
  "sessions.mjs": [text("Miso."), text("Mo."), text("Rex.")],
  "approval_hooks.mjs": [toolUse("toolu_01", "Bash", { command: "echo TOKEN-123" }), text("It printed the token, redacted."), text("Done.")],
};
const EXPECT = {
  "quickstart.mjs": /tool call: Read[\s\S]*assistant: Just a README\.[\s\S]*success after 2 turns/,
  "guarded_tools.mjs": /hook: Bash \(toolu_01\)[\s\S]*Notes are written\./,
  "inprocess_tools.mjs": /name: 'units'[\s\S]*About 32808 feet\./,
  "function_tools.mjs": /Restocked pears\.\ninventory now: {"apples":3,"pears":2}/,
  "conversation.mjs": /turn 1: success[\s\S]*turn 3: success/,
  "plugins_and_commands.mjs": /\$ \/greeter:hello Ada\nplugins: greeter\nslash commands: .*\n> Hello, Ada!\n\$ \/todo the release\n[\s\S]*> 1\. tag 2\. build 3\. ship\n/,
  "checkpoints.mjs": /before: shopping: apples\nmodel: Replaced\.\nafter the edit: shopping: pears\na rewind would change: notes\.txt\nafter rewind: shopping: apples\n/,
  "fallback_and_debug.mjs": /retry 1 after HTTP 529\nretry 2 after HTTP 529\nfallback: Switched to Haiku 4\.5 due to high demand for Sonnet 4\.5\nclaude-haiku-4-5 answered\nresult: Hello from the fallback model\.\nmodels used: claude-haiku-4-5\ndiagnostic lines:\n[\s\S]*\[oxagent\] request failed \(529\), retry 1 of[\s\S]*\[oxagent\] system: model_fallback[\s\S]*\[oxagent\] result: success after 1 turns\nstderr lines received: \d+\n/,
  // The callback may run before the loop prints the message that asked for it: order is checked
  // only where one step causes the next.
  "plan_mode.mjs": /callback: plan approved\n[\s\S]*callback: allowing Write\n[\s\S]*result: Added CHANGELOG\.md\.\n$/,
  "subagents.mjs": /main: calls Agent proofreader\nsubagent \(toolu_A\): calls Read\nproofreader completed, tools used: Read\nmain: One typo: Teh should be The\.\nresult: One typo: Teh should be The\.\n/,
  "structured_output.mjs": /^{\n  "language": "JavaScript",\n  "files": 2,\n  "entry_point": "index\.js"\n}\n2 JavaScript files\n$/,
  "approval_hooks.mjs": /paused \(tool_deferred\): Bash {"command":"echo TOKEN-123"}\n\[success\] It printed the token, redacted\.\n/,
  "sessions.mjs": /\[(\w{8})\] Miso\.\n\[\1\] Mo\.\nresumed the same session: true\n\[(\w{8})\] Rex\.\nfork is a new session: true\nsaved sessions here:\n/,
};

// What each example leaves behind or sends, beyond what it prints.
const CHECKS = {
  "plugins_and_commands.mjs": (api, out) => {
    const commands = out.match(/slash commands: (.*)/)[1].split(", ");
    for (const name of ["greeter:hello", "greeter:haiku", "todo"]) assert.ok(commands.includes(name), name);
    const sent = api.requests().filter((r) => r.body?.messages).map((r) => JSON.stringify(r.body.messages));
    assert.match(sent[0], /Write a one-line greeting for Ada\./);
    assert.match(sent[1], /List three to-dos about the release\./);
  },
  "checkpoints.mjs": (api) => assert.equal(fs.readFileSync(path.join(api.workspace, "notes.txt"), "utf8"), "shopping: apples\n"),
  "fallback_and_debug.mjs": (api) => assert.deepEqual(
    api.requests().filter((r) => r.body?.messages).map((r) => r.body.model),
    ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-sonnet-4-5", "claude-haiku-4-5"]),
  "plan_mode.mjs": (api, out) => {
    assert.match(out, /plan: 1\. Write CHANGELOG\.md with a 0\.1\.0 entry\.\n/);
    assert.match(out, /permission mode now: default\n/);
    assert.match(out, /tool call: Write\n/);
    assert.equal(fs.readFileSync(path.join(api.workspace, "CHANGELOG.md"), "utf8"), "# 0.1.0\n- first\n");
  },
  "subagents.mjs": (api) => {
    const inner = api.requests().filter((r) => r.body?.messages && JSON.stringify(r.body.messages[0]).includes("Check README.md"));
    assert.ok(inner.length > 0 && inner.every((r) => JSON.stringify(r.body.system).includes("You proofread files.")));
  },
  "sessions.mjs": (api, out) => {
    const [, first, , fork] = out.match(/\[(\w{8})\] Miso[\s\S]*\[(\w{8})\] Mo[\s\S]*\[(\w{8})\] Rex/);
    const listed = out.split("saved sessions here:\n")[1].trimEnd().split("\n");
    assert.equal(listed.length, 2);
    assert.ok(listed.includes(`  ${fork}  Dog names`), listed.join("|"));
    assert.ok(listed.some((l) => l.startsWith(`  ${first}  `)));
    // The fork carries the conversation so far.
    const sent = JSON.stringify(api.requests().filter((r) => r.body?.messages).at(-1).body.messages);
    assert.ok(sent.includes("Suggest a name for a cat.") && sent.includes("Give me a shorter one."));
  },
};

test("examples/js run on the scripted server", { skip: !fs.existsSync(EXAMPLES) && "no examples/js" }, async (t) => {
  const dir = scratchDir("oxagent-examples-");
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(PACKAGE_DIR, path.join(dir, "node_modules", "oxagent"), "dir");
  fs.symlinkSync(path.join(PACKAGE_DIR, "node_modules", "zod"), path.join(dir, "node_modules", "zod"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  for (const name of Object.keys(SCRIPTS)) {
    await t.test(name, async () => {
      fs.copyFileSync(path.join(EXAMPLES, name), path.join(dir, name));
      const script = SCRIPTS[name];
      const api = await mockApi((ws) => ({ responses: typeof script === "function" ? script(ws) : script, default: text("done") }));
      try {
        fs.writeFileSync(path.join(api.workspace, "README.md"), name === "subagents.mjs" ? "Teh quick fox.\n" : "hello\n");
        const env = { ...process.env, ...api.env, HOME: scratchDir("oxagent-home-") }; // saved sessions go there
        const run = spawnSync(process.execPath, [path.join(dir, name)], { cwd: api.workspace, encoding: "utf8", env, timeout: 30000 });
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, EXPECT[name]);
        CHECKS[name]?.(api, run.stdout);
      } finally {
        await api.close();
      }
    });
  }
});
