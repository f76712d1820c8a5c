// Run by probe.py under node: one streaming query() session of the package at SDK_PACKAGE that
// changes its settings while it runs (applyFlagSettings, updateSettings), reloads its skills
// and plugins and sets an MCP permission override, with a prompt after each change; prints
// what it saw as JSON.
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";

const WS = process.argv[2];
const HOME = process.env.HOME;
const pkgDir = process.env.SDK_PACKAGE;
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
const entry = pkg.exports?.["."]?.import ?? pkg.exports?.["."]?.default ?? pkg.module ?? pkg.main;
const { query } = await import(pathToFileURL(path.join(pkgDir, typeof entry === "string" ? entry : entry.default)).href);

const waiting = [];
const queued = [];
let ended = false;
const prompts = {
  [Symbol.asyncIterator]() {
    return {
      next: () => {
        if (queued.length) return Promise.resolve({ value: queued.shift(), done: false });
        if (ended) return Promise.resolve({ done: true });
        return new Promise((r) => waiting.push(r));
      },
    };
  },
};
function send(text) {
  const m = { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null };
  const w = waiting.shift();
  if (w) w({ value: m, done: false });
  else queued.push(m);
}
function end() {
  ended = true;
  for (const w of waiting.splice(0)) w({ done: true });
}

const q = query({
  prompt: prompts,
  options: { cwd: WS, permissionMode: "bypassPermissions", settingSources: ["user", "project", "local"] },
});
const steps = [];
let onResult = null;
(async () => {
  for await (const m of q) {
    if (m.type === "system" && m.subtype === "init") {
      steps.push({ init: { model: m.model, permissionMode: m.permissionMode, output_style: m.output_style } });
    } else if (m.type === "user" && Array.isArray(m.message.content)) {
      for (const b of m.message.content) {
        if (b.type === "tool_result") steps.push({ tool_result: typeof b.content === "string" ? b.content : b.content, is_error: b.is_error ?? null });
      }
    } else if (m.type === "assistant") {
      steps.push({ assistant_model: m.message.model });
    } else if (m.type === "result") {
      steps.push({ result: m.subtype, denials: m.permission_denials.length });
      onResult?.();
    }
  }
})();
async function prompt(text) {
  const done = new Promise((r) => (onResult = r));
  send(text);
  await done;
}
async function step(name, action) {
  try {
    steps.push({ step: name, ok: (await action()) ?? null });
  } catch (e) {
    steps.push({ step: name, error: String(e?.message ?? e) });
  }
}
const read = (p) => (fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, "utf8")) : null);

await prompt("P1 run echo");
await step("deny echo", () => q.applyFlagSettings({ permissions: { deny: ["Bash(echo:*)"] } }));
await prompt("P2 run echo");
await step("clear permissions", () => q.applyFlagSettings({ permissions: null }));
await prompt("P3 run echo");
await step("model sonnet", () => q.applyFlagSettings({ model: "claude-sonnet-4-5" }));
await prompt("P4 text");
await step("model null", () => q.applyFlagSettings({ model: null }));
await prompt("P5 text");
await step("unknown key", () => q.applyFlagSettings({ noSuchSetting: 1 }));
await step("bad permissions value", () => q.applyFlagSettings({ permissions: "x" }));
await step("update local outputStyle", () => q.updateSettings("localSettings", { outputStyle: "Explanatory" }));
steps.push({ file_local: read(path.join(WS, ".claude", "settings.local.json")) });
await step("update user effortLevel", () => q.updateSettings("userSettings", { effortLevel: "high" }));
steps.push({ file_user: read(path.join(HOME, ".claude", "settings.json")) });
await step("update local model", () => q.updateSettings("localSettings", { model: "x" }));
await step("update project", () => q.updateSettings("projectSettings", { outputStyle: "x" }));
await step("update local number", () => q.updateSettings("localSettings", { outputStyle: 3 }));
await prompt("P6 text");
await step("override unknown server", () => q.setMcpPermissionModeOverride("nope", "default"));
await step("override clear", () => q.setMcpPermissionModeOverride("nope", null));
await step("override bad mode", () => q.setMcpPermissionModeOverride("nope", "bypassPermissions"));
fs.mkdirSync(path.join(WS, ".claude", "skills", "late"), { recursive: true });
fs.writeFileSync(path.join(WS, ".claude", "skills", "late", "SKILL.md"), "---\nname: late\ndescription: Added late\n---\nLate body\n");
await step("reload skills", async () => {
  const r = await q.reloadSkills();
  return { keys: Object.keys(r).sort(), late: JSON.stringify(r).includes("late") };
});
await step("reload plugins", async () => {
  const r = await q.reloadPlugins();
  return { keys: Object.keys(r).sort() };
});
end();
await new Promise((r) => setTimeout(r, 200));
console.log(JSON.stringify({ steps }));
process.exit(0);
