// Strips the symbol table of a release addon (what a user installs): a third of its size, and
// nothing Node needs (the exported symbols stay). Skipped, with a note, where no `strip` is.
//
//     node scripts/strip.cjs [FILE]      (default: the addon of this platform in the package)
"use strict";

const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { binaryFile } = require("../lib/platform.cjs");

function stripAddon(file) {
  if (process.platform === "win32") return false;
  const args = process.platform === "darwin" ? ["-x", file] : ["--strip-unneeded", file];
  const run = spawnSync("strip", args, { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (run.error || run.status !== 0) {
    console.error(`oxagent: ${path.basename(file)} left unstripped (${run.error ? run.error.message : run.stderr.trim()})`);
    return false;
  }
  return true;
}

if (require.main === module) {
  stripAddon(process.argv[2] || path.join(__dirname, "..", binaryFile()));
}

module.exports = { stripAddon };
