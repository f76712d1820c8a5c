// renameSession, tagSession and getSessionInfo on a finished session.
import { query, renameSession, tagSession, getSessionInfo } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

let sid;
for await (const m of query({ prompt: "Start a session to name", options: {} })) {
  show(m);
  if (m.type === "result") sid = m.session_id;
}
await renameSession(sid, "My named session", { dir: process.cwd() });
await tagSession(sid, "demo", { dir: process.cwd() });
const info = await getSessionInfo(sid, { dir: process.cwd() });
console.log("info found:", info !== undefined, "same id:", info.sessionId === sid);
console.log("customTitle:", info.customTitle, "tag:", info.tag, "summary:", info.summary);
console.log("firstPrompt:", info.firstPrompt);
