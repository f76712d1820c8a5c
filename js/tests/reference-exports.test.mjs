// Every export of the official TypeScript SDK has a counterpart here, of the same kind
// (function, class, constant). Runs when the official package is installed (REF_TS names its
// directory; default ~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk); skipped otherwise.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as ours from "../index.js";

const REF = process.env.REF_TS || path.join(process.env.OXAGENT_REAL_HOME || os.homedir(), "ref-ts", "node_modules", "@anthropic-ai", "claude-agent-sdk");
const entry = path.join(REF, "sdk.mjs");

// Exports not built yet, each for a reason of its own: a settings resolver over the CLI's whole
// cascade, a pool of pre-started CLI processes, a transport to a remote CLI and its URL format,
// and the CLI's file and command pickers. The list only shrinks: one that appears fails the test.
const PENDING = ["resolveSettings", "prewarm", "DirectConnectTransport", "parseDirectConnectUrl", "FileIndex", "CommandMatcher"];

test("every export of the official SDK is exported here too", { skip: !fs.existsSync(entry) && "the official package is not installed" }, async () => {
  const ref = await import(pathToFileURL(entry).href);
  const missing = [];
  for (const name of Object.keys(ref).filter((n) => n !== "default")) {
    if (PENDING.includes(name)) {
      assert.ok(!(name in ours), `${name} is exported now: take it off PENDING`);
      continue;
    }
    if (!(name in ours)) {
      missing.push(name);
      continue;
    }
    assert.equal(typeof ours[name], typeof ref[name], `${name} is a ${typeof ref[name]} there`);
  }
  assert.deepEqual(missing, []);
  // Constants carry the same values.
  for (const name of ["HOOK_EVENTS", "EXIT_REASONS", "ORG_POLICY_LIMIT_PREFIXES", "USAGE_LIMIT_ERROR_PREFIXES", "USAGE_TRANSITION_PREFIXES", "USAGE_WARNING_PREFIXES"]) {
    assert.deepEqual([...ours[name]], [...ref[name]], name);
  }
});
