// A subset of the conformance-in-depth scenarios (tests/conformance/ci_subset.py: every fifth
// scenario of each area, every tenth of the random mixes) run through this package with the shared harness and compared with
// the traces the official TypeScript SDK recorded for them (--profile api).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const shared = process.env.OXAGENT_SHARED ?? path.resolve(repo, "..", "shared");

test("the subset gives the reference's traces", { timeout: 1_800_000 }, (t) => {
  if (!fs.existsSync(path.join(shared, "conformance", "run.py"))) {
    t.skip(`${shared} is not there (shared/ is not next to the repository)`);
    return;
  }
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "oxagent-depth-"));
  const run = spawnSync("python3", [path.join(repo, "tests", "conformance", "ci_subset.py"), "--node", path.join(repo, "js"), "--out", out], { encoding: "utf8", timeout: 1_800_000 });
  fs.rmSync(out, { recursive: true, force: true });
  assert.equal(run.status, 0, (run.stdout ?? "").slice(-6000) + (run.stderr ?? "").slice(-2000));
});
