// A package for `run.py --node`: the package in $SDK_SHIM_TARGET (a package directory), whose
// query() gets the scenario's "sdk_servers" (see ../tools.mjs) added to its mcpServers. The
// scenario is the one driver.mjs was started with (its first argument).
import fs from "node:fs";
import path from "node:path";
import { buildServers, importPackage, zodFor } from "../tools.mjs";

const target = process.env.SDK_SHIM_TARGET;
if (!target) throw new Error("set SDK_SHIM_TARGET to the package directory under test");
const dir = path.resolve(target);
const sdk = await importPackage(dir);
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).sdk_servers || {};

export function query({ prompt, options = {} }) {
  const mcpServers = { ...(options.mcpServers || {}), ...buildServers(sdk, zodFor(dir), spec) };
  return sdk.query({ prompt, options: { ...options, mcpServers } });
}
