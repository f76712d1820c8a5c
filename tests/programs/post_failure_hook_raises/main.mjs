// A PostToolUseFailure hook throws after a failing command; the caller is warned, the turn goes on.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function broken() {
  throw new Error("hook backend unavailable");
}
const options = { permissionMode: "bypassPermissions", hooks: { PostToolUseFailure: [{ matcher: "Bash", hooks: [broken] }] } };
try {
  for await (const m of query({ prompt: "Run the failing command", options })) {
    if (m.type === "system" && m.subtype !== "init") console.log("system data:", JSON.stringify({ content: m.content, level: m.level, subtype: m.subtype }));
    show(m);
  }
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
