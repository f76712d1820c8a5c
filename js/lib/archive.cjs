// Archiving a saved session: a mark kept beside its transcript, in
// <projects>/<project>/<session id>/archived.json ({archived, at, by}), as the reference keeps it.
// The transcript itself is not touched; listSessions reports the mark as `archived`.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

function projectsRoot() {
  const config = process.env.CLAUDE_CONFIG_DIR || path.join(os.homedir(), ".claude");
  return path.join(config, "projects");
}

/** The project folder holding `<sessionId>.jsonl`: under `dir`'s own folder when given, else any. */
function findProject(sessionId, dir) {
  const root = projectsRoot();
  let names = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return null;
  }
  if (dir !== undefined) {
    let real = dir;
    try {
      real = fs.realpathSync(dir);
    } catch {}
    const own = real.replace(/[^a-zA-Z0-9]/g, "-");
    names = [own, ...names.filter((n) => n !== own)];
  }
  for (const name of names) {
    if (fs.existsSync(path.join(root, name, `${sessionId}.jsonl`))) return path.join(root, name);
  }
  return null;
}

function mark(name, sessionId, options, archived) {
  if (typeof sessionId !== "string") throw new TypeError(`${name}: sessionId must be a string`);
  const o = options ?? {};
  if (o.sessionStore !== undefined && o.sessionStore !== null) {
    throw new Error(`${name}: a session store holds no archive mark; it is kept beside the local transcript`);
  }
  const project = findProject(sessionId, o.dir);
  if (project === null) throw new Error(`Session ${sessionId} not found in any project directory`);
  const folder = path.join(project, sessionId);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "archived.json"), JSON.stringify({ archived, at: new Date().toISOString(), by: "sdk" }));
}

async function archiveSession(sessionId, options) {
  mark("archiveSession", sessionId, options, true);
}

async function unarchiveSession(sessionId, options) {
  mark("unarchiveSession", sessionId, options, false);
}

/** The archive mark of a listed session: true, false, or undefined when it was never marked. */
function archivedMark(sessionId) {
  const project = findProject(sessionId);
  if (project === null) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(project, sessionId, "archived.json"), "utf8")).archived === true;
  } catch {
    return undefined;
  }
}

module.exports = { archiveSession, unarchiveSession, archivedMark };
