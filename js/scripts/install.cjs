// `npm install` hook: builds the native addon from the Rust sources beside this package when
// no build is there yet (an install from a clone: `npm install ./js`). It does nothing inside
// js/ itself (developing: `npm run build` builds the addon there), nor when the prebuilt
// platform package (oxagent-linux-x64-gnu, ...) is installed: no Rust toolchain is needed then.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { binaryFile, platformPackage } = require("../lib/platform.cjs");
const { stripAddon } = require("./strip.cjs");

const pkgDir = path.resolve(__dirname, "..");
const target = path.join(pkgDir, binaryFile());
const manifest = path.join(pkgDir, "..", "bindings", "node", "Cargo.toml");

function hasPrebuiltAddon() {
  try {
    require.resolve(platformPackage(), { paths: [pkgDir] });
    return true;
  } catch {
    return false;
  }
}

function main() {
  if (process.env.INIT_CWD && path.resolve(process.env.INIT_CWD) === pkgDir) return;
  if (fs.existsSync(target) || hasPrebuiltAddon()) return;
  if (!fs.existsSync(manifest)) {
    console.error(`oxagent: no prebuilt addon for this platform (the package ${platformPackage()}) and no Rust sources at ${manifest} to build one from`);
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
