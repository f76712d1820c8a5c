// Plain functions as tools, without an MCP server: `functionTool()` describes one, `withTools()`
// adds them to a query's options. The model sees each under its own name (no `mcp__` prefix);
// permissions and hooks treat it as an in-process MCP tool (an allow rule or a PreToolUse
// matcher names it `get_weather`).
//
//   const weather = functionTool({
//     name: "get_weather", description: "The weather in a city",
//     input: { city: z.string(), unit: z.enum(["c", "f"]).optional() },
//     run: async ({ city }) => `Sunny in ${city}`,
//   });
//   query({ prompt, options: withTools({ allowedTools: ["get_weather"] }, [weather]) });
//
// `input` is a zod raw shape, a zod object, or a JSON Schema object. What `run` returns becomes
// the tool result: a string as it is, an MCP result (`{content: [...]}`) as it is, anything
// else as JSON; a throw is a tool error with its message.
"use strict";

const { SdkMcpServer } = require("./mcp.cjs");

const FUNCTION_TOOLS = Symbol.for("oxagent.functionTools");
// The key of the hidden server in the options JSON (never shown: its tools keep their names).
const SERVER = "oxagent-functions";

function asResult(value) {
  if (value && typeof value === "object" && Array.isArray(value.content)) return value;
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  return { content: [{ type: "text", text }] };
}

function functionTool({ name, description = "", input = {}, run, readOnly = false } = {}) {
  if (typeof name !== "string" || !name) throw new TypeError("functionTool: name must be a non-empty string");
  if (typeof run !== "function") throw new TypeError(`functionTool: run of ${name} must be a function`);
  const handler = async (args, extra) => {
    try {
      return asResult(await run(args, extra));
    } catch (e) {
      const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return { content: [{ type: "text", text: what }], isError: true };
    }
  };
  const t = { name, description, inputSchema: input, handler, [FUNCTION_TOOLS]: true };
  if (readOnly) t.annotations = { readOnlyHint: true };
  return t;
}

/** A copy of `options` that also offers `tools` (made by `functionTool`) to the model. */
function withTools(options, tools) {
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError("withTools: options must be an object");
  }
  if (!Array.isArray(tools)) throw new TypeError("withTools: tools must be an array");
  const all = [...((options && options[FUNCTION_TOOLS]) || [])];
  for (const t of tools) {
    if (!t || t[FUNCTION_TOOLS] !== true) throw new TypeError("withTools: each tool must come from functionTool()");
    if (all.some((o) => o.name === t.name)) throw new TypeError(`withTools: two tools are named ${JSON.stringify(t.name)}`);
    all.push(t);
  }
  return { ...(options || {}), [FUNCTION_TOOLS]: all };
}

/** The hidden server of `options`' function tools, or null. */
function functionServer(options) {
  const tools = options && options[FUNCTION_TOOLS];
  if (!Array.isArray(tools) || tools.length === 0) return null;
  const instance = new SdkMcpServer({ name: SERVER, tools });
  return { name: SERVER, instance, definition: { ...instance.definition(), plain_names: true } };
}

module.exports = { functionTool, withTools, functionServer };
