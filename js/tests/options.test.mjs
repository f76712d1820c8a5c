import { test } from "node:test";
import assert from "node:assert/strict";
import { query } from "../index.js";

const fails = (options, option, pattern, prompt = "x") => {
  assert.throws(
    () => query({ prompt, options }),
    (e) => {
      assert.ok(e instanceof TypeError, `${e.constructor.name}: ${e.message}`);
      assert.equal(e.option, option, e.message);
      assert.match(e.message, pattern);
      assert.match(e.code, /^ERR_OXAGENT_OPTION_/);
      return true;
    },
  );
};

test("wrong option types throw a TypeError naming the option, synchronously", () => {
  fails({ maxTurns: "three" }, "maxTurns", /^maxTurns must be a number, not "three"$/);
  fails({ allowedTools: "Read" }, "allowedTools", /allowedTools must be an array of strings/);
  fails({ cwd: 42 }, "cwd", /cwd must be a string/);
  fails({ canUseTool: "yes" }, "canUseTool", /canUseTool must be a function/);
  fails({ includePartialMessages: 1 }, "includePartialMessages", /must be a boolean/);
  fails({ env: { A: 1 } }, "env", /env\.A must be a string/);
  fails({ abortController: {} }, "abortController", /must be an AbortController/);
  fails({ hooks: { PreToolUse: {} } }, "hooks", /hooks\.PreToolUse must be an array/);
  fails({ hooks: { PreToolUse: [{ hooks: ["nope"] }] } }, "hooks", /hooks\.PreToolUse\[0\]\.hooks\[0\] must be a function/);
  fails({ systemPrompt: { type: "other" } }, "systemPrompt", /systemPrompt\.type/);
});

test("values the native side refuses come back in TS names", () => {
  fails({ permissionMode: "yolo" }, "permissionMode", /^permissionMode must be one of/);
  fails({ model: "claude-a", fallbackModel: "claude-a" }, "fallbackModel", /fallbackModel cannot be the same as model/);
  fails({ effort: "extreme" }, "effort", /effort must be one of/);
  fails({ settingSources: ["nowhere"] }, "settingSources", /settingSources entries/);
});

test("features not built yet are refused by name; their defaults are accepted", () => {
  fails({ agents: { a: { description: 3, prompt: "p" } } }, "agents", /agents/);
  fails({ persistSession: false }, "persistSession", /persistSession: false is not supported/);
  fails({ toolAliases: { Bash: "x" } }, "toolAliases", /toolAliases is not supported/);
  fails({ spawnClaudeCodeProcess: () => null }, "spawnClaudeCodeProcess", /not supported/);
  fails({ mcpServers: { s: { type: "sse", url: "http://127.0.0.1:9/sse" } } }, "mcpServers", /sse servers \(s\) are not supported/);
  fails({ mcpServers: { s: { type: "http", url: "ftp://x" } } }, "mcpServers", /mcpServers.s.url must be an http/);
  fails({ mcpServers: { s: { command: "" } } }, "mcpServers", /mcpServers.s.command must be a non-empty string/);
  fails({ hooks: { Stop: [{ hooks: [async () => ({})], onFailure: "sometimes" }] } }, "hooks", /onFailure must be/);
  const q = query({ prompt: "x", options: { agents: {}, resume: undefined, includeHookEvents: false, toolAliases: {}, promptSuggestions: false, stderr: () => {}, executable: "node", persistSession: true, abortController: new AbortController(), env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9", ANTHROPIC_API_KEY: "sk-test" } } });
  q.close();
});

test("cross-option rules of the reference", () => {
  fails({ canUseTool: async () => null, permissionPromptToolName: "mcp__x__y" }, "canUseTool", /use one or the other/);
  fails({ supportedDialogKinds: ["k"] }, "supportedDialogKinds", /needs onUserDialog/);
  fails({ mcpServersDelivery: "carrier-pigeon" }, "mcpServersDelivery", /'argv' or 'initialize'/);
});

test("the prompt must be a string or an async iterable", () => {
  assert.throws(() => query({ prompt: 42 }), TypeError);
  assert.throws(() => query({ prompt: ["a"] }), TypeError);
  assert.throws(() => query({ prompt: "x", options: "fast" }), /options must be an object/);
});
