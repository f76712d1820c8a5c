// The session's spans reach an OTLP collector when the OTEL_* environment asks for it, under
// the caller's active OpenTelemetry span, and the last batch is sent when the process exits.
// The query runs in a child process: the exporter is set up once per process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { mockApi, PACKAGE_DIR } from "./helpers.mjs";

const value = (v) => ("stringValue" in v ? v.stringValue : "intValue" in v ? Number(v.intValue)
  : "doubleValue" in v ? v.doubleValue : "boolValue" in v ? v.boolValue : v);
const attrs = (list) => Object.fromEntries((list || []).map((a) => [a.key, value(a.value)]));

async function receiver() {
  const spans = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => { body += c; });
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        for (const rs of JSON.parse(body).resourceSpans || []) {
          for (const ss of rs.scopeSpans || []) {
            for (const s of ss.spans || []) {
              spans.push({ name: s.name, traceId: s.traceId, spanId: s.spanId, parent: s.parentSpanId || "", attrs: attrs(s.attributes) });
            }
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { spans, endpoint: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Runs the query in a child (asynchronously: the collector answers on this event loop). */
function runChild(api, env) {
  fs.writeFileSync(path.join(api.workspace, "notes.txt"), "one\n");
  const cfg = { cwd: api.workspace, env: { ...api.env, HOME: api.workspace } };
  const child = spawn(process.execPath, [path.join(PACKAGE_DIR, "tests/fixtures/otel-child.cjs"), JSON.stringify(cfg)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => { out += c; });
  child.stderr.on("data", (c) => { err += c; });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out, err })));
}

const script = (ws) => ({ responses: [
  { content: [{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "touch made.txt", description: "make" } }] },
  { content: [{ type: "tool_use", id: "toolu_02", name: "Read", input: { file_path: path.join(ws, "notes.txt") } }] },
  { content: [{ type: "text", text: "Done." }] },
] });

test("a session's spans are exported under the caller's active span", async () => {
  const api = await mockApi(script);
  const otlp = await receiver();
  const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_BSP_SCHEDULE_DELAY: "600000" };
  try {
    const run = await runChild(api, env);
    assert.equal(run.code, 0, run.err);
    const out = JSON.parse(run.out.trim().split("\n").pop());
    assert.equal(out.turns, 3);
    assert.deepEqual(out.hooks, ["Bash"]);
    assert.ok(fs.existsSync(path.join(api.workspace, "made.txt")));
    const spans = otlp.spans;
    const named = (n) => spans.filter((s) => s.name === n);
    assert.deepEqual([...new Set(spans.map((s) => s.traceId))], [out.trace]);
    assert.deepEqual([...new Set(spans.map((s) => s.attrs["session.id"]))], [out.session]);
    const [session] = named("session");
    assert.equal(session.parent, out.span);
    const [prompt] = named("prompt");
    assert.equal(prompt.parent, session.spanId);
    assert.equal(prompt.attrs["oxagent.result.subtype"], "success");
    const turns = named("turn").sort((a, b) => a.attrs["oxagent.turn"] - b.attrs["oxagent.turn"]);
    assert.deepEqual(turns.map((t) => t.attrs["oxagent.turn"]), [1, 2, 3]);
    assert.ok(turns.every((t) => t.parent === prompt.spanId));
    const chats = spans.filter((s) => s.name.startsWith("chat "));
    assert.deepEqual(chats.map((c) => c.parent).sort(), turns.map((t) => t.spanId).sort());
    const [bash] = named("execute_tool Bash");
    assert.equal(bash.parent, turns[0].spanId);
    assert.equal(bash.attrs["oxagent.permission.decision"], "allow");
    assert.equal(bash.attrs["oxagent.tool.outcome"], "ok");
    const [hook] = named("hook PreToolUse");
    assert.equal(hook.parent, bash.spanId);
    const [read] = named("execute_tool Read");
    assert.equal(read.parent, turns[1].spanId);
  } finally {
    await otlp.close();
    await api.close();
  }
});

test("nothing is exported without the environment", async () => {
  const api = await mockApi(script);
  const otlp = await receiver();
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("OTEL_")));
  try {
    const run = await runChild(api, env);
    assert.equal(run.code, 0, run.err);
    assert.deepEqual(otlp.spans, []);
  } finally {
    await otlp.close();
    await api.close();
  }
});
