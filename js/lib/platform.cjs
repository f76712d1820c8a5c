// The file name of the native addon for this platform, as `napi build --platform` names it:
// oxagent.<platform>-<arch>[-<abi>].node (linux-x64-gnu, linux-arm64-musl, darwin-arm64, ...),
// and the npm package that carries it prebuilt (the napi-rs layout): oxagent-linux-x64-gnu.
"use strict";

function isMusl() {
  if (process.platform !== "linux") return false;
  // ldd names its C library; a diagnostic report (below) costs milliseconds at every start.
  try {
    const ldd = require("node:fs").readFileSync("/usr/bin/ldd", "utf8");
    if (ldd.includes("musl")) return true;
    if (ldd.includes("GNU C Library") || ldd.includes("glibc")) return false;
  } catch {
    // no ldd: ask the report
  }
  try {
    const report = process.report && process.report.getReport();
    const header = report && (typeof report === "string" ? JSON.parse(report) : report).header;
    return !(header && header.glibcVersionRuntime);
  } catch {
    return false;
  }
}

function platformTriple() {
  const { platform, arch } = process;
  if (platform === "linux") return `linux-${arch}-${isMusl() ? "musl" : "gnu"}`;
  if (platform === "win32") return `win32-${arch}-msvc`;
  return `${platform}-${arch}`;
}

const binaryFile = () => `oxagent.${platformTriple()}.node`;
const platformPackage = () => `oxagent-${platformTriple()}`;

module.exports = { platformTriple, binaryFile, platformPackage };
