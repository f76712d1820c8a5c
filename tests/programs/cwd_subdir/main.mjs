// The cwd option points at a subfolder; a relative Write lands there.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
mkdirSync("sub", { recursive: true });
const options = { cwd: path.join(process.cwd(), "sub"), permissionMode: "acceptEdits" };
for await (const m of query({ prompt: "Write here.txt", options })) {
  if (m.type === "system" && m.subtype === "init") console.log("init cwd:", m.cwd);
  show(m);
}
console.log("sub/here.txt exists:", existsSync("sub/here.txt"), "here.txt exists:", existsSync("here.txt"));
