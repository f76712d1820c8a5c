// Runs N concurrent sessions of one prompt each with the Agent SDK package in a given directory.
//
//     node node_sessions.mjs PACKAGE_DIR CWD N [PROMPT]
//
// PACKAGE_DIR is the package's own folder (js/ of this repository, or
// node_modules/@anthropic-ai/claude-agent-sdk); its ESM entry is found from package.json.
// BENCH_REPEAT=R runs the N sessions R times, one batch after the other; BENCH_PARTIAL=1 asks
// for partial messages. Prints one JSON line of in-process timings, as py_sessions.py does; N=0
// imports no SDK: the bare runtime's start and exit.
const tStart = (performance.timeOrigin + performance.now()) / 1e3;
const { readFileSync } = await import("node:fs");
const { join, resolve } = await import("node:path");
const { pathToFileURL } = await import("node:url");

const [pkgDir, cwd, n, prompt = "Do the task"] = process.argv.slice(2);
const repeat = Number(process.env.BENCH_REPEAT || "1");
const partial = process.env.BENCH_PARTIAL === "1";
const now = () => performance.now() / 1e3;

function entry(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  let e = pkg.exports && (pkg.exports["."] ?? pkg.exports);
  if (e && typeof e === "object") e = e.import ?? e.default;
  return join(dir, e || pkg.module || pkg.main || "index.js");
}

let t = now();
const { query } = n === "0" ? {} : await import(pathToFileURL(entry(resolve(pkgDir))).href);
const importTime = now() - t;
const events = [];

async function one() {
  const options = { permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true, cwd, includePartialMessages: partial };
  for await (const m of query({ prompt, options })) {
    if (m.type === "stream_event") events.push(now());
    if (m.type === "result" && m.is_error) throw new Error("error result: " + m.subtype);
  }
}

const runs = [];
for (let i = 0; i < (n === "0" ? 0 : repeat); i++) {
  t = now();
  await Promise.all(Array.from({ length: Number(n) }, one));
  runs.push(now() - t);
}
const stream = events.length ? events[events.length - 1] - events[0] : null;
process.stdout.write(JSON.stringify({ import: importTime, runs, events: events.length, stream, t_start: tStart,
  t_end: (performance.timeOrigin + performance.now()) / 1e3 }) + "\n");
