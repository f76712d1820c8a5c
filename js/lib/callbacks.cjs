// Answers the session's control requests with the host's callbacks, on the JS thread.
//
//   can_use_tool  -> options.canUseTool(toolName, input, {signal, suggestions, toolUseID, ...})
//   hook_callback -> the hook registered under callback_id: (input, toolUseID, {signal})
//   mcp_tool_call -> a tool handler of the createSdkMcpServer() server named server_name
//   mcp_message   -> a foreign MCP server object (one that speaks JSON-RPC itself)
//   session_store -> a method of options.sessionStore
//
// Each handler resolves with the control response body, or NO_REPLY when the host answers
// out of band (canUseTool returned null). A throwing or rejecting callback becomes an error
// response; the session then denies the tool (can_use_tool) or goes on without the hook.
"use strict";

const { mcpReply, SdkMcpServer } = require("./mcp.cjs");
const { answerStoreCall } = require("./stores.cjs");

const NO_REPLY = Symbol("no reply");

const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Wire fields of can_use_tool -> the callback's options, absent ones left out. */
const RENAMED = { permission_suggestions: "suggestions", tool_use_id: "toolUseID", agent_id: "agentID" };
const NOT_OPTIONS = new Set(["subtype", "tool_name", "input"]);

function permissionOptions(request, requestId, signal) {
  const options = { signal };
  for (const [key, value] of Object.entries(request)) {
    if (NOT_OPTIONS.has(key) || value === null || value === undefined) continue;
    // The session leaves permission_suggestions out where no list is offered at all.
    options[RENAMED[key] || camel(key)] = value;
  }
  options.requestId = requestId;
  return options;
}

async function canUseTool(callback, request, requestId, signal) {
  const input = request.input || {};
  const result = await callback(request.tool_name, input, permissionOptions(request, requestId, signal));
  if (result === null || result === undefined) return NO_REPLY;
  const toolUseID = request.tool_use_id;
  if (result.behavior === "allow") {
    const out = { behavior: "allow", updatedInput: result.updatedInput ?? input };
    if (result.updatedPermissions) out.updatedPermissions = result.updatedPermissions;
    if (result.decisionClassification) out.decisionClassification = result.decisionClassification;
    out.toolUseID = toolUseID;
    return out;
  }
  if (result.behavior === "deny") {
    const out = { behavior: "deny", message: typeof result.message === "string" ? result.message : "" };
    if (result.interrupt) out.interrupt = true;
    if (result.decisionClassification) out.decisionClassification = result.decisionClassification;
    out.toolUseID = toolUseID;
    return out;
  }
  throw new TypeError(`canUseTool must resolve to {behavior: "allow" | "deny", ...}, got ${JSON.stringify(result)}`);
}

async function hookCallback(hooks, request, signal) {
  const fn = hooks.get(request.callback_id);
  if (!fn) throw new Error(`No hook callback found for ID: ${request.callback_id}`);
  const out = await fn(request.input, request.tool_use_id ?? undefined, { signal });
  return out && typeof out === "object" ? out : {};
}

async function mcpToolCall(servers, request, signal) {
  const server = servers.get(request.server_name);
  if (!(server instanceof SdkMcpServer)) throw new Error(`SDK MCP server not found: ${request.server_name}`);
  return server.call(request.tool_name, request.arguments, { signal });
}

async function mcpMessage(servers, request) {
  const message = request.message || {};
  const server = servers.get(request.server_name);
  if (!server) {
    const error = { code: -32601, message: `SDK MCP server not found: ${request.server_name}` };
    return { mcp_response: { jsonrpc: "2.0", id: message.id ?? null, error } };
  }
  const reply = await mcpReply(server, message);
  return { mcp_response: reply ?? { jsonrpc: "2.0", result: {} } };
}

/**
 * The response body for one control request of the session.
 * `host` = {canUseTool, hooks: Map, mcpServers: Map, sessionStore}.
 */
function answer(host, requestId, request, signal) {
  switch (request.subtype) {
    case "can_use_tool":
      if (!host.canUseTool) return Promise.reject(new Error("canUseTool callback is not provided."));
      return canUseTool(host.canUseTool, request, requestId, signal);
    case "hook_callback":
      return hookCallback(host.hooks, request, signal);
    case "mcp_tool_call":
      return mcpToolCall(host.mcpServers, request, signal);
    case "mcp_message":
      return mcpMessage(host.mcpServers, request);
    case "session_store":
      return answerStoreCall(host.sessionStore, request);
    default:
      return Promise.reject(new Error(`Unsupported control request subtype: ${request.subtype}`));
  }
}

module.exports = { answer, NO_REPLY };
