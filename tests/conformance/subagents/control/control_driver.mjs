// Driver for the subagent CONTROL scenarios on the TypeScript/Node face (see control_driver.py):
// query({prompt: <async iterable>, options}) in streaming-input mode, then Query.interrupt() or
// Query.stopTask(taskId) once the trigger message arrives; an optional second prompt is pushed
// after the first result. Writes the same RAW record as the shared driver.mjs (face "node"), so
// the shared normalize_node.py builds the trace. Only the options these scenarios use are
// translated: permission_mode, agents, model, setting_sources; hooks: log_all only.
//
//     node control_driver.mjs SCENARIO.json WORKSPACE OUT_RAW.json PACKAGE_DIR
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , SCEN_PATH, WS, OUT, PKG] = process.argv;
const SCEN = JSON.parse(fs.readFileSync(SCEN_PATH, "utf8"));
const CTRL = SCEN.control || {};
const T0 = Date.now();
const CALLBACK_LOG = [];

async function loadSdk(dir) {
  const pj = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  let rel = pj.module || pj.main || "index.js";
  const ex = pj.exports && (pj.exports["."] ?? pj.exports);
  if (typeof ex === "string") rel = ex;
  else if (ex && typeof ex === "object") rel = ex.import || ex.default || ex.node || rel;
  if (rel && typeof rel === "object") rel = rel.default || rel.import;
  const mod = await import(pathToFileURL(path.resolve(dir, rel)).href);
  return { mod, pkg: { dir, name: pj.name, version: pj.version } };
}

function toJsonable(o, depth = 0) {
  if (depth > 60) return String(o);
  if (o === null || o === undefined) return o === undefined ? undefined : null;
  const t = typeof o;
  if (t === "string" || t === "boolean") return o;
  if (t === "number") return Number.isFinite(o) ? o : String(o);
  if (t === "function" || t === "symbol" || t === "bigint") return undefined;
  if (o instanceof Error) return { __error__: o.constructor?.name, message: o.message };
  if (Array.isArray(o)) return o.map((x) => { const v = toJsonable(x, depth + 1); return v === undefined ? null : v; });
  const out = {};
  for (const k of Object.keys(o)) { const v = toJsonable(o[k], depth + 1); if (v !== undefined) out[k] = v; }
  return out;
}

const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

function buildOptions(stderrLines) {
  const py = SCEN.options || {};
  const opts = { cwd: WS };
  if (py.permission_mode) opts.permissionMode = py.permission_mode;
  if (py.permission_mode === "bypassPermissions") opts.allowDangerouslySkipPermissions = true;
  if (py.model) opts.model = py.model;
  if (py.setting_sources) opts.settingSources = py.setting_sources;
  if (py.agents) {
    opts.agents = {};
    for (const [n, d] of Object.entries(py.agents)) {
      opts.agents[n] = Object.fromEntries(Object.entries(d).map(([k, v]) => [camel(k), v]));
    }
  }
  const hooks = (SCEN.behaviors || {}).hooks;
  if (hooks) {
    opts.hooks = {};
    for (const [event, specs] of Object.entries(hooks)) {
      opts.hooks[event] = specs.map((s) => ({
        ...(s.matcher ? { matcher: s.matcher } : {}),
        hooks: [async (input, toolUseID) => {
          CALLBACK_LOG.push({ callback: "hook", event, matcher: s.matcher ?? null,
            input: toJsonable(input), tool_use_id: toolUseID ?? null });
          return {};
        }],
      }));
    }
  }
  opts.stderr = (data) => { for (const l of String(data).split("\n")) if (l) stderrLines.push(l); };
  return opts;
}

function userMessage(text) {
  return { type: "user", session_id: "", parent_tool_use_id: null,
    message: { role: "user", content: text } };
}

async function main() {
  const record = { face: "node", messages: [], times: [], exception: null, callbacks: CALLBACK_LOG,
    warnings: [], options_sent: [], option_notes: [], control_log: [] };
  const stderrLines = [];
  const prompts = [SCEN.prompt, ...(CTRL.then_prompt ? [CTRL.then_prompt] : [])];
  let release = null;           // resolves when the next prompt may be sent
  let finish = null;            // resolves when the driver is done (input stays open until then)
  const finished = new Promise((r) => { finish = r; });
  async function* input() {
    for (let i = 0; i < prompts.length; i++) {
      if (i > 0) await new Promise((r) => { release = r; });
      record.control_log.push({ t: (Date.now() - T0) / 1000, event: "query", n: i + 1 });
      yield userMessage(prompts[i]);
    }
    await finished;
  }
  try {
    const { mod, pkg } = await loadSdk(PKG);
    record.package = pkg;
    const opts = buildOptions(stderrLines);
    record.options_sent.push(toJsonable(Object.fromEntries(Object.entries(opts)
      .filter(([k]) => !["hooks", "stderr"].includes(k)))));
    const q = mod.query({ prompt: input(), options: opts });
    let fired = false;
    let results = 0;
    let taskId = null; // of the first task_started: the target of stopTask
    const it = q[Symbol.asyncIterator]();
    for (;;) {
      const limit = results >= prompts.length ? (CTRL.idle_s ?? 4) * 1000 : 120000;
      let timer;
      const next = await Promise.race([
        it.next(),
        new Promise((r) => { timer = setTimeout(() => r({ timeout: true }), limit); }),
      ]);
      clearTimeout(timer);
      if (next.timeout || next.done) break;
      const d = toJsonable(next.value);
      record.messages.push(d);
      record.times.push((Date.now() - T0) / 1000);
      if (d && d.subtype === "task_started" && taskId === null) taskId = d.task_id;
      if (!fired && d && (d.type === "result" ? "result" : d.subtype) === CTRL.on) {
        fired = true;
        await new Promise((r) => setTimeout(r, (CTRL.delay_s ?? 0.3) * 1000));
        const action = CTRL.action || "interrupt";
        if (action === "interrupt") await q.interrupt();
        else if (action === "stop_task") await q.stopTask(taskId);
        record.control_log.push({ t: (Date.now() - T0) / 1000, event: action,
          after_message: record.messages.length - 1 });
      }
      if (d && d.type === "result") {
        results += 1;
        if (release) { const r = release; release = null; r(); }
      }
    }
    finish();
    try { q.close?.(); } catch { /* ignore */ }
  } catch (e) {
    record.exception = { class: e?.constructor?.name, name: e?.name, chain: [], message: String(e?.message ?? e),
      attrs: {}, stack: e?.stack ? String(e.stack).slice(-3000) : null };
  }
  record.stderr_tail = stderrLines.slice(-50);
  record.elapsed_s = (Date.now() - T0) / 1000;
  fs.writeFileSync(OUT, JSON.stringify(record, null, 1));
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(2); });
