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
