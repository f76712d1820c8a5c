// The .d.ts: our own type tests compile; the documented TypeScript examples
// (../shared/seed-examples/*.ts) compile against it with the official import specifier and run
// unchanged on the scripted server; and, when the official package is at hand
// (OXAGENT_REFERENCE_TS_SDK=<its package dir>), every SDKMessage member and Options field it
// declares is declared here too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { PACKAGE_DIR, mockApi, scratchDir } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const SEEDS = process.env.OXAGENT_SEED_EXAMPLES || path.resolve(PACKAGE_DIR, "..", "..", "shared", "seed-examples");
const seedFiles = fs.existsSync(SEEDS) ? fs.readdirSync(SEEDS).filter((f) => f.endsWith(".ts")).map((f) => path.join(SEEDS, f)) : [];

function compile(files, options) {
  const program = ts.createProgram(files, options);
  const emitted = program.emit();
  const diagnostics = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics);
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n") + (d.file ? ` (${path.basename(d.file.fileName)})` : ""));
}

const compilerOptions = (extra) => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: false,
  types: [],
  ...extra,
});

test("the package's own type tests compile", () => {
  const run = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(PACKAGE_DIR, "tests", "types", "tsconfig.json")], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test("the documented examples compile against index.d.ts and run on the scripted server", { skip: !seedFiles.length && `no seed examples at ${SEEDS}` }, async () => {
  const dir = scratchDir("oxagent-seeds-");
  const out = path.join(dir, "out");
  const sdkLink = path.join(dir, "node_modules", "@anthropic-ai", "claude-agent-sdk");
  fs.mkdirSync(path.dirname(sdkLink), { recursive: true });
  fs.symlinkSync(PACKAGE_DIR, sdkLink, "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const copies = seedFiles.map((f) => {
    const to = path.join(dir, path.basename(f));
    fs.copyFileSync(f, to);
    return to;
  });
  const errors = compile(copies, compilerOptions({ outDir: out, rootDir: dir }));
  assert.deepEqual(errors, []);
  fs.writeFileSync(path.join(out, "package.json"), JSON.stringify({ type: "module" }));
  fs.symlinkSync(path.join(dir, "node_modules"), path.join(out, "node_modules"), "dir");

  const api = await mockApi({ default: { content: [{ type: "text", text: "The project is fine." }] } });
  try {
    for (const file of copies) {
      const js = path.join(out, path.basename(file).replace(/\.ts$/, ".js"));
      const run = spawnSync(process.execPath, [js], { cwd: api.workspace, encoding: "utf8", env: { ...process.env, ...api.env }, timeout: 30000 });
      assert.equal(run.status, 0, `${path.basename(file)}: ${run.stderr}`);
      assert.match(run.stdout, /The project is fine\./, `${path.basename(file)} printed: ${run.stdout}`);
      assert.doesNotMatch(run.stdout, /Session ended with an error/, run.stdout);
    }
  } finally {
    await api.close();
  }
});

// --- completeness against the official declarations ----------------------------------------

const REFERENCE = process.env.OXAGENT_REFERENCE_TS_SDK;

function exportsOf(file) {
  const program = ts.createProgram([file], compilerOptions({ noEmit: true }));
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  const typeOf = (name) => checker.getDeclaredTypeOfSymbol(exports.get(name));
  const unionMembers = (name) => {
    const decl = exports.get(name).declarations.find(ts.isTypeAliasDeclaration);
    return decl.type.types.map((t) => t.getText());
  };
  const properties = (name) => checker.getPropertiesOfType(typeOf(name)).map((p) => p.name).sort();
  return { names: new Set(exports.keys()), unionMembers, properties };
}

test("every SDKMessage member and Options field of the official package is declared", { skip: !REFERENCE && "set OXAGENT_REFERENCE_TS_SDK to the official package's directory" }, () => {
  const official = exportsOf(path.join(REFERENCE, "sdk.d.ts"));
  const ours = exportsOf(path.join(PACKAGE_DIR, "index.d.ts"));
  const members = official.unionMembers("SDKMessage");
  assert.equal(members.length, 40);
  assert.deepEqual(members.filter((m) => !ours.names.has(m)), []);
  assert.deepEqual(members.slice().sort(), ours.unionMembers("SDKMessage").sort());
  assert.deepEqual(official.properties("Options"), ours.properties("Options"));
  for (const fn of ["query", "tool", "createSdkMcpServer", "AbortError", "startup", "HOOK_EVENTS", "EXIT_REASONS", "SYSTEM_PROMPT_DYNAMIC_BOUNDARY"]) {
    assert.ok(ours.names.has(fn), fn);
  }
  const queryMethods = official.properties("Query").filter((m) => !m.startsWith("__@") && !ours.properties("Query").includes(m));
  assert.deepEqual(queryMethods, []);
});

test("our SDKMessage union has the 40 documented members", () => {
  const ours = exportsOf(path.join(PACKAGE_DIR, "index.d.ts"));
  assert.equal(new Set(ours.unionMembers("SDKMessage")).size, 40);
});
