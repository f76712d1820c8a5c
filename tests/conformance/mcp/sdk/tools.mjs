// In-process MCP servers for the SDK-server scenarios, built with the public API of the
// package under test (`tool`, `createSdkMcpServer`) and zod, from the JSON spec tools.py
// describes. "input" types become zod: integer -> z.number().int(), number -> z.number(),
// string -> z.string(), boolean -> z.boolean(), string[] -> z.array(z.string()). TS-only keys:
// a server's "instructions" and "always_load", a tool's "search_hint" and "always_load".
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/** The module a package directory exports as ".". */
export async function importPackage(dir) {
  const pj = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  const dot = pj.exports && (pj.exports["."] ?? pj.exports);
  const rel = typeof dot === "string" ? dot : (dot && (dot.import ?? dot.default)) ?? pj.module ?? pj.main ?? "index.js";
  return import(pathToFileURL(path.resolve(dir, rel)).href);
}

/** zod, as the package under test resolves it. */
export function zodFor(dir) {
  const z = createRequire(path.join(dir, "package.json"))("zod");
  return z.z ?? z;
}

const ZOD = {
  integer: (z) => z.number().int(),
  number: (z) => z.number(),
  string: (z) => z.string(),
  boolean: (z) => z.boolean(),
  "string[]": (z) => z.array(z.string()),
};

function handler(run) {
  return async (args) => {
    if (run.sum) return { content: [{ type: "text", text: String(run.sum.reduce((s, k) => s + args[k], 0)) }] };
    if (run.text !== undefined) {
      return { content: [{ type: "text", text: run.text.replace(/\{(\w+)\}/g, (_, k) => String(args[k])) }] };
    }
    if (run.raise !== undefined) throw new Error(run.raise);
    return structuredClone(run.return);
  };
}

/** `{name: config}` for `options.mcpServers`. */
export function buildServers(sdk, z, spec) {
  const servers = {};
  for (const [name, server] of Object.entries(spec || {})) {
    const tools = (server.tools || []).map((t) => {
      const shape = Object.fromEntries(Object.entries(t.input || {}).map(([k, v]) => [k, ZOD[v](z)]));
      const extras = {};
      if (t.annotations) extras.annotations = t.annotations;
      if (t.search_hint) extras.searchHint = t.search_hint;
      if (t.always_load) extras.alwaysLoad = true;
      return sdk.tool(t.name, t.description ?? "", shape, handler(t.run), extras);
    });
    const options = { name, version: server.version ?? "1.0.0", tools };
    if (server.instructions) options.instructions = server.instructions;
    if (server.always_load) options.alwaysLoad = true;
    servers[name] = sdk.createSdkMcpServer(options);
  }
  return servers;
}
