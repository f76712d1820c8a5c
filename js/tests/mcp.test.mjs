import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { query, tool, createSdkMcpServer } from "../index.js";
import fs from "node:fs";
import path from "node:path";
import { mockApi, collect, text, toolUse, PACKAGE_DIR } from "./helpers.mjs";

const add = tool("add", "Add two numbers", { a: z.number().describe("first"), b: z.number() }, async ({ a, b }) => ({
  content: [{ type: "text", text: String(a + b) }],
}));
const repeat = tool("repeat", "Repeat a word", { word: z3.string(), times: z3.number().int().default(2) }, async ({ word, times }) => ({
  content: [{ type: "text", text: word.repeat(times) }],
}), { annotations: { readOnlyHint: true, title: "Say Again" }, searchHint: "echo words" });
const even = tool("even", "Halve an even number", { n: z.number().refine((n) => n % 2 === 0, "must be even") }, async ({ n }) => ({
  content: [{ type: "text", text: String(n / 2) }],
}));
const broken = tool("broken", "Always fails", {}, async () => {
  throw new Error("tool exploded");
});

test("tool() keeps the definition and maps extras to annotations and _meta", () => {
  assert.equal(repeat.name, "repeat");
  assert.equal(repeat.description, "Repeat a word");
  assert.deepEqual(repeat.annotations, { readOnlyHint: true, title: "Say Again" });
  assert.deepEqual(repeat._meta, { "anthropic/searchHint": "echo words" });
  assert.equal(typeof repeat.handler, "function");
  const server = createSdkMcpServer({ name: "calc", tools: [add] });
  assert.equal(server.type, "sdk");
  assert.equal(server.name, "calc");
  assert.equal(server.instance.version, "1.0.0");
  assert.throws(() => createSdkMcpServer({ name: "x", timeout: -1 }), TypeError);
});

test("createSdkMcpServer tools (zod 4 and zod 3) are called by the model in-process", async () => {
  const api = await mockApi({
    responses: [
      toolUse("toolu_01", "mcp__calc__add", { a: 2, b: 3 }),
      toolUse("toolu_02", "mcp__calc__repeat", { word: "ab" }),
      toolUse("toolu_03", "mcp__calc__broken", {}),
      toolUse("toolu_04", "mcp__calc__even", { n: 3 }),
      text("all done"),
    ],
  });
  try {
    const calc = createSdkMcpServer({ name: "calc", version: "2.0.0", tools: [add, repeat, broken, even] });
    // Tool search off: the MCP tools' schemas go out with the first request.
    const q = query({ prompt: "compute", options: api.options({ mcpServers: { calc }, env: { ENABLE_TOOL_SEARCH: "false" } }) });
    const messages = await collect(q);
    assert.deepEqual(messages[0].mcp_servers, [{ name: "calc", status: "connected", source: "sdk" }]);
    assert.ok(messages[0].tools.includes("mcp__calc__add"), messages[0].tools.join());
    const blocks = messages.filter((m) => m.type === "user").flatMap((m) => m.message.content).filter((b) => b.type === "tool_result");
    const texts = blocks.map((b) => (typeof b.content === "string" ? b.content : b.content.map((c) => c.text).join("")));
    assert.equal(texts[0], "5");
    assert.equal(texts[1], "abab");
    assert.equal(blocks[2].is_error, true);
    assert.ok(texts[2].includes("tool exploded"), texts[2]);
    assert.equal(blocks[3].is_error, true);
    assert.ok(texts[3].includes("Invalid arguments for tool even") && texts[3].includes("must be even"), texts[3]);
    assert.equal(messages.at(-1).result, "all done");
    // A call is shown by its tool's title when it has one, else by its name made readable.
    const meta = messages.filter((m) => m.type === "assistant" && m.tool_use_meta).map((m) => m.tool_use_meta[0].display_name);
    assert.deepEqual(meta.slice(0, 2), ["Add", "Say Again"]);
    const sent = api.requests()[0].body.tools.find((t) => t.name === "mcp__calc__add");
    assert.deepEqual(sent.input_schema.required, ["a", "b"]);
    assert.equal(sent.input_schema.properties.a.description, "first");
    // A schema made from zod names its dialect last, as the TS SDK's server lists it.
    assert.equal(Object.keys(sent.input_schema).at(-1), "$schema");
    assert.equal(sent.input_schema.$schema, "http://json-schema.org/draft-07/schema#");
    const repeatSchema = api.requests()[0].body.tools.find((t) => t.name === "mcp__calc__repeat").input_schema;
    assert.deepEqual(repeatSchema.required, ["word"]);
    assert.equal(repeatSchema.properties.times.type, "integer");
  } finally {
    await api.close();
  }
});

test("with tool search on, MCP tools wait behind ToolSearch", async () => {
  const api = await mockApi({ responses: [toolUse("toolu_01", "mcp__calc__add", { a: 1, b: 2 }), text("ok")] });
  try {
    const calc = createSdkMcpServer({ name: "calc", version: "2.0.0", tools: [add] });
    const messages = await collect(query({ prompt: "compute", options: api.options({ mcpServers: { calc } }) }));
    const names = api.requests()[0].body.tools.map((t) => t.name);
    assert.ok(names.includes("ToolSearch") && !names.includes("mcp__calc__add"), names.join(","));
    const result = messages.find((m) => m.type === "user" && Array.isArray(m.message.content));
    assert.equal(result.message.content[0].content[0].text, "3");
  } finally {
    await api.close();
  }
});

test("mcpServerStatus reports the in-process servers", async () => {
  const api = await mockApi({ responses: [text("hi")] });
  try {
    const calc = createSdkMcpServer({ name: "calc", tools: [add] });
    const q = query({ prompt: "x", options: api.options({ mcpServers: { calc } }) });
    let status = null;
    for await (const m of q) {
      if (m.type === "system" && m.subtype === "init") status = await q.mcpServerStatus();
    }
    assert.deepEqual(status.map((s) => [s.name, s.status]), [["calc", "connected"]]);
  } finally {
    await api.close();
  }
});

test("a foreign MCP server object with connect(transport) is driven over JSON-RPC", async () => {
  // A stand-in for an McpServer of @modelcontextprotocol/sdk: it talks only through a transport.
  const foreign = {
    async connect(transport) {
      this.transport = transport;
      transport.onmessage = (msg) => {
        const reply = (result) => transport.send({ jsonrpc: "2.0", id: msg.id, result });
        if (msg.id === undefined) return;
        if (msg.method === "initialize") reply({ protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "far", version: "1" } });
        else if (msg.method === "tools/list") reply({ tools: [{ name: "ping", description: "Ping", inputSchema: { type: "object", properties: {} } }] });
        else if (msg.method === "tools/call") reply({ content: [{ type: "text", text: "pong" }] });
      };
      await transport.start();
    },
  };
  const api = await mockApi({ responses: [toolUse("toolu_01", "mcp__far__ping", {}), text("ok")] });
  try {
    const messages = await collect(query({ prompt: "x", options: api.options({ mcpServers: { far: { type: "sdk", name: "far", instance: foreign } } }) }));
    const block = messages.filter((m) => m.type === "user").flatMap((m) => m.message.content).find((b) => b.type === "tool_result");
    assert.equal(typeof block.content === "string" ? block.content : block.content[0].text, "pong");
  } finally {
    await api.close();
  }
});

test("failing calls read as in the TS reference (tests/fixtures/mcp/sdk_failures.json)", async () => {
  const fixture = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, "..", "tests", "fixtures", "mcp", "sdk_failures.json"), "utf8"));
  const addInts = tool("add", "Add two integers.", { a: z.number().int(), b: z.number().int() }, async ({ a, b }) => ({
    content: [{ type: "text", text: String(a + b) }],
  }));
  const explode = tool("fail", "Always raises.", {}, async () => {
    throw new Error("tool exploded");
  });
  const calls = fixture.calls;
  const api = await mockApi({
    responses: [
      { content: calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.input })) },
      text("Done."),
    ],
  });
  try {
    const kit = createSdkMcpServer({ name: "kit", version: "2.0.0", tools: [addInts, explode] });
    const options = api.options({ mcpServers: { kit }, permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true, env: { ENABLE_TOOL_SEARCH: "false" } });
    const messages = await collect(query({ prompt: "Use the kit", options }));
    const blocks = new Map(messages.filter((m) => m.type === "user").flatMap((m) => m.message.content).filter((b) => b.type === "tool_result").map((b) => [b.tool_use_id, b]));
    for (const c of calls) {
      const block = blocks.get(c.id);
      assert.deepEqual([block.content, block.is_error], [c.text.node ?? c.text.both, true], c.name);
    }
  } finally {
    await api.close();
  }
});
