// zod raw shapes (zod 3 or zod 4) -> JSON Schema for an MCP tool's inputSchema.
//
// zod 4 schemas go through zod's own converter (`zod/v4/core` toJSONSchema, input side) when
// zod can be loaded; zod 3 schemas (and zod 4 ones when it cannot) through the small converter
// below, which covers the types tool inputs use.
//
//   shapeToJsonSchema({ a: z.number(), b: z.string().optional() })
//     -> { type: "object", properties: { a: {type: "number"}, b: {type: "string"} }, required: ["a"] }
"use strict";

let zodCore;
function loadZodCore() {
  if (zodCore === undefined) {
    try {
      zodCore = require("zod/v4/core");
    } catch {
      zodCore = null;
    }
  }
  return zodCore;
}

const isV4 = (s) => Boolean(s && s._zod && s._zod.def);
const isV3 = (s) => Boolean(s && s._def && typeof s._def.typeName === "string");
const isZod = (s) => isV4(s) || isV3(s);

/** Whether the tool input may leave this field out. */
function isOptional(s) {
  if (isV4(s)) return s._zod.optin !== undefined;
  if (typeof s.isOptional === "function") return s.isOptional();
  return false;
}

function withDescription(out, description) {
  if (typeof description === "string" && description && out.description === undefined) out.description = description;
  return out;
}

// --- zod 3 ---------------------------------------------------------------------------------

function stringV3(def) {
  const out = { type: "string" };
  for (const c of def.checks || []) {
    if (c.kind === "min") out.minLength = c.value;
    else if (c.kind === "max") out.maxLength = c.value;
    else if (c.kind === "length") out.minLength = out.maxLength = c.value;
    else if (c.kind === "regex") out.pattern = c.regex.source;
    else if (["email", "url", "uuid", "date", "time"].includes(c.kind)) out.format = c.kind === "url" ? "uri" : c.kind;
    else if (c.kind === "datetime") out.format = "date-time";
  }
  return out;
}

function numberV3(def) {
  const out = { type: "number" };
  for (const c of def.checks || []) {
    if (c.kind === "int") out.type = "integer";
    else if (c.kind === "min") out[c.inclusive ? "minimum" : "exclusiveMinimum"] = c.value;
    else if (c.kind === "max") out[c.inclusive ? "maximum" : "exclusiveMaximum"] = c.value;
  }
  return out;
}

function objectOf(shape, convert) {
  const properties = {};
  const required = [];
  for (const [key, field] of Object.entries(shape)) {
    properties[key] = convert(field);
    if (!isOptional(field)) required.push(key);
  }
  const out = { type: "object", properties };
  if (required.length) out.required = required;
  return out;
}

const literal = (v) => ({ type: v === null ? "null" : typeof v, const: v });

function fromV3(s) {
  const def = s._def;
  const inner = (x) => fromV3(x);
  let out;
  switch (def.typeName) {
    case "ZodString": out = stringV3(def); break;
    case "ZodNumber": out = numberV3(def); break;
    case "ZodBigInt": out = { type: "integer" }; break;
    case "ZodBoolean": out = { type: "boolean" }; break;
    case "ZodNull": out = { type: "null" }; break;
    case "ZodDate": out = { type: "string", format: "date-time" }; break;
    case "ZodLiteral": out = literal(def.value); break;
    case "ZodEnum": out = { type: "string", enum: [...def.values] }; break;
    case "ZodNativeEnum": out = { enum: Object.values(def.values).filter((v) => typeof def.values[v] !== "number") }; break;
    case "ZodArray": {
      out = { type: "array", items: inner(def.type) };
      if (def.minLength) out.minItems = def.minLength.value;
      if (def.maxLength) out.maxItems = def.maxLength.value;
      break;
    }
    case "ZodTuple": out = { type: "array", prefixItems: def.items.map(inner) }; break;
    case "ZodObject": out = objectOf(def.shape(), inner); break;
    case "ZodRecord": out = { type: "object", additionalProperties: inner(def.valueType) }; break;
    case "ZodUnion":
    case "ZodDiscriminatedUnion": out = { anyOf: [...(def.options.values ? def.options.values() : def.options)].map(inner) }; break;
    case "ZodIntersection": out = { allOf: [inner(def.left), inner(def.right)] }; break;
    case "ZodOptional": out = { ...inner(def.innerType) }; break;
    case "ZodNullable": out = { anyOf: [inner(def.innerType), { type: "null" }] }; break;
    case "ZodDefault": out = { ...inner(def.innerType), default: def.defaultValue() }; break;
    case "ZodCatch":
    case "ZodReadonly": out = { ...inner(def.innerType) }; break;
    case "ZodEffects": out = { ...inner(def.schema) }; break;
    case "ZodPipeline": out = { ...inner(def.in) }; break;
    case "ZodBranded": out = { ...inner(def.type) }; break;
    case "ZodLazy": out = { ...inner(def.getter()) }; break;
    case "ZodAny":
    case "ZodUnknown": out = {}; break;
    case "ZodNever": out = { not: {} }; break;
    default: throw new Error(`cannot convert ${def.typeName} to JSON Schema`);
  }
  return withDescription(out, def.description);
}

// --- zod 4 (used only when zod itself cannot be loaded) --------------------------------------

function fromV4(s) {
  const def = s._zod.def;
  const bag = s._zod.bag || {};
  const inner = (x) => fromV4(x);
  let out;
  switch (def.type) {
    case "string": {
      out = { type: "string" };
      if (bag.minimum !== undefined) out.minLength = bag.minimum;
      if (bag.maximum !== undefined) out.maxLength = bag.maximum;
      if (bag.format) out.format = bag.format === "url" ? "uri" : bag.format;
      if (bag.patterns && bag.patterns.size) out.pattern = [...bag.patterns][0].source;
      break;
    }
    case "number": {
      out = { type: bag.format && String(bag.format).includes("int") ? "integer" : "number" };
      if (bag.minimum !== undefined && Number.isFinite(bag.minimum)) out.minimum = bag.minimum;
      if (bag.maximum !== undefined && Number.isFinite(bag.maximum)) out.maximum = bag.maximum;
      break;
    }
    case "bigint": out = { type: "integer" }; break;
    case "boolean": out = { type: "boolean" }; break;
    case "null": out = { type: "null" }; break;
    case "date": out = { type: "string", format: "date-time" }; break;
    case "literal": out = def.values.length === 1 ? literal(def.values[0]) : { enum: [...def.values] }; break;
    case "enum": out = { type: "string", enum: Object.values(def.entries) }; break;
    case "array": out = { type: "array", items: inner(def.element) }; break;
    case "tuple": out = { type: "array", prefixItems: def.items.map(inner) }; break;
    case "object": out = objectOf(def.shape, inner); break;
    case "record": out = { type: "object", additionalProperties: inner(def.valueType) }; break;
    case "union": out = { anyOf: def.options.map(inner) }; break;
    case "intersection": out = { allOf: [inner(def.left), inner(def.right)] }; break;
    case "nullable": out = { anyOf: [inner(def.innerType), { type: "null" }] }; break;
    case "default":
    case "prefault": {
      const d = def.defaultValue;
      out = { ...inner(def.innerType), default: typeof d === "function" ? d() : d };
      break;
    }
    case "optional":
    case "nonoptional":
    case "catch":
    case "readonly": out = { ...inner(def.innerType) }; break;
    case "pipe": out = { ...inner(def.in) }; break;
    case "lazy": out = { ...inner(def.getter()) }; break;
    case "any":
    case "unknown": out = {}; break;
    case "never": out = { not: {} }; break;
    default: throw new Error(`cannot convert zod ${def.type} to JSON Schema`);
  }
  return withDescription(out, s.description);
}

// --- entry points ----------------------------------------------------------------------------

/** One zod schema (3 or 4) -> JSON Schema. Throws when it cannot be converted. */
function schemaToJsonSchema(s) {
  if (isV4(s)) {
    const core = loadZodCore();
    if (core && typeof core.toJSONSchema === "function") {
      const out = core.toJSONSchema(s, { io: "input", unrepresentable: "throw" });
      delete out.$schema;
      return out;
    }
    return fromV4(s);
  }
  if (isV3(s)) return fromV3(s);
  throw new Error("not a zod schema");
}

/** A zod raw shape, a zod object schema or a JSON Schema object -> JSON Schema. */
function shapeToJsonSchema(shape) {
  if (isZod(shape)) return schemaToJsonSchema(shape);
  if (shape && typeof shape === "object" && typeof shape.type === "string" && !isZod(Object.values(shape)[0])) {
    return shape; // already JSON Schema
  }
  return objectOf(shape || {}, schemaToJsonSchema);
}

/**
 * Checks and parses tool arguments as the TS SDK's server does (its zod object of the shape):
 * `{ok: true, value}` (the parsed value, defaults applied) or `{ok: false, issues}` (zod's
 * issues, paths from the arguments' root).
 */
function parseArgs(shape, args) {
  if (!shape || typeof shape !== "object") return { ok: true, value: args };
  const check = (schema, value) => (typeof schema.safeParse === "function" ? schema.safeParse(value) : { success: true, data: value });
  const issuesOf = (error) => (error && error.issues ? error.issues : [{ code: "custom", path: [], message: String(error) }]);
  if (isZod(shape)) {
    const r = check(shape, args);
    return r.success ? { ok: true, value: r.data } : { ok: false, issues: issuesOf(r.error) };
  }
  if (!Object.values(shape).every(isZod)) return { ok: true, value: args };
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    const received = args === null ? "null" : Array.isArray(args) ? "array" : typeof args;
    return { ok: false, issues: [{ expected: "object", code: "invalid_type", path: [], message: `Invalid input: expected object, received ${received}` }] };
  }
  const value = { ...args };
  const issues = [];
  for (const [key, schema] of Object.entries(shape)) {
    const r = check(schema, value[key]);
    if (r.success) {
      if (r.data !== undefined) value[key] = r.data;
    } else {
      // Same key order as zod's own issues: the path stays where it was.
      issues.push(...issuesOf(r.error).map((i) => ({ ...i, path: [key, ...(i.path || [])] })));
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, value };
}

module.exports = { shapeToJsonSchema, parseArgs, isZod };
