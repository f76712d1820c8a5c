// Options that were refused, as a user of the TypeScript face sees them now: persistSession,
// title, agent, debugFile, extraArgs, strictMcpConfig, and the options that only configure
// the official SDK's CLI process (accepted, named in the debug output).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query, getSessionInfo } from "../index.js";
import { collect, mockApi, scratchDir, text } from "./helpers.mjs";

/** A query against a fresh server with HOME in a scratch folder: its messages, the server. */
async function run(extra, answers = 1) {
  const api = await mockApi({ responses: Array.from({ length: answers }, (_, i) => text(`Answer ${i}`)) });
  const home = scratchDir("oxagent-home-");
  const options = (more = {}) => api.options({ ...extra, ...more, env: { HOME: home } });
  try {
    const messages = await collect(query({ prompt: "Say hello", options: options() }));
    const again = answers > 1 ? (more) => collect(query({ prompt: "Again", options: options(more) })) : null;
    return { messages, requests: api.requests(), home, again, api };
  } finally {
    if (answers === 1) await api.close();
  }
}

/** The session transcripts under `home`. */
function transcripts(home) {
  const projects = path.join(home, ".claude", "projects");
  if (!fs.existsSync(projects)) return [];
  return fs.readdirSync(projects).flatMap((p) => fs.readdirSync(path.join(projects, p)).map((f) => path.join(projects, p, f)));
}

const kinds = (messages) => messages.map((m) => (m.subtype ? `${m.type}/${m.subtype}` : m.type));

test("persistSession: false runs the session and writes no transcript", async () => {
  const { messages, home } = await run({ persistSession: false });
  assert.deepEqual(kinds(messages), ["system/init", "assistant", "result/success"]);
  assert.deepEqual(transcripts(home), []);
  const kept = await run({ persistSession: true });
  assert.equal(transcripts(kept.home).length, 1);
});

test("a title is announced before init, written, listed and found by resume", async () => {
  const { messages, home, again, api } = await run({ title: "Release notes draft" }, 2);
  try {
    assert.deepEqual(kinds(messages), ["system/session_title_changed", "system/init", "assistant", "result/success"]);
    assert.equal(messages[0].title, "Release notes draft");
    const id = messages[1].session_id;
    assert.equal(messages[0].session_id, id);
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const info = await getSessionInfo(id, { dir: api.workspace });
      assert.equal(info.customTitle, "Release notes draft");
    } finally {
      process.env.HOME = saved;
    }
    const rows = fs.readFileSync(transcripts(home)[0], "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(rows[0], { type: "custom-title", customTitle: "Release notes draft", sessionId: id });
    const resumed = await again({ resume: "release notes draft", title: undefined });
    assert.equal(resumed[0].subtype, "init");
    assert.equal(resumed[0].session_id, id);
  } finally {
    await api.close();
  }
});

test("agent runs the main thread as that agent: its prompt, tools and model", async () => {
  const agents = { reviewer: { description: "Reviews code", prompt: "You are a strict reviewer.", tools: ["Read", "Grep"], model: "haiku" } };
  const { messages, requests } = await run({ agents, agent: "reviewer" });
  assert.deepEqual(messages[0].tools, ["Read", "Grep"]);
  assert.equal(messages[0].model, "claude-haiku-5-5");
  const body = requests.find((r) => r.path.startsWith("/v1/messages")).body;
  assert.deepEqual(body.tools.map((t) => t.name), ["Read", "Grep"]);
  assert.match(JSON.stringify(body.system), /You are a strict reviewer\./);
  const other = await run({ agents, agent: "nosuch" });
  assert.ok(other.messages[0].tools.length > 5);
});

test("debugFile gets the diagnostic lines; CLI-only options are accepted and named there", async () => {
  const log = path.join(scratchDir(), "debug", "session.log");
  const { messages } = await run({
    debugFile: log,
    spawnClaudeCodeProcess: () => { throw new Error("never called"); },
    extraArgs: { verbose: null },
    promptSuggestions: true,
  });
  assert.equal(messages.at(-1).subtype, "success");
  const lines = fs.readFileSync(log, "utf8").trim().split("\n");
  assert.deepEqual(lines.slice(0, 3), [
    "[oxagent] spawnClaudeCodeProcess: accepted, no effect in this process",
    "[oxagent] promptSuggestions: accepted, no effect in this process",
    "[oxagent] extra_args: no effect in this process: --verbose",
  ]);
  assert.equal(lines.at(-1), "[oxagent] result: success after 1 turns");
});

test("debug: true writes the diagnostic lines to ~/.claude/debug/<session id>.txt, as the CLI keeps its debug log", async () => {
  const { messages, home } = await run({ debug: true });
  const sessionId = messages.at(-1).session_id;
  const dir = path.join(home, ".claude", "debug");
  assert.deepEqual(fs.readdirSync(dir), [`${sessionId}.txt`]);
  const lines = fs.readFileSync(path.join(dir, `${sessionId}.txt`), "utf8").trim().split("\n");
  assert.match(lines[0], /^\[oxagent\] session \S+ started in /);
  assert.equal(lines.at(-1), "[oxagent] result: success after 1 turns");
  // Without it, no debug folder.
  const quiet = await run({});
  assert.equal(fs.existsSync(path.join(quiet.home, ".claude", "debug")), false);
});

test("extraArgs debug-to-stderr hands each diagnostic line to the stderr callback; without it, nothing", async () => {
  const chunks = [];
  const { messages } = await run({ extraArgs: { "debug-to-stderr": null }, stderr: (data) => chunks.push(data) });
  assert.equal(messages.at(-1).subtype, "success");
  assert.ok(chunks.every((c) => c.endsWith("\n") && c.indexOf("\n") === c.length - 1), JSON.stringify(chunks));
  assert.match(chunks[0], /^\[oxagent\] session \S+ started in /);
  assert.ok(chunks.some((c) => c.startsWith("[oxagent] init: model ")), JSON.stringify(chunks));
  assert.equal(chunks.at(-1), "[oxagent] result: success after 1 turns\n");
  const quiet = [];
  await run({ stderr: (data) => quiet.push(data) });
  assert.deepEqual(quiet, []);
  // A callback that throws stops nothing.
  const loud = await run({ extraArgs: { "debug-to-stderr": null }, stderr: () => { throw new Error("no"); } });
  assert.equal(loud.messages.at(-1).result, "Answer 0");
});

test("extraArgs flags that spell options are acted on; a one-value flag wins over the option, as the CLI's last value does", async () => {
  const flagged = await run({ extraArgs: { model: "claude-haiku-4-5", "permission-mode": "plan" }, permissionMode: undefined });
  assert.equal(flagged.messages[0].model, "claude-haiku-4-5");
  assert.equal(flagged.messages[0].permissionMode, "plan");
  // vk_xa_model_override: the flag comes after the option on the CLI's command line.
  const given = await run({ model: "claude-sonnet-4-5", extraArgs: { model: "claude-haiku-4-5" } });
  assert.equal(given.messages[0].model, "claude-haiku-4-5");
});

test("strictMcpConfig is accepted: the session uses only the option's servers", async () => {
  const { messages } = await run({ strictMcpConfig: true });
  assert.deepEqual(messages[0].mcp_servers, []);
});

test("fallbackModel takes over after three overloaded answers in a row", async () => {
  const overloaded = { error: { status: 529, type: "overloaded_error", message: "Overloaded", headers: { "retry-after": "0" } } };
  const api = await mockApi({ responses: [overloaded, overloaded, overloaded, text("Hello from fallback")] });
  try {
    const messages = await collect(query({ prompt: "Say hello", options: api.options({ model: "claude-sonnet-4-5", fallbackModel: "claude-haiku-4-5" }) }));
    assert.deepEqual(kinds(messages), ["system/init", "system/api_retry", "system/api_retry", "system/model_fallback", "assistant", "result/success"]);
    const { type, subtype, trigger, original_model, fallback_model, content } = messages[3];
    assert.deepEqual({ type, subtype, trigger, original_model, fallback_model, content }, {
      type: "system", subtype: "model_fallback", trigger: "overloaded", original_model: "claude-sonnet-4-5",
      fallback_model: "claude-haiku-4-5", content: "Switched to Haiku 4.5 due to high demand for Sonnet 4.5",
    });
    assert.equal(messages[4].message.model, "claude-haiku-4-5");
    assert.deepEqual(Object.keys(messages.at(-1).modelUsage), ["claude-haiku-4-5"]);
    assert.deepEqual(api.requests().filter((r) => r.path.startsWith("/v1/messages")).map((r) => r.body.model),
      ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-sonnet-4-5", "claude-haiku-4-5"]);
  } finally {
    await api.close();
  }
});
