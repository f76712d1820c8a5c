// `npm install` hook: builds the native addon from the Rust sources beside this package when
// no build is there yet (an install from a clone: `npm install ./js`). Inside js/ itself
// (developing) it does nothing: `npm run build` builds the addon there.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { binaryFile } = require("../lib/platform.cjs");
const { stripAddon } = require("./strip.cjs");

const pkgDir = path.resolve(__dirname, "..");
const target = path.join(pkgDir, binaryFile());
const manifest = path.join(pkgDir, "..", "bindings", "node", "Cargo.toml");

function main() {
  if (process.env.INIT_CWD && path.resolve(process.env.INIT_CWD) === pkgDir) return;
  if (fs.existsSync(target)) return;
  if (!fs.existsSync(manifest)) {
    console.error(`oxagent: no native addon ${binaryFile()} and no Rust sources at ${manifest} to build it from`);
    process.exit(1);
  }
  const profile = process.env.OXAGENT_NODE_PROFILE === "debug" ? [] : ["--release"];
  const args = ["build", "--manifest-path", manifest, "-p", "oxagent-node", ...profile, "--message-format=json-render-diagnostics"];
  console.error(`oxagent: building the native addon (cargo ${args.join(" ")})`);
  const run = spawnSync("cargo", args, { cwd: pkgDir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
  if (run.error || run.status !== 0) {
    console.error(`oxagent: cargo failed${run.error ? `: ${run.error.message}` : ""}`);
    process.exit(1);
  }
  const built = run.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l))
    .filter((m) => m.reason === "compiler-artifact" && m.target && m.target.name === "oxagent_node")
    .flatMap((m) => m.filenames)
    .find((f) => /\.(so|dylib|dll)$/.test(f));
  if (!built) {
    console.error("oxagent: cargo built no oxagent_node library");
    process.exit(1);
  }
  fs.copyFileSync(built, target);
  if (profile.length) stripAddon(target);
  console.error(`oxagent: installed ${path.basename(target)}`);
}

main();
