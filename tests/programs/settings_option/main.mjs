// The settings option (a JSON string) carries a deny rule for Write.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
const options = { settings: JSON.stringify({ permissions: { deny: ["Write"] } }), permissionMode: "acceptEdits" };
for await (const m of query({ prompt: "Write out.txt", options })) show(m);
console.log("out.txt exists:", existsSync("out.txt"));
