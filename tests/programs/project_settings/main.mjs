// settingSources: ['project'] loads .claude/settings.json, whose deny rule blocks Bash.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
for await (const m of query({ prompt: "Run the shell", options: { settingSources: ["project"], permissionMode: "acceptEdits" } })) show(m);
console.log("ran.txt exists:", existsSync("ran.txt"));
