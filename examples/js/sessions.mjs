// Saved sessions: start one, resume it (same session, more turns), fork it (a new session that
// starts from a copy of the conversation), then list this folder's saved sessions with their
// titles.
//
//   node examples/js/sessions.mjs
import { listSessions, query, renameSession } from "oxagent";

/** Runs one prompt and returns the session id its result names. */
async function ask(prompt, options = {}) {
  let sessionId = "";
  for await (const message of query({ prompt, options: { maxTurns: 2, ...options } })) {
    if (message.type === "result") {
      console.log(`[${message.session_id.slice(0, 8)}] ${message.result}`);
      sessionId = message.session_id;
    }
  }
  return sessionId;
}

const first = await ask("Suggest a name for a cat.");
const resumed = await ask("Give me a shorter one.", { resume: first });
console.log("resumed the same session:", resumed === first);

const forked = await ask("Now suggest one for a dog instead.", { resume: first, forkSession: true });
console.log("fork is a new session:", forked !== first);
await renameSession(forked, "Dog names", { dir: process.cwd() });

console.log("saved sessions here:");
for (const info of await listSessions({ dir: process.cwd() })) {
  console.log(`  ${info.sessionId.slice(0, 8)}  ${info.summary}`);
}
