// allowedTools with a Bash prefix rule: a matching command runs, another is refused.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
for await (const m of query({ prompt: "Echo, then touch", options: { allowedTools: ["Bash(echo:*)"], permissionMode: "dontAsk" } })) show(m);
console.log("touched.txt exists:", existsSync("touched.txt"));
