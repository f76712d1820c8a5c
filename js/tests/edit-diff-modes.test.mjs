// What a command changed in a git work tree (`bashEditDiff`) is recorded in bypassPermissions
// only, as the reference does (tests/conformance/edges bd_*, fuzz-a/fa_524).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, settle, text, toolUse } from "./helpers.mjs";

const REPO = "git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init && echo ok";

for (const [mode, recorded] of [["bypassPermissions", true], ["acceptEdits", false], ["default", false]]) {
  test(`a command's changes in a repository in ${mode} mode are recorded: ${recorded}`, async () => {
    const api = await mockApi((ws) => {
      fs.writeFileSync(path.join(ws, "notes.txt"), "alpha\nbeta\n");
      return {
        responses: [toolUse("toolu_1", "Bash", { command: REPO }), text("Ready."),
          toolUse("toolu_2", "Bash", { command: "echo gamma >> notes.txt" }), text("Done.")],
      };
    });
    try {
      const opts = api.options({ permissionMode: mode, allowedTools: ["Bash"] });
      await settle(query({ prompt: "Go", options: opts }));
      const { messages } = await settle(query({ prompt: "Change it", options: opts }));
      const results = messages.filter((m) => m.type === "user" && m.tool_use_result?.stdout !== undefined);
      assert.equal(results.length, 1);
      const diff = results[0].tool_use_result.bashEditDiff;
      if (recorded) {
        assert.deepEqual(diff.files.map((f) => f.filePath), [path.join(api.workspace, "notes.txt")]);
      } else {
        assert.equal(diff, undefined);
      }
    } finally {
      await api.close();
    }
  });
}
