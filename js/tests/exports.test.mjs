import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as esm from "../index.js";

const require = createRequire(import.meta.url);

test("the ESM and CommonJS entries export the same objects", () => {
  const cjs = require("../index.cjs");
  const names = ["query", "tool", "createSdkMcpServer", "functionTool", "withTools", "AbortError", "startup", "listSessions", "getSessionInfo", "getSessionMessages", "listSubagents", "getSubagentMessages", "renameSession", "tagSession", "deleteSession", "forkSession", "archiveSession", "unarchiveSession", "matchDeniedModels", "filterEscalatingDefaultMode", "DirectConnectError", "InMemorySessionStore", "foldSessionSummary", "importSessionToStore", "HOOK_EVENTS", "EXIT_REASONS", "SYSTEM_PROMPT_DYNAMIC_BOUNDARY", "BUILTIN_TOOL_NAMES", "LEGACY_TOOL_NAME_ALIASES", "ORG_POLICY_LIMIT_PREFIXES", "USAGE_LIMIT_ERROR_PREFIXES", "USAGE_TRANSITION_PREFIXES", "USAGE_WARNING_PREFIXES"];
  for (const name of names) {
    assert.ok(name in esm, `ESM lacks ${name}`);
    assert.equal(esm[name], cjs[name], name);
  }
  assert.deepEqual(Object.keys(cjs).sort(), names.slice().sort());
});

test("the package resolves by name through its exports map", async () => {
  const byName = await import("oxagent");
  assert.equal(byName.query, esm.query);
  assert.equal(require("oxagent").query, esm.query);
});

test("constants and AbortError are the documented ones", () => {
  assert.equal(esm.HOOK_EVENTS.length, 34);
  assert.equal(esm.HOOK_EVENTS[0], "PreToolUse");
  assert.deepEqual(esm.EXIT_REASONS, ["clear", "resume", "logout", "prompt_input_exit", "other"]);
  assert.equal(esm.SYSTEM_PROMPT_DYNAMIC_BOUNDARY, "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__");
  assert.equal(esm.LEGACY_TOOL_NAME_ALIASES.Task, "Agent");
  assert.ok(esm.BUILTIN_TOOL_NAMES.includes("Read"));
  const e = new esm.AbortError("x");
  assert.ok(e instanceof Error);
  assert.equal(e.message, "x");
});

test("startup() returns a warm query that runs once", async () => {
  const warm = await esm.startup({ options: { maxTurns: 1, env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9", ANTHROPIC_API_KEY: "sk-test" } } });
  const q = warm.query("hello");
  q.close();
  assert.throws(() => warm.query("again"), /only once/);
  warm.close();
});
