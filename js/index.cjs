// oxagent: the Claude Agent SDK for Node, with the agent loop running natively in-process.
// The same exports, signatures and message shapes as `@anthropic-ai/claude-agent-sdk`.
"use strict";

const { query } = require("./lib/query.cjs");
const { tool, createSdkMcpServer } = require("./lib/mcp.cjs");
const { functionTool, withTools } = require("./lib/functions.cjs");
const { AbortError } = require("./lib/errors.cjs");
const constants = require("./lib/constants.cjs");
const sessions = require("./lib/sessions.cjs");
const { InMemorySessionStore, foldSessionSummary, importSessionToStore } = require("./lib/stores.cjs");
const { archiveSession, unarchiveSession } = require("./lib/archive.cjs");
const { matchDeniedModels, filterEscalatingDefaultMode, DirectConnectError } = require("./lib/policy.cjs");

/**
 * Prepares a query ahead of time. oxagent has no process to start, so this only validates the
 * options; the session starts when `query()` is called on the result.
 */
async function startup({ options } = {}) {
  let used = false;
  let closed = false;
  const warm = {
    query(prompt) {
      if (used || closed) throw new Error("WarmQuery.query() can be called only once, before close()");
      used = true;
      return query({ prompt, options });
    },
    close() {
      closed = true;
    },
  };
  if (typeof Symbol.asyncDispose === "symbol") warm[Symbol.asyncDispose] = async () => warm.close();
  return warm;
}

module.exports = {
  query,
  tool,
  createSdkMcpServer,
  functionTool,
  withTools,
  AbortError,
  startup,
  ...sessions,
  archiveSession,
  unarchiveSession,
  matchDeniedModels,
  filterEscalatingDefaultMode,
  DirectConnectError,
  InMemorySessionStore,
  foldSessionSummary,
  importSessionToStore,
  ...constants,
};
