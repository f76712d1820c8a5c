// resume keeps the session, forkSession makes a new one; sessions are listed afterwards.
import { query, listSessions, getSessionMessages } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function run(prompt, options) {
  let sid;
  for await (const m of query({ prompt, options })) {
    show(m);
    if (m.type === "result") sid = m.session_id;
  }
  return sid;
}
const first = await run("Remember the number 7", {});
const second = await run("What number?", { resume: first });
console.log("resume keeps session:", second === first);
const forked = await run("Branch off", { resume: first, forkSession: true });
console.log("fork makes new session:", forked !== first);
const sessions = await listSessions({ dir: process.cwd() });
console.log("sessions listed:", sessions.length, "first listed:", sessions.some((s) => s.sessionId === first));
const msgs = await getSessionMessages(first, { dir: process.cwd() });
console.log("messages of first:", JSON.stringify(msgs.map((m) => m.type)));
