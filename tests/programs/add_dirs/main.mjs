// additionalDirectories lets the agent read a folder next to the workspace; a folder not added is refused.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
const root = path.dirname(process.cwd());
mkdirSync(path.join(root, "shared"), { recursive: true });
mkdirSync(path.join(root, "private"), { recursive: true });
writeFileSync(path.join(root, "shared", "s.txt"), "shared text\n");
writeFileSync(path.join(root, "private", "p.txt"), "private text\n");
const options = { additionalDirectories: [path.join(root, "shared")], permissionMode: "dontAsk" };
for await (const m of query({ prompt: "Read both files", options })) show(m);
