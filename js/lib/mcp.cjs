// In-process MCP servers: `tool()`, `createSdkMcpServer()`, and the JSON-RPC side of them.
//
// The native session reaches a server through `mcp_message` control requests carrying one
// JSON-RPC message; `mcpReply(server, message)` answers it. A server made here answers
// initialize, ping, tools/list and tools/call itself; any other `instance` with a
// `connect(transport)` method (an McpServer of @modelcontextprotocol/sdk) is driven through an
// in-memory transport.
//
//   const add = tool("add", "Add numbers", { a: z.number(), b: z.number() },
//     async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }));
//   const calc = createSdkMcpServer({ name: "calc", tools: [add] });
//   query({ prompt, options: { mcpServers: { calc } } });   // the model sees mcp__calc__add
"use strict";

const { shapeToJsonSchema, parseArgs } = require("./zod-json-schema.cjs");

const PROTOCOL_VERSION = "2025-06-18";

function tool(name, description, inputSchema, handler, extras) {
  const def = { name, description, inputSchema, handler };
  if (extras && extras.annotations) def.annotations = extras.annotations;
  const meta = {};
  if (extras && extras.searchHint) meta["anthropic/searchHint"] = extras.searchHint;
  if (extras && extras.alwaysLoad) meta["anthropic/alwaysLoad"] = true;
  if (Object.keys(meta).length) def._meta = meta;
  return def;
}

const errorResult = (text) => ({ content: [{ type: "text", text }], isError: true });

/** The in-process MCP server behind `createSdkMcpServer()`. */
class SdkMcpServer {
  constructor({ name, version = "1.0.0", instructions, tools = [], alwaysLoad = false }) {
    this.name = name;
    this.version = version;
    this.instructions = instructions;
    this.tools = new Map();
    this.listing = [];
    for (const t of tools) this.addTool(t, alwaysLoad);
  }

  addTool(t, alwaysLoad = false) {
    let schema;
    try {
      schema = shapeToJsonSchema(t.inputSchema);
    } catch (e) {
      process.emitWarning(`oxagent: tool ${t.name} of MCP server ${this.name} is left out: its input schema cannot be converted to JSON Schema (${e.message})`, {
        code: "CLAUDE_SDK_MCP_TOOL_SCHEMA_UNCONVERTIBLE",
      });
      return;
    }
    const entry = { name: t.name, description: t.description ?? "", inputSchema: schema };
    if (t.annotations) entry.annotations = t.annotations;
    const meta = { ...(t._meta || {}) };
    if (alwaysLoad) meta["anthropic/alwaysLoad"] = true;
    if (Object.keys(meta).length) entry._meta = meta;
    this.tools.set(t.name, t);
    this.listing.push(entry);
  }

  /** Answers one JSON-RPC request; `undefined` for a notification. */
  async handle(message) {
    const { id, method, params } = message || {};
    if (id === undefined || id === null) return undefined;
    const ok = (result) => ({ jsonrpc: "2.0", id, result });
    switch (method) {
      case "initialize": {
        const result = {
          protocolVersion: (params && params.protocolVersion) || PROTOCOL_VERSION,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: this.name, version: this.version },
        };
        if (this.instructions) result.instructions = this.instructions;
        return ok(result);
      }
      case "ping":
        return ok({});
      case "tools/list":
        return ok({ tools: this.listing });
      case "tools/call":
        return ok(await this.call(params || {}));
      default:
        return { jsonrpc: "2.0", id, error: { code: -32601, message: `Method not found: ${method}` } };
    }
  }

  async call({ name, arguments: args }) {
    const t = this.tools.get(name);
    if (!t) return errorResult(`Tool ${name} not found`);
    const parsed = parseArgs(t.inputSchema, args ?? {});
    if (!parsed.ok) return errorResult(`Invalid arguments for tool ${name}: ${parsed.message}`);
    try {
      const result = await t.handler(parsed.value, {});
      return result && typeof result === "object" ? result : { content: [] };
    } catch (e) {
      return errorResult(e instanceof Error ? e.message : String(e));
    }
  }
}

function createSdkMcpServer({ name, version, instructions, tools, alwaysLoad, timeout } = {}) {
  if (typeof name !== "string" || !name) throw new TypeError("createSdkMcpServer: name must be a non-empty string");
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) {
    throw new TypeError("createSdkMcpServer: timeout must be a positive integer (milliseconds)");
  }
  const instance = new SdkMcpServer({ name, version, instructions, tools, alwaysLoad });
  const config = { type: "sdk", name, instance };
  if (timeout !== undefined) config.timeout = timeout;
  return config;
}

/** A transport for a foreign MCP server object: JSON-RPC in, replies matched by id. */
class InMemoryTransport {
  constructor() {
    this.waiting = new Map();
    this.next = 1;
  }
  async start() {}
  async close() {
    for (const w of this.waiting.values()) w({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "closed" } });
    this.waiting.clear();
    if (this.onclose) this.onclose();
  }
  async send(message) {
    const w = message && this.waiting.get(message.id);
    if (w) {
      this.waiting.delete(message.id);
      w(message);
    }
  }
  /** Sends one message to the server; resolves with its reply (our id mapped back). */
  request(message) {
    if (message.id === undefined || message.id === null) {
      if (this.onmessage) this.onmessage(message);
      return Promise.resolve(undefined);
    }
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, (reply) => resolve({ ...reply, id: message.id }));
      this.onmessage({ ...message, id });
    });
  }
}

const connections = new WeakMap();

async function mcpReply(instance, message) {
  if (instance instanceof SdkMcpServer) return instance.handle(message);
  if (!instance || typeof instance.connect !== "function") {
    throw new Error("the MCP server instance has neither handle() nor connect()");
  }
  let transport = connections.get(instance);
  if (!transport) {
    transport = new InMemoryTransport();
    connections.set(instance, transport);
    await instance.connect(transport);
  }
  return transport.request(message);
}

module.exports = { tool, createSdkMcpServer, SdkMcpServer, mcpReply };
