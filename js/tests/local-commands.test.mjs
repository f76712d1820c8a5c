// What a host sees of `/clear` and of the `origin` it stamps on a prompt, through the Node face
// against the scripted server: the conversation_reset frame, the new session, the result of no
// turns, and an origin echoed only when a person typed the prompt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { query } from "../index.js";
import { mockApi, promptStream, scratchDir, text } from "./helpers.mjs";

const user = (content, extra = {}) => ({ type: "user", message: { role: "user", content }, parent_tool_use_id: null, ...extra });

test("/clear goes on as a new session; origin {kind: human} is echoed on the result", async () => {
  const api = await mockApi({ responses: [text("one"), text("two")] });
  const home = scratchDir("oxagent-home-");
  const prompts = promptStream();
  const q = query({ prompt: prompts, options: api.options({ maxTurns: 1, env: { HOME: home } }) });
  const turns = [];
  let current = [];
  prompts.push(user("first", { origin: { kind: "human" } }));
  const next = ["/clear", user("second", { origin: { kind: "peer" } })];
  for await (const m of q) {
    current.push(m);
    if (m.type !== "result") continue;
    turns.push(current);
    current = [];
    if (next.length) prompts.push(next.shift());
    else prompts.end();
  }
  await api.close();
  const [first, cleared, second] = turns;
  const before = first.at(-1);
  assert.deepEqual(before.origin, { kind: "human" });
  assert.deepEqual(cleared.map((m) => m.subtype ? `${m.type}/${m.subtype}` : m.type),
    ["conversation_reset", "system/background_tasks_changed", "system/init", "result/success"]);
  const [reset, , init, result] = cleared;
  assert.equal(reset.session_id, before.session_id);
  assert.equal(reset.trigger, "clear");
  assert.equal(reset.uuid, reset.new_conversation_id);
  assert.equal(typeof reset.user_message_uuid, "string");
  assert.equal(reset.user_message_from_human, undefined);
  assert.notEqual(init.session_id, before.session_id);
  assert.equal(result.session_id, init.session_id);
  assert.equal(result.local_command, "clear");
  assert.equal(result.num_turns, 0);
  assert.equal(result.total_cost_usd, 0);
  const after = second.at(-1);
  assert.equal(after.session_id, init.session_id);
  assert.equal(after.origin, undefined);
  assert.equal(after.total_cost_usd, before.total_cost_usd);
  const sent = api.requests().at(-1).body.messages;
  assert.equal(sent.length, 1);
  assert.ok(!JSON.stringify(sent).includes("first"));
});

test("rewindFiles puts files back as a prompt found them; a dry run says what would change", async () => {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const api = await mockApi((ws) => ({ responses: [
    { content: [{ type: "tool_use", id: "toolu_01", name: "Write", input: { file_path: path.join(ws, "new.txt"), content: "hello\nworld\n" } }] },
    text("done"),
  ] }));
  const file = path.join(api.workspace, "new.txt");
  const prompts = promptStream();
  const q = query({ prompt: prompts, options: api.options({ enableFileCheckpointing: true, extraArgs: { "replay-user-messages": null } }) });
  prompts.push("make a file");
  let id;
  for await (const m of q) {
    if (m.type === "user" && m.isReplay) id = m.uuid;
    if (m.type !== "result") continue;
    assert.equal(fs.readFileSync(file, "utf8"), "hello\nworld\n");
    assert.deepEqual(await q.rewindFiles(id, { dryRun: true }),
      { canRewind: true, filesChanged: [file], insertions: 0, deletions: 2 });
    assert.deepEqual(await q.rewindFiles(id), { canRewind: true, skippedLinks: 0 });
    assert.equal(fs.existsSync(file), false);
    await assert.rejects(q.rewindFiles("00000000-0000-4000-8000-000000000000"), /No file checkpoint found for this message\./);
    prompts.end();
  }
  await api.close();
});
