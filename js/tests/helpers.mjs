// Test helpers: the scripted Messages API server (`oxagent mock-server`), a scratch workspace,
// and options that point a query at them.
//
//   const api = await mockApi({ responses: [{ content: [{ type: "text", text: "hi" }] }] });
//   const messages = await collect(query({ prompt: "x", options: api.options() }));
//   await api.close();
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE_DIR = path.resolve(here, "..");
// bypassPermissions is refused to root unless IS_SANDBOX=1, as the reference does.
process.env.IS_SANDBOX = "1";

export const OXAGENT_BIN = process.env.OXAGENT_BIN || path.resolve(PACKAGE_DIR, "..", "target", "debug", "oxagent");

// The scratch directories of this process, removed at exit by one listener.
const scratch = [];
process.once("exit", () => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A fresh directory, removed at exit. */
export function scratchDir(prefix = "oxagent-js-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return fs.realpathSync(dir);
}

/**
 * Starts the scripted server on a free port with `script` (the conformance scenario format),
 * or with `script(workspace)` when it needs the workspace's paths.
 */
export async function mockApi(script) {
  const dir = scratchDir("oxagent-mock-");
  const workspace = scratchDir();
  if (typeof script === "function") script = script(workspace);
  const scriptFile = path.join(dir, "script.json");
  const logFile = path.join(dir, "requests.jsonl");
  fs.writeFileSync(scriptFile, JSON.stringify(script));
  const child = spawn(OXAGENT_BIN, ["mock-server", "--script", scriptFile, "--port", "0", "--log", logFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`mock-server exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).once("line", (line) => resolve(Number(line.trim())));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    workspace,
    env: { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "sk-test" },
    /** Options for a query against this server, in a scratch workspace. */
    options(extra = {}) {
      return { cwd: workspace, permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true, ...extra, env: { ...this.env, ...(extra.env || {}) } };
    },
    /** The requests the server has received, as logged. */
    requests() {
      if (!fs.existsSync(logFile)) return [];
      return fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    },
    async close() {
      if (child.exitCode !== null) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await done;
    },
  };
}

/** All messages of a query, and what the iterator threw (null if nothing). */
export async function settle(q) {
  const messages = [];
  try {
    for await (const m of q) messages.push(m);
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: null };
}

/** All messages of a query (rethrows what the iterator throws, with the messages attached). */
export async function collect(q) {
  const messages = [];
  try {
    for await (const m of q) messages.push(m);
  } catch (e) {
    e.messages = messages;
    throw e;
  }
  return messages;
}

export const text = (t) => ({ content: [{ type: "text", text: t }] });
export const toolUse = (id, name, input) => ({ content: [{ type: "tool_use", id, name, input }] });

/** An async iterable of user messages, fed by push(); end() closes it. */
export function promptStream() {
  const items = [];
  let wake = null;
  let ended = false;
  return {
    push(textOrMessage) {
      const message = typeof textOrMessage === "string"
        ? { type: "user", message: { role: "user", content: textOrMessage }, parent_tool_use_id: null, session_id: "" }
        : textOrMessage;
      items.push(message);
      if (wake) wake();
    },
    end() {
      ended = true;
      if (wake) wake();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (items.length) yield items.shift();
        if (ended) return;
        await new Promise((r) => (wake = r));
        wake = null;
      }
    },
  };
}
