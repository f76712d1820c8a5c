import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { query, AbortError } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

test("aborting the controller makes the iterator throw AbortError", async () => {
  const api = await mockApi({ responses: [{ ...text("slow"), delay_ms: 5000 }] });
  try {
    const controller = new AbortController();
    const q = query({ prompt: "x", options: api.options({ abortController: controller }) });
    const started = Date.now();
    const { messages, error } = await settle(
      (async function* () {
        for await (const m of q) {
          yield m;
          if (m.type === "system") setTimeout(() => controller.abort(), 50);
        }
      })(),
    );
    assert.ok(error instanceof AbortError, String(error));
    assert.ok(error instanceof Error);
    assert.equal(error.message, "Claude Code process aborted by user");
    assert.equal(messages[0].subtype, "init");
    assert.ok(Date.now() - started < 3000);
    assert.deepEqual(await q.next(), { value: undefined, done: true });
  } finally {
    await api.close();
  }
});

test("an already aborted controller throws AbortError on the first next()", async () => {
  const controller = new AbortController();
  controller.abort();
  const q = query({ prompt: "x", options: { abortController: controller } });
  await assert.rejects(q.next(), (e) => e instanceof AbortError && e.message === "Claude Code process aborted by user");
});

test("break stops the session; return() and close() end the stream without an error", async () => {
  const api = await mockApi({ responses: [{ ...text("slow"), delay_ms: 5000 }, text("second")] });
  try {
    const q = query({ prompt: "x", options: api.options() });
    const started = Date.now();
    for await (const m of q) {
      assert.equal(m.subtype, "init");
      break;
    }
    assert.deepEqual(await q.next(), { value: undefined, done: true });
    assert.ok(Date.now() - started < 3000);

    const q2 = query({ prompt: "x", options: api.options() });
    assert.deepEqual(await q2.return(undefined), { value: undefined, done: true });
    await assert.rejects(q2.interrupt(), /closed/);

    const q3 = query({ prompt: "x", options: api.options() });
    const { messages, error } = await settle(
      (async function* () {
        for await (const m of q3) {
          yield m;
          q3.close();
        }
      })(),
    );
    assert.equal(error, null);
    assert.ok(messages.length >= 1);
  } finally {
    await api.close();
  }
});

function runChild(mode, url) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(here, "fixtures", "exit-check.mjs"), mode, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${mode}: the process did not exit (output: ${out})`));
    }, 8000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Date.now() - started });
    });
  });
}

test("Node exits on its own once a query is over, broken or aborted", async () => {
  const api = await mockApi({ responses: [text("fast")], default: { ...text("slow"), delay_ms: 20000 } });
  try {
    const done = await runChild("complete", api.url);
    assert.equal(done.code, 0);
    assert.match(done.out, /loop over/);
    for (const mode of ["break", "abort"]) {
      const r = await runChild(mode, api.url);
      assert.equal(r.code, 0, mode);
      assert.ok(r.ms < 5000, `${mode} took ${r.ms} ms`);
      if (mode === "abort") assert.match(r.out, /AbortError Claude Code process aborted by user/);
    }
  } finally {
    await api.close();
  }
});

test("a query never iterated runs to its end, then Node exits (as with the reference's CLI process)", async () => {
  const api = await mockApi({ responses: [text("fast")] });
  try {
    const r = await runChild("abandon", api.url);
    assert.equal(r.code, 0);
    assert.ok(r.ms < 5000, `took ${r.ms} ms`);
    assert.equal(api.requests().length, 1);
  } finally {
    await api.close();
  }
});

test("break kills the tools still running", async () => {
  const api = await mockApi((ws) => ({ responses: [toolUse("toolu_01", "Bash", { command: `touch ${ws}/started.txt && sleep 1.5 && touch ${ws}/late.txt`, description: "late" })], default: text("x") }));
  try {
    const q = query({ prompt: "x", options: api.options() });
    for await (const m of q) {
      if (m.type !== "assistant") continue;
      await new Promise((r) => setTimeout(r, 400)); // the tool is running now
      break;
    }
    assert.equal(fs.existsSync(path.join(api.workspace, "started.txt")), true);
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal(fs.existsSync(path.join(api.workspace, "late.txt")), false);
  } finally {
    await api.close();
  }
});
