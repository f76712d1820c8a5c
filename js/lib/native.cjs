// Loads the native addon (bindings/node) that runs sessions in-process.
//
// Looked up, first found wins: OXAGENT_NATIVE_PATH (another build: a debug one, a
// cross-compiled one); the addon beside the package root under its platform name (a build
// from the sources: `npm run build`, or `npm install` from a clone); the prebuilt one in the
// platform package (`oxagent-linux-x64-gnu`, ...), an optional dependency of the published
// package.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { binaryFile, platformPackage } = require("./platform.cjs");

let cached = null;

function locateAddon() {
  if (process.env.OXAGENT_NATIVE_PATH) return process.env.OXAGENT_NATIVE_PATH;
  const beside = path.join(__dirname, "..", binaryFile());
  if (fs.existsSync(beside)) return beside;
  try {
    return require.resolve(platformPackage());
  } catch {
    return beside;
  }
}

function loadNative() {
  if (cached) return cached;
  const file = locateAddon();
  try {
    cached = require(file);
  } catch (cause) {
    const err = new Error(
      `oxagent: the native addon ${file} could not be loaded (install the package ${platformPackage()}, or build the addon with \`npm run build\` in the package folder): ${cause.message}`,
    );
    err.code = "ERR_OXAGENT_NATIVE_MISSING";
    err.cause = cause;
    throw err;
  }
  return cached;
}

module.exports = { loadNative };
