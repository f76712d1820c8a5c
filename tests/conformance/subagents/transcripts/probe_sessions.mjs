// The TS twin of probe_sessions.py: listSessions / getSessionMessages / listSubagents /
// getSubagentMessages of the package under test, on the sessions of WORKSPACE, printed as JSON.
//     HOME=<scratch>/home node probe_sessions.mjs WORKSPACE PACKAGE_DIR
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , WS, PKG] = process.argv;
const pj = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
let rel = pj.module || pj.main;
const ex = pj.exports && (pj.exports["."] ?? pj.exports);
if (typeof ex === "string") rel = ex; else if (ex) rel = ex.import || ex.default || rel;
if (rel && typeof rel === "object") rel = rel.default || rel.import;
const sdk = await import(pathToFileURL(path.resolve(PKG, rel)).href);
const out = { sessions: [] };
for (const info of await sdk.listSessions({ dir: WS })) {
  const sid = info.sessionId;
  const s = { info, messages: await sdk.getSessionMessages(sid, { dir: WS }) };
  const agents = await sdk.listSubagents(sid, { dir: WS });
  s.list_subagents = agents;
  s.subagents = {};
  s.subagents_page = {};
  for (const a of agents) {
    s.subagents[a] = await sdk.getSubagentMessages(sid, a, { dir: WS });
    s.subagents_page[a] = await sdk.getSubagentMessages(sid, a, { dir: WS, limit: 1, offset: 1 });
  }
  s.unknown_agent = await sdk.getSubagentMessages(sid, "no-such-agent", { dir: WS });
  out.sessions.push(s);
}
console.log(JSON.stringify(out));
