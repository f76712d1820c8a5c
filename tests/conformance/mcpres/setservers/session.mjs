// Run by probe.py under node: one streaming query() session of the package at SDK_PACKAGE that
// replaces its MCP servers with setMcpServers() and reads ui:// resources with
// readMcpResource(), printing what it saw as JSON.
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";

const WS = process.argv[2];
const pkgDir = process.env.SDK_PACKAGE;
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
const entry = pkg.exports?.["."]?.import ?? pkg.exports?.["."]?.default ?? pkg.module ?? pkg.main;
const { query, createSdkMcpServer } = await import(pathToFileURL(path.join(pkgDir, typeof entry === "string" ? entry : entry.default)).href);

const server = (name, mode) => ({ command: "python3", args: [`${WS}/server.py`, name, mode] });

let release;
const ended = new Promise((r) => (release = r));
let sendPrompt;
const prompts = (async function* () {
  yield await new Promise((r) => (sendPrompt = r));
  await ended;
})();

const q = query({
  prompt: prompts,
  options: {
    cwd: WS,
    permissionMode: "bypassPermissions",
    mcpServers: { docs: server("docs", "docs"), inproc: createSdkMcpServer({ name: "inproc", tools: [{ name: "t", description: "d", inputSchema: {}, handler: async () => ({ content: [] }) }] }) },
  },
});
const seen = [];
let resultSeen;
const done = new Promise((r) => (resultSeen = r));
(async () => {
  for await (const m of q) {
    if (m.type === "system" && m.subtype === "init") {
      seen.push({ init: { tools: m.tools.filter((t) => t.startsWith("mcp__")), mcp_servers: m.mcp_servers } });
    } else if (m.type === "result") {
      seen.push({ result: m.subtype });
      resultSeen();
    }
  }
})();

const steps = [];
async function step(name, action) {
  try {
    steps.push({ step: name, ok: (await action()) ?? null });
  } catch (e) {
    steps.push({ step: name, error: String(e?.message ?? e) });
  }
}
const brief = (s) => s.mcpServers ?? s;
const status = (name) => step(name, async () =>
  (await q.mcpServerStatus()).map((s) => ({ name: s.name, status: s.status, ...(s.error ? { error: s.error } : {}) })));

// The reference registers in-process servers a moment after the session starts.
await new Promise((r) => setTimeout(r, 1500));
await step("read from an sdk server at start", () => q.readMcpResource("inproc", "ui://widget"));
await step("add extra", () => q.setMcpServers({ extra: server("extra", "tools") }));
await status("status after add");
await step("add a missing command", () =>
  q.setMcpServers({ extra: server("extra", "tools"), bad: { command: "/nonexistent/mcp-server", args: [] } }));
await status("status after missing command");
await step("read from a failed server", () => q.readMcpResource("bad", "ui://widget"));
await step("read from an sdk server", () => q.readMcpResource("inproc", "ui://widget"));
await step("read non-ui uri of unknown server", () => q.readMcpResource("nope", "docs://x"));
await step("same set again", () =>
  q.setMcpServers({ extra: server("extra", "tools"), bad: { command: "/nonexistent/mcp-server", args: [] } }));
await step("changed config", () => q.setMcpServers({ extra: server("extra", "docs") }));
await status("status after changed config");
await step("read non-ui uri", () => q.readMcpResource("docs", "docs://readme"));
await step("read unknown server", () => q.readMcpResource("nope", "ui://widget"));
await step("read ui resource", () => q.readMcpResource("docs", "ui://widget"));
await step("read missing ui resource", () => q.readMcpResource("docs", "ui://missing"));
await step("read from added server", () => q.readMcpResource("extra", "ui://widget"));
sendPrompt({ type: "user", message: { role: "user", content: "go" }, parent_tool_use_id: null });
await done;
await step("remove all", () => q.setMcpServers({}));
await status("status after remove all");
await step("replace the option's server", () => q.setMcpServers({ docs: server("docs", "tools") }));
await status("status at end");
release();
q.close?.();
console.log(JSON.stringify({ steps, messages: seen }));
process.exit(0);
