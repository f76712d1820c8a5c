// In-process MCP servers: `tool()` and `createSdkMcpServer()`.
//
// A server made here is declared to the native session by its definition; the JSON-RPC
// (handshake, tools/list, result checks, error texts) is oxagent's, in Rust, and the session
// asks only for a tool's handler to run (`mcp_tool_call`). Any other `instance` with a
// `connect(transport)` method (an McpServer of @modelcontextprotocol/sdk) answers its own
// JSON-RPC: the session sends it `mcp_message` requests, and `mcpReply(server, message)` drives
// it through an in-memory transport.
//
//   const add = tool("add", "Add numbers", { a: z.number(), b: z.number() },
//     async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }));
//   const calc = createSdkMcpServer({ name: "calc", tools: [add] });
//   query({ prompt, options: { mcpServers: { calc } } });   // the model sees mcp__calc__add
"use strict";

const { shapeToJsonSchema, parseArgs } = require("./zod-json-schema.cjs");

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

function tool(name, description, inputSchema, handler, extras) {
  const def = { name, description, inputSchema, handler };
  if (extras && extras.annotations) def.annotations = extras.annotations;
  const meta = {};
  if (extras && extras.searchHint) meta["anthropic/searchHint"] = extras.searchHint;
  if (extras && extras.alwaysLoad) meta["anthropic/alwaysLoad"] = true;
  if (Object.keys(meta).length) def._meta = meta;
  return def;
}

/**
 * The tools of one `createSdkMcpServer()` call (the `instance` of its config). Its JSON-RPC is
 * oxagent's, in Rust: the options carry `definition()`, and the session asks for a tool's
 * handler to run (`mcp_tool_call`, see callbacks.cjs).
 */
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
      // A schema made from zod names its dialect last, as the TS SDK's server lists it (the
      // model reads it in the note on a deferred tool's error: fuzz-j/fj_007).
      if (schema !== t.inputSchema && !("$schema" in schema)) schema = { ...schema, $schema: DRAFT_07 };
    } catch (e) {
      process.emitWarning(`oxagent: tool ${t.name} of MCP server ${this.name} is left out: its input schema cannot be converted to JSON Schema (${e.message})`, {
        code: "CLAUDE_SDK_MCP_TOOL_SCHEMA_UNCONVERTIBLE",
      });
      return;
    }
    const entry = { name: t.name, description: t.description ?? "", input_schema: schema };
    if (t.annotations) entry.annotations = t.annotations;
    const meta = { ...(t._meta || {}) };
    if (alwaysLoad) meta["anthropic/alwaysLoad"] = true;
    if (Object.keys(meta).length) entry.meta = meta;
    this.tools.set(t.name, t);
    this.listing.push(entry);
  }

  /** The server as the options JSON declares it. */
  definition() {
    const def = { type: "sdk", name: this.name, version: this.version, dialect: "typescript", tools: this.listing };
    if (this.instructions) def.instructions = this.instructions;
    return def;
  }

  /**
   * Runs one tool for the session: `{result}` (`{}` when the handler returned undefined), or
   * `{invalid_arguments: issues}` when the tool's zod schema refuses the arguments (the
   * handler does not run then). A handler that throws rejects. `extra` (`{signal}`) is the
   * handler's second argument.
   */
  async call(name, args, extra = {}) {
    const t = this.tools.get(name);
    if (!t) throw new Error(`Tool ${name} not found`);
    const parsed = parseArgs(t.inputSchema, args);
    if (!parsed.ok) return { invalid_arguments: parsed.issues };
    const result = await t.handler(parsed.value, extra);
    return result === undefined ? {} : { result };
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
  if (!instance || typeof instance.connect !== "function") {
    throw new Error("the MCP server instance has no connect()");
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
