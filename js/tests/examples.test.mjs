// The project's own examples (examples/js/*.mjs) run unchanged on the scripted server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_DIR, mockApi, scratchDir, text, toolUse } from "./helpers.mjs";

const EXAMPLES = path.resolve(PACKAGE_DIR, "..", "examples", "js");

const SCRIPTS = {
  "quickstart.mjs": [toolUse("toolu_01", "Read", { file_path: "README.md" }), text("Just a README.")],
  "guarded_tools.mjs": [toolUse("toolu_01", "Bash", { command: "rm -rf notes", description: "clean" }), text("Notes are written.")],
  "inprocess_tools.mjs": [toolUse("toolu_01", "mcp__units__convert", { value: 10, from: "km", to: "ft" }), text("About 32808 feet.")],
  "function_tools.mjs": [toolUse("toolu_01", "stock", { item: "pears" }), toolUse("toolu_02", "restock", { item: "pears", count: 2 }), text("Restocked pears.")],
  "conversation.mjs": [text("a.txt"), text("a.txt is the largest"), text("It says hello.")],
};
const EXPECT = {
  "quickstart.mjs": /tool call: Read[\s\S]*assistant: Just a README\.[\s\S]*success after 2 turns/,
  "guarded_tools.mjs": /hook: Bash \(toolu_01\)[\s\S]*Notes are written\./,
  "inprocess_tools.mjs": /name: 'units'[\s\S]*About 32808 feet\./,
  "function_tools.mjs": /Restocked pears\.\ninventory now: {"apples":3,"pears":2}/,
  "conversation.mjs": /turn 1: success[\s\S]*turn 3: success/,
};

test("examples/js run on the scripted server", { skip: !fs.existsSync(EXAMPLES) && "no examples/js" }, async (t) => {
  const dir = scratchDir("oxagent-examples-");
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(PACKAGE_DIR, path.join(dir, "node_modules", "oxagent"), "dir");
  fs.symlinkSync(path.join(PACKAGE_DIR, "node_modules", "zod"), path.join(dir, "node_modules", "zod"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  for (const name of Object.keys(SCRIPTS)) {
    await t.test(name, async () => {
      fs.copyFileSync(path.join(EXAMPLES, name), path.join(dir, name));
      const api = await mockApi({ responses: SCRIPTS[name], default: text("done") });
      try {
        fs.writeFileSync(path.join(api.workspace, "README.md"), "hello\n");
        const run = spawnSync(process.execPath, [path.join(dir, name)], { cwd: api.workspace, encoding: "utf8", env: { ...process.env, ...api.env }, timeout: 30000 });
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, EXPECT[name]);
      } finally {
        await api.close();
      }
    });
  }
});
