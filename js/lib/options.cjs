// TypeScript options -> the snake_case options JSON the native session reads.
//
// Every documented `Options` field is listed in FIELDS with how it is handled:
//   pass         checked here, sent to the native side under its Python name (the native side
//                rejects values it cannot honour, e.g. features not built yet)
//   js           consumed by the JavaScript layer (callbacks, abort, in-process MCP servers)
//   ignore       configures the CLI subprocess of the documented SDK; oxagent has none
//   unsupported  a feature oxagent has not built: setting it is a TypeError naming it
// A wrong type is a TypeError naming the option, thrown synchronously by query().
//
//   toNative({ maxTurns: 3, canUseTool: fn })
//     -> { json: { max_turns: 3, can_use_tool: true }, hooks: Map, mcpServers: Map }
"use strict";

const { optionError } = require("./errors.cjs");

const preview = (v) => {
  if (typeof v === "function") return "a function";
  if (v === undefined) return "undefined";
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 80 ? s.slice(0, 77) + "..." : s;
  } catch {
    return Object.prototype.toString.call(v);
  }
};

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");

const TYPES = {
  string: [(v) => typeof v === "string", "a string"],
  boolean: [(v) => typeof v === "boolean", "a boolean"],
  number: [(v) => typeof v === "number" && !Number.isNaN(v), "a number"],
  strings: [isStrings, "an array of strings"],
  object: [isObject, "an object"],
  function: [(v) => typeof v === "function", "a function"],
  any: [() => true, "anything"],
  stringOrObject: [(v) => typeof v === "string" || isObject(v), "a string or an object"],
  stringsOrObject: [(v) => isStrings(v) || isObject(v), "an array of strings or an object"],
  stringsOrAll: [(v) => isStrings(v) || v === "all", "an array of strings or 'all'"],
  systemPrompt: [(v) => typeof v === "string" || isStrings(v) || isObject(v), "a string, an array of strings or an object"],
  abortController: [(v) => isObject(v) && isObject(v.signal) && typeof v.signal.aborted === "boolean", "an AbortController"],
  array: [Array.isArray, "an array"],
};

// name: [how, type, python name]
const FIELDS = {
  // process, environment, transport
  abortController: ["js", "abortController"],
  cwd: ["pass", "string", "cwd"],
  additionalDirectories: ["pass", "strings", "add_dirs"],
  projectConfigRoot: ["unsupported", "string"],
  env: ["pass", "object", "env"],
  executable: ["ignore", "string"],
  executableArgs: ["ignore", "strings"],
  pathToClaudeCodeExecutable: ["ignore", "string"],
  spawnClaudeCodeProcess: ["unsupported", "function"],
  extraArgs: ["pass", "object", "extra_args"],
  stderr: ["ignore", "function"],
  debug: ["ignore", "boolean"],
  debugFile: ["unsupported", "string"],
  // model, thinking, limits
  model: ["pass", "string", "model"],
  fallbackModel: ["pass", "string", "fallback_model"],
  thinking: ["pass", "object", "thinking"],
  effort: ["pass", "string", "effort"],
  maxThinkingTokens: ["pass", "number", "max_thinking_tokens"],
  maxTurns: ["pass", "number", "max_turns"],
  maxBudgetUsd: ["pass", "number", "max_budget_usd"],
  taskBudget: ["pass", "object", "task_budget"],
  betas: ["pass", "strings", "betas"],
  outputFormat: ["pass", "object", "output_format"],
  // tools and permissions
  tools: ["pass", "stringsOrObject", "tools"],
  allowedTools: ["pass", "strings", "allowed_tools"],
  disallowedTools: ["pass", "strings", "disallowed_tools"],
  toolAliases: ["unsupported", "object"],
  toolConfig: ["unsupported", "object"],
  permissionMode: ["pass", "string", "permission_mode"],
  allowDangerouslySkipPermissions: ["pass", "boolean", "allow_dangerously_skip_permissions"],
  canUseTool: ["js", "function", "can_use_tool"],
  permissionPromptToolName: ["pass", "string", "permission_prompt_tool_name"],
  permissionPrompts: ["js", "string"],
  planModeInstructions: ["unsupported", "string"],
  hooks: ["js", "object", "hooks"],
  // prompt, agents, skills, plugins, settings
  systemPrompt: ["pass", "systemPrompt", "system_prompt"],
  agent: ["unsupported", "string"],
  agents: ["pass", "object", "agents"],
  skills: ["pass", "stringsOrAll", "skills"],
  plugins: ["pass", "array", "plugins"],
  pluginDelivery: ["ignore", "string"],
  settingSources: ["pass", "strings", "setting_sources"],
  settings: ["pass", "stringOrObject", "settings"],
  managedSettings: ["unsupported", "object"],
  sandbox: ["pass", "object", "sandbox"],
  strictMcpConfig: ["pass", "boolean", "strict_mcp_config"],
  mcpServers: ["js", "object", "mcp_servers"],
  mcpServersDelivery: ["ignore", "string"],
  title: ["unsupported", "string"],
  // session lifecycle and persistence
  continue: ["pass", "boolean", "continue_conversation"],
  resume: ["pass", "string", "resume"],
  forkSession: ["pass", "boolean", "fork_session"],
  sessionId: ["pass", "string", "session_id"],
  resumeSessionAt: ["pass", "string", "resume_session_at"],
  resumeDropsTurn: ["pass", "string", "resume_drops_turn"],
  persistSession: ["ignore", "boolean"],
  sessionStore: ["js", "object"],
  sessionStoreFlush: ["pass", "string", "session_store_flush"],
  loadTimeoutMs: ["pass", "number", "load_timeout_ms"],
  enableFileCheckpointing: ["pass", "boolean", "enable_file_checkpointing"],
  // output-stream shaping and host capabilities
  includePartialMessages: ["pass", "boolean", "include_partial_messages"],
  includeHookEvents: ["pass", "boolean", "include_hook_events"],
  forwardSubagentText: ["pass", "boolean", "forward_subagent_text"],
  verbatimPrompts: ["js", "boolean"],
  promptSuggestions: ["unsupported", "boolean"],
  agentProgressSummaries: ["unsupported", "boolean"],
  onElicitation: ["ignore", "function"],
  onUserDialog: ["ignore", "function"],
  supportedDialogKinds: ["ignore", "strings"],
  perTaskStopAffordance: ["ignore", "boolean"],
};

/** Python option name -> TS option name, to word the native side's errors in TS terms. */
const TS_NAME = Object.fromEntries(
  Object.entries(FIELDS)
    .filter(([, f]) => f[2])
    .map(([ts, f]) => [f[2], ts]),
);

const DELIVERIES = ["argv", "initialize"];

function check(name, value) {
  const [test, expected] = TYPES[FIELDS[name][1]];
  if (!test(value)) throw optionError(name, `${name} must be ${expected}, not ${preview(value)}`);
}

const isDefault = (v) =>
  v === false || v === "" || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/** Joins the parts of a string[] system prompt (the cache boundary marker has no use here). */
const joinPrompt = (p) => (Array.isArray(p) ? p.filter((s) => s !== "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__").join("\n\n") : p);

const TRANSLATE = {
  env(v) {
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      if (typeof x !== "string") throw optionError("env", `env.${k} must be a string, not ${preview(x)}`);
      out[k] = x;
    }
    return out;
  },
  thinking(v) {
    const out = { ...v };
    if ("budgetTokens" in out) {
      out.budget_tokens = out.budgetTokens;
      delete out.budgetTokens;
    }
    return out;
  },
  systemPrompt(v) {
    if (typeof v === "string" || Array.isArray(v)) return joinPrompt(v);
    if (v.type === "custom") return { type: "custom", prompt: joinPrompt(v.prompt ?? "") };
    if (v.type === "preset") return v.append === undefined ? { type: "preset", preset: v.preset } : { type: "preset", preset: v.preset, append: v.append };
    throw optionError("systemPrompt", `systemPrompt.type must be 'custom' or 'preset', not ${preview(v.type)}`, "ERR_OXAGENT_OPTION_VALUE");
  },
};

/** Hook matchers -> the wire form, registering each callback under an id. */
function translateHooks(hooks, callbacks) {
  const out = {};
  for (const [event, matchers] of Object.entries(hooks)) {
    if (matchers === undefined) continue;
    if (!Array.isArray(matchers)) throw optionError("hooks", `hooks.${event} must be an array of hook matchers, not ${preview(matchers)}`);
    out[event] = matchers.map((m, i) => {
      const where = `hooks.${event}[${i}]`;
      if (!isObject(m) || !Array.isArray(m.hooks)) throw optionError("hooks", `${where} must be {matcher?, hooks: HookCallback[]}, not ${preview(m)}`);
      if (m.matcher !== undefined && m.matcher !== null && typeof m.matcher !== "string") throw optionError("hooks", `${where}.matcher must be a string`);
      if (m.timeout !== undefined && (typeof m.timeout !== "number" || !(m.timeout > 0))) throw optionError("hooks", `${where}.timeout must be a positive number of seconds`);
      if (m.onFailure !== undefined && m.onFailure !== "continue" && m.onFailure !== "block") throw optionError("hooks", `${where}.onFailure must be 'continue' or 'block'`);
      const ids = m.hooks.map((fn, j) => {
        if (typeof fn !== "function") throw optionError("hooks", `${where}.hooks[${j}] must be a function`);
        const id = `hook_${callbacks.size}`;
        callbacks.set(id, fn);
        return id;
      });
      const wire = { matcher: m.matcher ?? null, hookCallbackIds: ids };
      if (m.timeout !== undefined) wire.timeout = m.timeout;
      if (m.onFailure !== undefined) wire.onFailure = m.onFailure;
      return wire;
    });
  }
  return out;
}

/** MCP servers -> the wire form; in-process ones (createSdkMcpServer) stay here. */
function translateMcpServers(servers, instances) {
  const out = {};
  for (const [name, cfg] of Object.entries(servers)) {
    if (!isObject(cfg)) throw optionError("mcpServers", `mcpServers.${name} must be a server config object, not ${preview(cfg)}`);
    if (cfg.type === "sdk") {
      if (!cfg.instance) throw optionError("mcpServers", `mcpServers.${name} is an sdk server without an instance (make it with createSdkMcpServer())`);
      instances.set(name, cfg.instance);
      out[name] = { type: "sdk", name };
    } else {
      out[name] = cfg;
    }
  }
  return out;
}

/**
 * Checks `options` and splits them into the native options JSON and what the JS layer keeps.
 * Throws a TypeError naming the option on a wrong type or an unsupported feature.
 */
function toNative(options) {
  if (options === undefined || options === null) options = {};
  if (!isObject(options)) throw optionError("options", `options must be an object, not ${preview(options)}`);
  const json = {};
  const hooks = new Map();
  const mcpServers = new Map();
  for (const [name, value] of Object.entries(options)) {
    const field = FIELDS[name];
    if (!field || value === undefined) continue; // unknown fields are ignored, as the reference does
    const [how, , py] = field;
    if (value !== null) check(name, value);
    if (how === "unsupported") {
      if (value !== null && !isDefault(value)) {
        throw optionError(name, `the option ${name} is not supported by oxagent yet`, "ERR_OXAGENT_OPTION_UNSUPPORTED");
      }
    } else if (how === "pass" && value !== null) {
      json[py] = TRANSLATE[name] ? TRANSLATE[name](value) : value;
    }
  }
  const sessionStore = sessionStoreOption(options, json);
  if (options.persistSession === false) {
    // Transcripts are always written for now; not writing them is the feature asked for.
    throw optionError("persistSession", "persistSession: false is not supported by oxagent yet", "ERR_OXAGENT_OPTION_UNSUPPORTED");
  }
  if (options.canUseTool && options.permissionPromptToolName) {
    throw optionError("canUseTool", "canUseTool and permissionPromptToolName cannot be combined: use one or the other", "ERR_OXAGENT_OPTION_VALUE");
  }
  if (options.supportedDialogKinds && options.supportedDialogKinds.length && !options.onUserDialog) {
    throw optionError("supportedDialogKinds", "supportedDialogKinds needs onUserDialog", "ERR_OXAGENT_OPTION_VALUE");
  }
  for (const key of ["pluginDelivery", "mcpServersDelivery"]) {
    if (options[key] !== undefined && !DELIVERIES.includes(options[key])) {
      throw optionError(key, `${key} must be 'argv' or 'initialize', not ${preview(options[key])}`, "ERR_OXAGENT_OPTION_VALUE");
    }
  }
  if (options.permissionPrompts !== undefined && !["host", "none"].includes(options.permissionPrompts)) {
    throw optionError("permissionPrompts", `permissionPrompts must be 'host' or 'none', not ${preview(options.permissionPrompts)}`, "ERR_OXAGENT_OPTION_VALUE");
  }
  const answersPrompts = typeof options.canUseTool === "function" && options.permissionPrompts !== "none";
  if (answersPrompts) json.can_use_tool = true;
  if (options.hooks) json.hooks = translateHooks(options.hooks, hooks);
  if (options.mcpServers) json.mcp_servers = translateMcpServers(options.mcpServers, mcpServers);
  return { json, hooks, mcpServers, canUseTool: answersPrompts ? options.canUseTool : null, sessionStore };
}

/**
 * `sessionStore`: checked as the reference checks it, then `{methods}` for the core (a
 * native store is handed to the native session as it is). Returns the store.
 */
function sessionStoreOption(options, json) {
  const store = options.sessionStore;
  if (store === undefined || store === null) return null;
  const { checkStore, storeMethods } = require("./stores.cjs");
  checkStore(store);
  if (options.persistSession === false) {
    throw optionError("sessionStore", "sessionStore cannot be combined with persistSession: false", "ERR_OXAGENT_OPTION_VALUE");
  }
  if (options.enableFileCheckpointing) {
    throw optionError("sessionStore", "sessionStore cannot be combined with enableFileCheckpointing (checkpoints are local-disk only and would diverge from the mirrored transcript)", "ERR_OXAGENT_OPTION_VALUE");
  }
  json.session_store = { methods: storeMethods(store) };
  return store;
}

/** Rewords an options error of the native side with the TS option names. */
function fromNativeError(err) {
  const code = typeof err.code === "string" ? err.code : "";
  if (!code.startsWith("ERR_OXAGENT_OPTION_")) return err;
  let message = String(err.message);
  let option = null;
  for (const [py, ts] of Object.entries(TS_NAME).sort((a, b) => b[0].length - a[0].length)) {
    const re = new RegExp(`\\b${py}\\b`, "g");
    if (re.test(message)) {
      option ??= ts;
      message = message.replace(re, ts);
    }
  }
  const e = optionError(option ?? "options", message, code);
  e.cause = err;
  return e;
}

module.exports = { toNative, fromNativeError, FIELDS };
