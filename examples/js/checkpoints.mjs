// File checkpoints: let the model edit a file, then put the file back as it was.
//
// With enableFileCheckpointing the session keeps a copy of each file before a prompt's edits;
// rewindFiles(id) restores the files as they were when the prompt with that id arrived. The
// "replay-user-messages" flag makes the session echo each prompt back with its uuid. Rewinding
// needs a live session, so the prompt goes in as a stream that stays open until we are done.
// It writes notes.txt ("shopping: apples") in the current folder; the rewind undoes the edit.
//
//   node examples/js/checkpoints.mjs
import fs from "node:fs";
import path from "node:path";
import { query } from "oxagent";

const notes = path.resolve("notes.txt");
fs.writeFileSync(notes, "shopping: apples\n");
console.log("before:", fs.readFileSync(notes, "utf8").trim());

let finish;
const finished = new Promise((resolve) => (finish = resolve));
async function* prompts() {
  yield { type: "user", message: { role: "user", content: `In ${notes}, replace apples with pears.` }, parent_tool_use_id: null, session_id: "" };
  await finished; // keep the session open for the rewind
}

const q = query({
  prompt: prompts(),
  options: {
    enableFileCheckpointing: true,
    permissionMode: "acceptEdits", // let the model edit without asking
    extraArgs: { "replay-user-messages": null },
    maxTurns: 4,
  },
});
let checkpoint;
for await (const message of q) {
  if (message.type === "user" && message.isReplay && !checkpoint) checkpoint = message.uuid;
  if (message.type === "result") {
    console.log("model:", message.result);
    console.log("after the edit:", fs.readFileSync(notes, "utf8").trim());
    const preview = await q.rewindFiles(checkpoint, { dryRun: true });
    console.log("a rewind would change:", preview.filesChanged.map((f) => path.basename(f)).join(", "));
    await q.rewindFiles(checkpoint);
    console.log("after rewind:", fs.readFileSync(notes, "utf8").trim());
    finish();
  }
}
