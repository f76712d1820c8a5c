// Options are checked in Rust (oxagent::options); these drive the Node face's mapping to it.
// The shared fixture (tests/fixtures/options/bad_options.json) is also driven through the
// Python face, with the same texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { query } from "../index.js";
import { PACKAGE_DIR } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const { loadNative } = require("../lib/native.cjs");

const fails = (options, option, pattern, prompt = "x", kind = TypeError) => {
  assert.throws(
    () => query({ prompt, options }),
    (e) => {
      assert.ok(e instanceof kind, `${e.constructor.name}: ${e.message}`);
      // Options that contradict each other are a plain Error, as the TypeScript SDK throws.
      if (kind === Error) assert.ok(!(e instanceof TypeError), e.message);
      assert.equal(e.option, option, e.message);
      assert.match(e.message, pattern);
      assert.match(e.code, /^ERR_OXAGENT_OPTION_/);
      return true;
    },
  );
};

test("wrong option types throw a TypeError naming the option, synchronously", () => {
  fails({ maxTurns: "three" }, "maxTurns", /^maxTurns must be an integer, not "three"$/);
  fails({ allowedTools: "Read" }, "allowedTools", /^allowedTools must be a list of strings, not "Read"$/);
  fails({ cwd: 42 }, "cwd", /^cwd must be a path, not 42$/);
  fails({ canUseTool: "yes" }, "canUseTool", /canUseTool must be a function/);
  fails({ includePartialMessages: 1 }, "includePartialMessages", /must be a boolean/);
  fails({ env: { A: 1 } }, "env", /env\.A must be a string/);
  fails({ abortController: {} }, "abortController", /must be an AbortController/);
  fails({ hooks: { PreToolUse: {} } }, "hooks", /^hooks\.PreToolUse must be a list of hook matchers, not \{\}$/);
  fails({ hooks: { PreToolUse: [{ hooks: ["nope"] }] } }, "hooks", /hooks\.PreToolUse\[0\]\.hooks\[0\] must be a function/);
  fails({ systemPrompt: { type: "other" } }, "systemPrompt", /systemPrompt\.type/);
});

test("bad values throw a TypeError naming the option in its TS spelling", () => {
  fails({ permissionMode: "yolo" }, "permissionMode", /^permissionMode must be one of/);
  // The reference's text.
  fails({ model: "claude-a", fallbackModel: "claude-a" }, "fallbackModel", /^Fallback model cannot be the same as the main model\. Please specify a different model for fallbackModel option\.$/, "x", Error);
  fails({ effort: "extreme" }, "effort", /effort must be one of/);
  fails({ settingSources: ["nowhere"] }, "settingSources", /^settingSources\[0\] must be one of "user", "project" or "local", not "nowhere"$/);
});

test("options with a shape of their own are checked; their defaults are accepted", () => {
  fails({ agents: { a: { description: 3, prompt: "p" } } }, "agents", /agents/);
  fails({ toolAliases: { Bash: 3 } }, "toolAliases", /^toolAliases.Bash must be a string, not 3$/);
  fails({ sandbox: "on" }, "sandbox", /^sandbox must be a mapping, not "on"$/);
  fails({ mcpServers: { s: { type: "ws", url: "ws://127.0.0.1:9/ws" } } }, "mcpServers", /ws servers \(s\) are not supported/);
  fails({ mcpServers: { s: { type: "sse", url: "127.0.0.1:9/sse" } } }, "mcpServers", /mcpServers.s.url must be an http/);
  fails({ mcpServers: { s: { type: "http", url: "ftp://x" } } }, "mcpServers", /mcpServers.s.url must be an http/);
  fails({ mcpServers: { s: { command: "" } } }, "mcpServers", /mcpServers.s.command must be a non-empty string/);
  fails({ hooks: { Stop: [{ hooks: [async () => ({})], onFailure: "sometimes" }] } }, "hooks", /onFailure must be/);
  const q = query({ prompt: "x", options: { agents: {}, resume: undefined, includeHookEvents: false, toolAliases: {}, promptSuggestions: false, stderr: () => {}, executable: "node", persistSession: true, abortController: new AbortController(), env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9", ANTHROPIC_API_KEY: "sk-test" } } });
  q.close();
});

test("cross-option rules of the reference", () => {
  fails({ canUseTool: async () => null, permissionPromptToolName: "mcp__x__y" }, "canUseTool", /use one or the other/, "x", Error);
  fails({ supportedDialogKinds: ["k"] }, "supportedDialogKinds", /^supportedDialogKinds requires an onUserDialog callback/, "x", Error);
  fails({ pluginDelivery: "carrier-pigeon" }, "pluginDelivery", /^Invalid pluginDelivery\. Expected 'argv' or 'initialize'\.$/);
  fails({ mcpServersDelivery: "carrier-pigeon" }, "mcpServersDelivery", /^mcpServersDelivery must be "argv" or "initialize", not "carrier-pigeon"$/);
  fails({ skills: ["*"] }, "skills", /^Invalid skill name '\*': use skills: 'all' to enable every skill\.$/);
  fails({ skills: "pdf" }, "skills", /^skills must be a list of skill names or "all", not "pdf"$/);
});

test("the prompt must be a string or an async iterable", () => {
  assert.throws(() => query({ prompt: 42 }), TypeError);
  assert.throws(() => query({ prompt: ["a"] }), TypeError);
  assert.throws(() => query({ prompt: "x", options: "fast" }), /^TypeError: options must be a mapping of option names to values, not "fast"$/);
});

test("an aborted query's options are checked all the same", () => {
  const abortController = new AbortController();
  abortController.abort();
  fails({ abortController, maxThinkingTokens: -1 }, "maxThinkingTokens", /^maxThinkingTokens must be a non-negative integer, not -1$/);
});

/** A fixture value as a TypeScript caller passes it. */
const faceValue = (v) => {
  if (v && v.$callable) return () => null;
  if (v && v.$number === "NaN") return NaN;
  if (Array.isArray(v)) return v.map(faceValue);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, faceValue(x)]));
  return v;
};

const CODES = { type: "ERR_OXAGENT_OPTION_TYPE", value: "ERR_OXAGENT_OPTION_VALUE", conflict: "ERR_OXAGENT_OPTION_VALUE", unsupported: "ERR_OXAGENT_OPTION_UNSUPPORTED" };

test("the shared bad options get the texts the Python face gets", () => {
  const fixture = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, "..", "tests", "fixtures", "options", "bad_options.json"), "utf8"));
  let n = 0;
  for (const c of fixture.cases.filter((c) => c.node)) {
    const options = { [c.node]: faceValue(c.value) };
    let message = c.message.replaceAll("{option}", c.node);
    for (const also of c.also ?? []) {
      options[also.node] = faceValue(also.value);
      message = message.replaceAll("{also}", also.node);
    }
    assert.throws(
      () => query({ prompt: "x", options }),
      (e) => {
        // Options that contradict each other: a plain Error, as the TypeScript SDK throws.
        assert.ok(c.kind === "conflict" ? !(e instanceof TypeError) && e instanceof Error : e instanceof TypeError, `${c.node}: ${e}`);
        assert.deepEqual({ message: e.message, code: e.code, option: e.option }, { message, code: CODES[c.kind], option: c.node });
        return true;
      },
    );
    n += 1;
  }
  assert.ok(n > 40);
});

/** The member names of the `Options` interface of js/types/options.d.ts. */
function declaredOptions() {
  const ts = require("typescript");
  const file = path.join(PACKAGE_DIR, "types", "options.d.ts");
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const names = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === "Options") {
      for (const member of node.members) names.push(member.name.getText(source));
    }
  });
  return names;
}

test("every field of the Options type is in the checker's table, and no other", () => {
  const table = JSON.parse(loadNative().optionTable());
  const checked = table.filter((row) => row.node).map((row) => row.node);
  const declared = declaredOptions();
  assert.equal(declared.length, 70);
  assert.deepEqual([...checked].sort(), [...declared].sort());
});
