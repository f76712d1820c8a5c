// permissionMode 'plan': the model may read but a write is refused.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { readFileSync } from "node:fs";
for await (const m of query({ prompt: "Plan a change to a.txt", options: { permissionMode: "plan" } })) show(m);
console.log("a.txt:", JSON.stringify(readFileSync("a.txt", "utf8")));
