// The saved-session functions of the SDK (listSessions, getSessionMessages, forkSession, ...):
// the transcripts under ~/.claude/projects (or $CLAUDE_CONFIG_DIR/projects), read and
// changed by the native core.
"use strict";

const { loadNative } = require("./native.cjs");
const { runStoreJob } = require("./stores.cjs");
const { archivedMark } = require("./archive.cjs");

const CAMEL = { session_id: "sessionId", up_to_message_id: "upToMessageId" };

function call(op, args) {
  const answer = JSON.parse(loadNative().sessions(op, JSON.stringify(args)));
  if (answer.error && answer.error.kind === "invalid_id") {
    // An id that is not a UUID: a plain Error worded as the reference words it.
    const { field, value } = answer.error;
    throw new Error(`Invalid ${CAMEL[field] ?? field}: ${value}`);
  }
  if (answer.error) {
    const err = answer.error.kind === "invalid" ? new TypeError(answer.error.message) : new Error(answer.error.message);
    if (answer.error.kind === "not_found") err.code = "ENOENT";
    throw err;
  }
  return answer.ok;
}

function options(opts, name) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== "object") throw new TypeError(`${name}: options must be an object`);
  for (const k of ["dir", "upToMessageId", "title"]) {
    if (opts[k] !== undefined && typeof opts[k] !== "string") throw new TypeError(`${name}: ${k} must be a string`);
  }
  for (const k of ["limit", "offset"]) {
    if (opts[k] !== undefined && !(Number.isInteger(opts[k]) && opts[k] >= 0)) {
      throw new TypeError(`${name}: ${k} must be a non-negative integer`);
    }
  }
  return opts;
}

function id(sessionId, name) {
  if (typeof sessionId !== "string") throw new TypeError(`${name}: sessionId must be a string`);
  return sessionId;
}

/** With `sessionStore`, the function runs over the store (in the core) instead of the disk. */
function callOn(o, op, args) {
  if (o.sessionStore !== undefined && o.sessionStore !== null) return runStoreJob(op, o.sessionStore, args);
  return call(op, args);
}

async function listSessions(opts) {
  const o = options(opts, "listSessions");
  const list = await callOn(o, "list", { camel: true, directory: o.dir, limit: o.limit, offset: o.offset, include_worktrees: o.includeWorktrees ?? true });
  // A local session archived (or unarchived) with archiveSession says so.
  if (o.sessionStore === undefined || o.sessionStore === null) {
    for (const info of list) {
      const archived = archivedMark(info.sessionId);
      if (archived !== undefined) info.archived = archived;
    }
  }
  return list;
}

async function getSessionInfo(sessionId, opts) {
  const o = options(opts, "getSessionInfo");
  return (await callOn(o, "info", { camel: true, session_id: id(sessionId, "getSessionInfo"), directory: o.dir })) ?? undefined;
}

async function getSessionMessages(sessionId, opts) {
  const o = options(opts, "getSessionMessages");
  const rows = await callOn(o, "messages", { camel: true, session_id: id(sessionId, "getSessionMessages"), directory: o.dir, limit: o.limit, offset: o.offset });
  return rows.map((m) => ({ ...m, parent_agent_id: null }));
}

async function listSubagents(sessionId, opts) {
  const o = options(opts, "listSubagents");
  return await callOn(o, "subagents", { session_id: id(sessionId, "listSubagents"), directory: o.dir });
}

async function getSubagentMessages(sessionId, agentId, opts) {
  const o = options(opts, "getSubagentMessages");
  if (typeof agentId !== "string") throw new TypeError("getSubagentMessages: agentId must be a string");
  return await callOn(o, "subagent_messages", { session_id: id(sessionId, "getSubagentMessages"), agent_id: agentId, directory: o.dir, limit: o.limit, offset: o.offset });
}

async function renameSession(sessionId, title, opts) {
  const o = options(opts, "renameSession");
  if (typeof title !== "string") throw new TypeError("renameSession: title must be a string");
  await callOn(o, "rename", { session_id: id(sessionId, "renameSession"), title, directory: o.dir });
}

async function tagSession(sessionId, tag, opts) {
  const o = options(opts, "tagSession");
  if (tag !== null && typeof tag !== "string") throw new TypeError("tagSession: tag must be a string or null");
  await callOn(o, "tag", { session_id: id(sessionId, "tagSession"), tag, directory: o.dir });
}

async function deleteSession(sessionId, opts) {
  const o = options(opts, "deleteSession");
  await callOn(o, "delete", { session_id: id(sessionId, "deleteSession"), directory: o.dir });
}

async function forkSession(sessionId, opts) {
  const o = options(opts, "forkSession");
  const row = await callOn(o, "fork", { session_id: id(sessionId, "forkSession"), directory: o.dir, up_to_message_id: o.upToMessageId, title: o.title });
  return { sessionId: row.session_id };
}

module.exports = { listSessions, getSessionInfo, getSessionMessages, listSubagents, getSubagentMessages, renameSession, tagSession, deleteSession, forkSession };
