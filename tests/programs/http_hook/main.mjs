// A settings-file hook of type "http": the project's settings send every Bash call to a
// small approval service on 127.0.0.1, which refuses commands that delete files and reads a
// token header filled from the environment.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const seen = [];
const server = createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    const event = JSON.parse(raw);
    const command = event.tool_input.command;
    seen.push([command, event.hook_event_name, req.headers.authorization]);
    const answer = command.startsWith("rm ")
      ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny",
          permissionDecisionReason: "deleting files needs a ticket" } }
      : {};
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer));
  });
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/guard`;
mkdirSync(".claude", { recursive: true });
writeFileSync(".claude/settings.json", JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{
  type: "http", url, headers: { Authorization: "Bearer $GUARD_TOKEN" }, allowedEnvVars: ["GUARD_TOKEN"] }] }] } }));
const options = { allowedTools: ["Bash"], settingSources: ["project"],
  env: { ...process.env, GUARD_TOKEN: "t-123" } };
for await (const m of query({ prompt: "Clean up and report", options })) show(m);
server.close();
seen.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
for (const [command, event, auth] of seen) console.log("guard saw:", event, command, auth);
