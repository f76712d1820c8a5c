// The user programs of tests/programs (written against the documented SDK API, importing
// "@anthropic-ai/claude-agent-sdk") run on this package and print what they printed on the
// official SDK (tests/programs/expected/node). run.py lays out each run; python3 is needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_DIR, OXAGENT_BIN } from "./helpers.mjs";

const PROGRAMS = path.resolve(PACKAGE_DIR, "..", "tests", "programs");
const names = fs
  .readdirSync(PROGRAMS)
  .filter((n) => fs.existsSync(path.join(PROGRAMS, n, "main.mjs")) && fs.existsSync(path.join(PROGRAMS, n, "script.json")))
  .sort();
const hasPython = spawnSync("python3", ["--version"]).status === 0;

test("the user programs print what they printed on the official SDK", { skip: !hasPython && "python3 is not installed" }, () => {
  assert.ok(names.length > 0);
  const r = spawnSync("python3", [path.join(PROGRAMS, "run.py"), "--node", PACKAGE_DIR, "--server", OXAGENT_BIN, ...names], {
    encoding: "utf8",
    timeout: 300_000,
  });
  const failed = r.stdout.split("\n").filter((l) => l.startsWith("FAIL"));
  assert.deepEqual(failed, [], r.stdout);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.equal(r.stdout.split("\n").filter((l) => l.startsWith("PASS") || l.startsWith("SKIP")).length, names.length);
});
