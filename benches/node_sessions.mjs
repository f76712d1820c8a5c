// Runs N concurrent sessions of one prompt each with the Agent SDK package in a given directory.
//
//     node node_sessions.mjs PACKAGE_DIR CWD N [PROMPT]
//
// PACKAGE_DIR is the package's own folder (js/ of this repository, or
// node_modules/@anthropic-ai/claude-agent-sdk); its ESM entry is found from package.json.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pkgDir, cwd, n, prompt = "Do the task"] = process.argv.slice(2);

function entry(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  let e = pkg.exports && (pkg.exports["."] ?? pkg.exports);
  if (e && typeof e === "object") e = e.import ?? e.default;
  return join(dir, e || pkg.module || pkg.main || "index.js");
}

const { query } = await import(pathToFileURL(entry(resolve(pkgDir))).href);

async function one() {
  const options = { permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true, cwd };
  for await (const m of query({ prompt, options })) {
    if (m.type === "result" && m.is_error) throw new Error("error result: " + m.subtype);
  }
}

await Promise.all(Array.from({ length: Number(n) }, one));
