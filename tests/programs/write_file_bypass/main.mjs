// The agent writes a file with bypassPermissions; the program reads it back.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { readFileSync } from "node:fs";
const options = { permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true, cwd: process.cwd() };
for await (const m of query({ prompt: "Create notes.txt with a greeting", options })) show(m);
console.log("notes.txt:", JSON.stringify(readFileSync("notes.txt", "utf8")));
