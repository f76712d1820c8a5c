import { test } from "node:test";
import assert from "node:assert/strict";
import { query } from "../index.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mockApi, collect, text, promptStream } from "./helpers.mjs";

test("initialize answers: supportedCommands, supportedModels, accountInfo", async () => {
  const api = await mockApi({ responses: [text("hi")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    const init = await q.initializationResult();
    assert.ok(Array.isArray(init.commands));
    assert.deepEqual(await q.supportedCommands(), init.commands);
    assert.ok(Array.isArray(await q.supportedModels()));
    assert.ok(Array.isArray(await q.supportedAgents()));
    assert.equal(typeof (await q.accountInfo()), "object");
    prompt.push("x");
    prompt.end();
    const messages = await collect(q);
    assert.equal(messages.at(-1).result, "hi");
  } finally {
    await api.close();
  }
});

test("setPermissionMode and setModel apply to the next turn", async () => {
  const api = await mockApi({ responses: [text("one"), text("two")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options({ permissionMode: "default" }) });
    prompt.push("first");
    const inits = [];
    for await (const m of q) {
      if (m.type === "system" && m.subtype === "init") inits.push([m.permissionMode, m.model]);
      if (m.type === "result" && inits.length === 1) {
        assert.equal(await q.setPermissionMode("acceptEdits"), undefined);
        await q.setModel("claude-haiku-4-5");
        prompt.push("second");
        prompt.end();
      }
    }
    assert.deepEqual(inits[1], ["acceptEdits", "claude-haiku-4-5"]);
    assert.equal(api.requests()[1].body.model, "claude-haiku-4-5");
    await assert.rejects(q.setPermissionMode("default"), /closed/);
  } finally {
    await api.close();
  }
});

test("setPermissionMode rejects a mode the session refuses", async () => {
  const api = await mockApi({ responses: [text("x")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    await assert.rejects(q.setPermissionMode("yolo"), /yolo/);
    prompt.end();
    await collect(q);
  } finally {
    await api.close();
  }
});

test("interrupt() ends the current turn early with a result", async () => {
  const api = await mockApi({ responses: [{ ...text("slow"), delay_ms: 5000 }] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    prompt.push("x");
    const started = Date.now();
    const messages = [];
    let error = null;
    try {
      for await (const m of q) {
        messages.push(m);
        if (m.type === "system" && m.subtype === "init") setTimeout(() => q.interrupt(), 100);
        if (m.type === "result") prompt.end();
      }
    } catch (e) {
      error = e;
    }
    assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);
    const result = messages.at(-1);
    assert.equal(result.type, "result");
    assert.equal(result.subtype, "error_during_execution");
    // As the reference: the session's last result is an error, so the iterator throws after it.
    assert.match(String(error && error.message), /^Claude Code returned an error result: /);
  } finally {
    await api.close();
  }
});

test("control requests oxagent does not support reject with the session's error", async () => {
  const api = await mockApi({ responses: [text("x")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    // Without enableFileCheckpointing a rewind fails as the reference's does.
    await assert.rejects(q.rewindFiles("some-uuid"), /^Error: File rewinding is not enabled\.$/);
    assert.equal(await q.readFile("/etc/hostname"), null);
    prompt.end();
    await collect(q);
  } finally {
    await api.close();
  }
});

test("toggleMcpServer and reconnectMcpServer change the servers and the next turn's tools", async () => {
  const listCall = { content: [{ type: "tool_use", id: "toolu_01", name: "ListMcpResourcesTool", input: {} }] };
  const api = await mockApi({ responses: [listCall, text("off"), listCall, text("on")] });
  try {
    const server = new URL("../../tests/conformance/mcpres/server.py", import.meta.url).pathname;
    const mcpServers = {
      docs: { command: "python3", args: [server, "docs", "docs"] },
      calc: { command: "python3", args: [server, "calc", "tools"] },
    };
    const prompt = promptStream();
    const q = query({ prompt, options: api.options({ mcpServers }) });
    const statuses = async () => Object.fromEntries((await q.mcpServerStatus()).map((s) => [s.name, s.status]));
    await q.toggleMcpServer("docs", false);
    assert.deepEqual(await statuses(), { docs: "disabled", calc: "connected" });
    await assert.rejects(q.reconnectMcpServer("docs"), /MCP server docs is disabled \u2014 enable it \(mcp_toggle\) before reconnecting/);
    await assert.rejects(q.toggleMcpServer("nope", true), /Server not found: nope/);
    prompt.push("first");
    const inits = [];
    const results = [];
    for await (const m of q) {
      if (m.type === "system" && m.subtype === "init") inits.push(m.tools.filter((t) => t.includes("Mcp") || t.startsWith("mcp__")).sort());
      if (m.type === "user" && Array.isArray(m.message.content)) results.push(m.message.content[0].content);
      if (m.type === "result" && inits.length === 1) {
        await q.toggleMcpServer("docs", true);
        await q.reconnectMcpServer("docs");
        assert.deepEqual(await statuses(), { docs: "connected", calc: "connected" });
        prompt.push("second");
        prompt.end();
      }
    }
    assert.deepEqual(inits, [
      ["mcp__calc__ping_tool"],
      ["ListMcpResourcesTool", "ReadMcpResourceDirTool", "ReadMcpResourceTool", "mcp__calc__ping_tool", "mcp__docs__ping_tool"],
    ]);
    assert.match(results[0], /No such tool available: ListMcpResourcesTool/);
    assert.match(results[1], /^\[\{"name":"readme","uri":"docs:\/\/readme"/);
  } finally {
    await api.close();
  }
});

/** Runs a probe of tests/conformance (`probe.py PACKAGE OUT`) on this package and compares. */
function probeMatches(t, dir) {
  const repo = new URL("../..", import.meta.url).pathname;
  const shared = process.env.OXAGENT_SHARED ?? path.resolve(repo, "..", "shared");
  if (!fs.existsSync(path.join(shared, "conformance", "mockapi.py"))) {
    t.skip(`${shared} is not there (shared/ is not next to the repository)`);
    return;
  }
  const folder = path.join(repo, "tests", "conformance", dir);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "oxagent-probe-")), "ours.json");
  const run = spawnSync("python3", [path.join(folder, "probe.py"), path.join(repo, "js"), out], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, CONFORMANCE_DIR: path.join(shared, "conformance") },
  });
  assert.equal(run.status, 0, run.stderr);
  const golden = JSON.parse(fs.readFileSync(path.join(folder, "golden-ts.json"), "utf8"));
  assert.deepEqual(JSON.parse(fs.readFileSync(out, "utf8")), golden);
}

test("setMcpServers and readMcpResource answer as the reference (tests/conformance/mcpres/setservers)", { timeout: 120_000 }, (t) => {
  probeMatches(t, path.join("mcpres", "setservers"));
});

test("applyFlagSettings, updateSettings, reloads and MCP overrides act as the reference's (tests/conformance/control-ts)", { timeout: 120_000 }, (t) => {
  probeMatches(t, "control-ts");
});

test("setMcpServers refuses what is not an object of configs", async () => {
  const api = await mockApi({ responses: [text("hi")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    await assert.rejects(q.setMcpServers(null), TypeError);
    await assert.rejects(q.setMcpServers({ x: { type: "ws", url: "ws://x" } }), /mcp_servers/);
    prompt.end();
    await collect(q);
  } finally {
    await api.close();
  }
});
