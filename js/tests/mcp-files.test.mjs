// MCP servers the config files declare (tests/conformance/mcpfiles): `.mcp.json` for the
// project, `~/.claude.json` for the user and for the project, each listed with its source.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect, text, toolUse, PACKAGE_DIR } from "./helpers.mjs";

const SERVER = path.resolve(PACKAGE_DIR, "..", "tests", "conformance", "mcpres", "server.py");
const docs = () => ({ command: "python3", args: [SERVER] });

test("servers of .mcp.json and ~/.claude.json start in their scopes", async () => {
  const api = await mockApi({
    responses: [toolUse("toolu_01", "mcp__proj__ping_tool", {}), toolUse("toolu_02", "mcp__off__ping_tool", {}), text("Done.")],
  });
  try {
    const ws = api.workspace;
    const home = path.join(ws, "home");
    fs.mkdirSync(path.join(ws, ".claude"), { recursive: true });
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(ws, ".mcp.json"), JSON.stringify({ mcpServers: { proj: docs(), off: docs() } }));
    fs.writeFileSync(path.join(ws, ".claude", "settings.json"), JSON.stringify({ disabledMcpjsonServers: ["off"] }));
    fs.writeFileSync(path.join(home, ".claude.json"), JSON.stringify({
      mcpServers: { mine: docs() },
      projects: { [ws]: { mcpServers: { here: docs() } } },
    }));
    const messages = await collect(query({
      prompt: "Ping",
      options: api.options({ settingSources: ["user", "project", "local"], env: { HOME: home } }),
    }));
    const init = messages.find((m) => m.type === "system" && m.subtype === "init");
    assert.deepEqual(init.mcp_servers, [
      { name: "mine", status: "connected", source: "user" },
      { name: "proj", status: "connected", source: "project" },
      { name: "here", status: "connected", source: "local" },
    ]);
    const results = messages.filter((m) => m.type === "user").flatMap((m) => m.message.content);
    assert.deepEqual(results.map((r) => r.is_error ?? false), [false, true]);
    assert.equal(results[1].content, "<tool_use_error>Error: No such tool available: mcp__off__ping_tool</tool_use_error>");
  } finally {
    await api.close();
  }
});

test("strictMcpConfig leaves the .mcp.json servers out", async () => {
  const api = await mockApi({ responses: [text("Done.")] });
  try {
    fs.writeFileSync(path.join(api.workspace, ".mcp.json"), JSON.stringify({ mcpServers: { proj: docs() } }));
    const messages = await collect(query({
      prompt: "Hi",
      options: api.options({ settingSources: ["project"], strictMcpConfig: true, env: { HOME: api.workspace } }),
    }));
    assert.deepEqual(messages.find((m) => m.subtype === "init").mcp_servers, []);
  } finally {
    await api.close();
  }
});

test("an MCP tool call past MCP_TOOL_TIMEOUT, or its server's own timeout, is an error result", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_01", "mcp__nap__nap", {}), text("Done.")] });
  try {
    const sleeper = path.join(api.workspace, "sleeper.py");
    fs.writeFileSync(sleeper, [
      "import json, sys, time",
      "for line in sys.stdin:",
      "    msg = json.loads(line)",
      "    if 'id' not in msg: continue",
      "    m = msg['method']",
      "    if m == 'initialize': r = {'protocolVersion': msg['params']['protocolVersion'], 'capabilities': {'tools': {}}, 'serverInfo': {'name': 's', 'version': '1'}}",
      "    elif m == 'tools/list': r = {'tools': [{'name': 'nap', 'inputSchema': {'type': 'object'}}]}",
      "    else:",
      "        time.sleep(4); r = {'content': [{'type': 'text', 'text': 'slept'}]}",
      "    print(json.dumps({'jsonrpc': '2.0', 'id': msg['id'], 'result': r}), flush=True)",
    ].join("\n"));
    const messages = await collect(query({
      prompt: "Nap",
      options: api.options({
        mcpServers: { nap: { command: "python3", args: [sleeper], timeout: 2500 } },
        env: { HOME: api.workspace, MCP_TOOL_TIMEOUT: "9000" },
      }),
    }));
    const echo = messages.find((m) => m.type === "user" && Array.isArray(m.message.content));
    assert.equal(echo.message.content[0].is_error, true);
    assert.equal(echo.message.content[0].content, 'MCP server "nap" tool "nap" timed out after 2s');
    assert.equal(echo.tool_use_result, 'Error: MCP server "nap" tool "nap" timed out after 2s');
  } finally {
    await api.close();
  }
});

test("an agent's inline MCP server runs for it alone; tool_use_meta follows the main session's tools", async () => {
  const api = await mockApi({
    responses: [
      { match: "Go", ...toolUse("toolu_01", "Agent", { description: "Ping", prompt: "SUB ping", subagent_type: "pinger", run_in_background: false }) },
      { match: "SUB ping", ...toolUse("toolu_02", "mcp__own__ping_tool", {}) },
      text("SUB-DONE"),
      { match: "SUB-DONE", ...toolUse("toolu_03", "mcp__own__ping_tool", {}) },
      text("Done."),
    ],
  });
  try {
    const messages = await collect(query({
      prompt: "Go",
      options: api.options({
        agents: { pinger: { description: "Pings", prompt: "You ping.", tools: ["Read"], mcpServers: [{ own: docs() }] } },
        env: { HOME: api.workspace },
      }),
    }));
    const results = messages.filter((m) => m.type === "user" && Array.isArray(m.message.content))
      .flatMap((m) => m.message.content.filter((b) => b.type === "tool_result"));
    const byId = Object.fromEntries(results.map((r) => [r.tool_use_id, r]));
    assert.equal(byId.toolu_02.is_error ?? false, false);
    assert.equal(byId.toolu_03.content, "<tool_use_error>Error: No such tool available: mcp__own__ping_tool</tool_use_error>");
    const call = messages.find((m) => m.type === "assistant" && m.message.content.some((b) => b.id === "toolu_02"));
    assert.deepEqual(call.tool_use_meta, [{ id: "toolu_02", display_name: "Ping Tool" }]);
  } finally {
    await api.close();
  }
});

test("a server the project turned off (disabledMcpServers in ~/.claude.json) starts disabled", async () => {
  const api = await mockApi({ responses: [text("Done.")] });
  try {
    const home = path.join(api.workspace, "home");
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ projects: { [api.workspace]: { disabledMcpServers: ["docs"] } } }));
    const messages = await collect(query({
      prompt: "Hi",
      options: api.options({ mcpServers: { docs: docs(), other: docs() }, settingSources: [], env: { HOME: home } }),
    }));
    assert.deepEqual(messages.find((m) => m.subtype === "init").mcp_servers, [
      { name: "docs", status: "disabled", source: "dynamic" },
      { name: "other", status: "connected", source: "dynamic" },
    ]);
  } finally {
    await api.close();
  }
});
