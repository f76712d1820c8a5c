// Plain functions as tools (functionTool, withTools): their plain name for the model, their
// schema from zod, permissions and hooks as for in-process MCP tools.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { functionTool, query, withTools } from "../index.js";
import { mockApi, settle } from "./helpers.mjs";

const ran = [];
const weather = functionTool({
  name: "get_weather",
  description: "The weather in a city",
  input: { city: z.string(), unit: z.enum(["c", "f"]).optional() },
  run: async ({ city, unit = "c" }) => {
    ran.push(["get_weather", city, unit]);
    return `Sunny in ${city} (${unit})`;
  },
});
const broken = functionTool({
  name: "broken",
  input: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
  run: ({ reason }) => {
    throw new RangeError(reason);
  },
});
const stats = functionTool({ name: "stats", input: z.object({ n: z.number() }), run: ({ n }) => ({ n, twice: n * 2 }) });

const toolTurn = (id, name, input) => ({ content: [{ type: "tool_use", id, name, input }] });
const textTurn = (text) => ({ content: [{ type: "text", text }] });
const results = (messages) =>
  messages.filter((m) => m.type === "user" && Array.isArray(m.message.content)).flatMap((m) => m.message.content).filter((b) => b.type === "tool_result");

test("withTools copies the options and checks its tools", () => {
  const base = { allowedTools: ["get_weather"] };
  const options = withTools(base, [weather]);
  assert.notEqual(options, base);
  assert.deepEqual(options.allowedTools, ["get_weather"]);
  assert.deepEqual(Object.keys(base), ["allowedTools"]);
  assert.throws(() => withTools(options, [weather]), { name: "TypeError", message: 'withTools: two tools are named "get_weather"' });
  assert.throws(() => withTools(base, [() => 1]), { name: "TypeError", message: "withTools: each tool must come from functionTool()" });
  assert.throws(() => functionTool({ name: "x" }), { name: "TypeError", message: "functionTool: run of x must be a function" });
});

test("the model calls functions by their names; hooks and results as for MCP tools", async () => {
  ran.length = 0;
  const api = await mockApi({ responses: [
    toolTurn("toolu_01", "get_weather", { city: "Paris" }),
    toolTurn("toolu_02", "broken", { reason: "no data" }),
    toolTurn("toolu_03", "stats", { n: 21 }),
    textTurn("It is sunny."),
  ] });
  const hooked = [];
  try {
    const options = withTools(
      {
        cwd: api.workspace, env: { ...api.env, HOME: api.workspace }, settingSources: [],
        allowedTools: ["get_weather", "broken", "stats"],
        hooks: { PreToolUse: [{ matcher: "get_weather", hooks: [async (input) => { hooked.push([input.tool_name, input.tool_input]); return {}; }] }] },
      },
      [weather, broken, stats],
    );
    const { messages, error } = await settle(query({ prompt: "Weather?", options }));
    assert.equal(error, null);
    const init = messages.find((m) => m.type === "system" && m.subtype === "init");
    assert.ok(["get_weather", "broken", "stats"].every((n) => init.tools.includes(n)));
    assert.ok(!init.mcp_servers.some((s) => s.name === "oxagent-functions"));
    assert.deepEqual(ran, [["get_weather", "Paris", "c"]]);
    assert.deepEqual(hooked, [["get_weather", { city: "Paris" }]]);
    const [ok, failed, json] = results(messages);
    assert.deepEqual(ok.content, [{ type: "text", text: "Sunny in Paris (c)" }]);
    assert.ok(!ok.is_error);
    assert.equal(failed.is_error, true);
    assert.equal(failed.content, "RangeError: no data");
    assert.deepEqual(json.content, [{ type: "text", text: '{"n":21,"twice":42}' }]);
    assert.equal(messages.at(-1).result, "It is sunny.");
  } finally {
    await api.close();
  }
});

test("a function asks can_use_tool like any tool", async () => {
  ran.length = 0;
  const api = await mockApi({ responses: [toolTurn("toolu_01", "get_weather", { city: "Oslo", unit: "f" }), textTurn("Could not ask.")] });
  const asked = [];
  try {
    const options = withTools(
      {
        cwd: api.workspace, env: { ...api.env, HOME: api.workspace }, settingSources: [],
        canUseTool: async (name, input) => { asked.push([name, input]); return { behavior: "deny", message: "not today" }; },
      },
      [weather],
    );
    const { messages } = await settle(query({ prompt: "Weather?", options }));
    assert.deepEqual(asked, [["get_weather", { city: "Oslo", unit: "f" }]]);
    assert.deepEqual(ran, []);
    const [denied] = results(messages);
    assert.equal(denied.is_error, true);
    assert.match(JSON.stringify(denied.content), /not today/);
    assert.equal(messages.at(-1).permission_denials[0].tool_name, "get_weather");
  } finally {
    await api.close();
  }
});
