// Loads the native addon (bindings/node) that runs sessions in-process.
//
// Looked up next to the package root under its platform name; OXAGENT_NATIVE_PATH points at
// another build (a debug one, a cross-compiled one).
"use strict";

const path = require("node:path");
const { binaryFile } = require("./platform.cjs");

let cached = null;

function loadNative() {
  if (cached) return cached;
  const file = process.env.OXAGENT_NATIVE_PATH || path.join(__dirname, "..", binaryFile());
  try {
    cached = require(file);
  } catch (cause) {
    const err = new Error(
      `oxagent: the native addon ${file} could not be loaded (build it with \`npm run build\` in the package folder): ${cause.message}`,
    );
    err.code = "ERR_OXAGENT_NATIVE_MISSING";
    err.cause = cause;
    throw err;
  }
  return cached;
}

module.exports = { loadNative };
