// continue: true picks up the most recent session in the cwd.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

async function run(prompt, options) {
  let sid;
  for await (const m of query({ prompt, options })) {
    show(m);
    if (m.type === "result") sid = m.session_id;
  }
  return sid;
}
const first = await run("The password is swordfish", {});
const again = await run("What was the password?", { continue: true });
console.log("same session:", first === again);
