// TypeScript options -> the JSON the native checker reads (`oxagent::options`, in Rust), plus
// the callbacks and server objects the JS layer keeps. Every check is made in Rust, under the
// TypeScript names; a refused option is thrown by the addon as a TypeError with a stable
// `code` and the `option` it is about. This module only maps values JSON cannot carry:
//   a function          -> {$callable: id}  (kept here under id: can_use_tool, hook_0, ...)
//   NaN, ±Infinity      -> {$number: "NaN" | "Infinity" | "-Infinity"}
//   any other object    -> {$object: "<its class>"} (an AbortController, a Map, an MCP server
//                          object given as the instance of an sdk server)
// a createSdkMcpServer() server becomes its definition (its handlers stay here), and a session
// store (an object with append() and load()) {$store: [its optional methods]} (it stays here).
//
//   toNative({ maxTurns: 3, canUseTool: fn, hooks: { Stop: [{ hooks: [hook] }] } })
//     -> { json: { maxTurns: 3, canUseTool: { $callable: "can_use_tool" },
//                  hooks: { Stop: [{ hooks: [{ $callable: "hook_0" }] }] } },
//          canUseTool: fn, hooks: Map { hook_0 => hook }, mcpServers: Map {} }
"use strict";

const { functionServer } = require("./functions.cjs");
const { SdkMcpServer } = require("./mcp.cjs");

const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

const isPlain = (v) => {
  if (!isRecord(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

// What the SDK takes for an AbortController: anything with a signal that says whether it fired.
const isAbortController = (v) => isRecord(v) && isRecord(v.signal) && typeof v.signal.aborted === "boolean";

// A session store: an object with append() and load().
const isStore = (v) => v !== null && (typeof v === "object" || typeof v === "function") && typeof v.append === "function" && typeof v.load === "function";

const typeName = (v) => (isAbortController(v) ? "AbortController" : (v.constructor && v.constructor.name) || "Object");

class ToJson {
  hooks = new Map();
  mcpServers = new Map();

  value(v, where) {
    switch (typeof v) {
      case "undefined":
        return undefined;
      case "boolean":
      case "string":
        return v;
      case "number":
        return Number.isFinite(v) ? v : { $number: Number.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity" };
      case "function":
        return { $callable: where };
      case "bigint":
      case "symbol":
        return { $object: typeof v };
      default:
    }
    if (v === null) return null;
    if (Array.isArray(v)) return v.map((x, i) => this.value(x, `${where}[${i}]`) ?? null);
    if (!isPlain(v) || isAbortController(v)) return { $object: typeName(v) };
    return this.record(v, where);
  }

  record(v, where) {
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      const j = this.value(x, `${where}.${k}`);
      if (j !== undefined) out[k] = j;
    }
    return out;
  }

  /** Hook matchers, each callback registered under `hook_<n>`. */
  hookMatchers(hooks) {
    const out = {};
    for (const [event, matchers] of Object.entries(hooks)) {
      if (!Array.isArray(matchers)) {
        const j = this.value(matchers, `hooks.${event}`);
        if (j !== undefined) out[event] = j;
        continue;
      }
      out[event] = matchers.map((m, i) => {
        if (!isPlain(m) || !Array.isArray(m.hooks)) return this.value(m, `hooks.${event}[${i}]`) ?? null;
        const wire = this.record({ ...m, hooks: [] }, `hooks.${event}[${i}]`);
        wire.hooks = m.hooks.map((fn, j) => {
          if (typeof fn !== "function") return this.value(fn, `hooks.${event}[${i}].hooks[${j}]`) ?? null;
          const id = `hook_${this.hooks.size}`;
          this.hooks.set(id, fn);
          return { $callable: id };
        });
        return wire;
      });
    }
    return out;
  }

  /** MCP servers: a createSdkMcpServer() server as its definition; every instance kept. */
  servers(servers) {
    const out = {};
    for (const [name, cfg] of Object.entries(servers)) {
      if (isPlain(cfg) && cfg.type === "sdk" && isRecord(cfg.instance)) {
        this.mcpServers.set(name, cfg.instance);
        const { instance, ...rest } = cfg;
        out[name] =
          instance instanceof SdkMcpServer
            ? { ...instance.definition(), name: cfg.name ?? name }
            : { ...this.record(rest, `mcpServers.${name}`), instance: { $object: typeName(instance) } };
        continue;
      }
      const j = this.value(cfg, `mcpServers.${name}`);
      if (j !== undefined) out[name] = j;
    }
    return out;
  }
}

/**
 * Maps `options` to the JSON the native side checks and reads, and what the JS layer keeps:
 * `{json, canUseTool, hooks: Map, mcpServers: Map, sessionStore}`.
 */
function toNative(options) {
  const conv = new ToJson();
  let json = {};
  let sessionStore = null;
  if (isRecord(options)) {
    for (const [name, value] of Object.entries(options)) {
      let j;
      if (name === "hooks" && isPlain(value)) j = conv.hookMatchers(value);
      else if (name === "mcpServers" && isPlain(value)) j = conv.servers(value);
      else if (name === "canUseTool") j = conv.value(value, "can_use_tool");
      else if (name === "sessionStore" && isStore(value)) {
        // The store stays here (it answers session_store requests); the core learns which
        // optional methods it has. A native store is also handed to the core by query().
        sessionStore = value;
        j = { $store: require("./stores.cjs").storeMethods(value) };
      }
      else j = conv.value(value, name);
      if (j !== undefined) json[name] = j;
    }
  } else if (options !== undefined && options !== null) {
    json = conv.value(options, "options");
  }
  // Function tools (withTools): a hidden in-process server whose tools keep their names.
  const functions = isRecord(options) ? functionServer(options) : null;
  if (functions) {
    if (json.mcpServers !== undefined && !isPlain(json.mcpServers)) {
      throw new TypeError("withTools cannot be combined with mcpServers given as a file path");
    }
    conv.mcpServers.set(functions.name, functions.instance);
    json.mcpServers = { ...(json.mcpServers || {}), [functions.name]: functions.definition };
  }
  const canUseTool = isRecord(options) && typeof options.canUseTool === "function" ? options.canUseTool : null;
  return { json, canUseTool, hooks: conv.hooks, mcpServers: conv.mcpServers, sessionStore };
}

/**
 * The `servers` of a setMcpServers() call as the native side reads them; the in-process
 * servers' instances go into `instances` (the map the session's host answers from).
 */
function serversToNative(servers, instances) {
  const conv = new ToJson();
  const json = conv.servers(isPlain(servers) ? servers : {});
  for (const [name, instance] of conv.mcpServers) instances.set(name, instance);
  return json;
}

module.exports = { toNative, serversToNative };
