// resumeSessionAt with forkSession branches from an earlier answer.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

let sid, firstAnswer;
for await (const m of query({ prompt: "Say one", options: {} })) {
  show(m);
  if (m.type === "assistant" && firstAnswer === undefined) firstAnswer = m.uuid;
  if (m.type === "result") sid = m.session_id;
}
for await (const m of query({ prompt: "Say two", options: { resume: sid } })) show(m);
const options = { resume: sid, forkSession: true, resumeSessionAt: firstAnswer };
for await (const m of query({ prompt: "What came before?", options })) show(m);
