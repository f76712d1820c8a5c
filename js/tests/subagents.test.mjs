// Subagents through the Node face: a custom agent from `agents`, its messages marked with the
// Agent call, its report as the call's result, a background agent's notification turn, and
// supportedAgents().
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { query } from "../index.js";
import { mockApi, collect } from "./helpers.mjs";

const reviewer = { description: "Reads one file and reports.", prompt: "REVIEWER-SYSTEM", tools: ["Read"] };
const text = (t) => ({ content: [{ type: "text", text: t }] });

function script(background) {
  return (ws) => {
    fs.writeFileSync(path.join(ws, "a.txt"), "alpha-content\n");
    return {
      responses: [
        { match: "PARENT-PROMPT", content: [{ type: "tool_use", id: "toolu_A1", name: "Agent", input: { description: "Read a", prompt: "SUB-PROMPT: read a.txt", subagent_type: "reviewer", run_in_background: background } }] },
        { match: "Async agent launched", ...text("PARENT-WAITING") },
        { match: "SUB-PROMPT", content: [{ type: "tool_use", id: "toolu_S1", name: "Read", input: { file_path: path.join(ws, "a.txt") } }] },
        { match: "alpha-content", ...text("SUB-ANSWER: alpha seen") },
        { match: "task-notification", ...text("PARENT-AFTER") },
        { match: "SUB-ANSWER", ...text("PARENT-DONE") },
      ],
    };
  };
}

test("a foreground agent's calls are marked with the Agent call and its report is the result", async () => {
  const api = await mockApi(script(false));
  try {
    const messages = await collect(query({ prompt: "PARENT-PROMPT", options: api.options({ agents: { reviewer } }) }));
    assert.ok(messages[0].agents.includes("reviewer"));
    assert.equal(messages[0].tools[0], "Task");
    const started = messages.find((m) => m.subtype === "task_started");
    assert.equal(started.tool_use_id, "toolu_A1");
    assert.equal(started.is_backgrounded, false);
    const inner = messages.filter((m) => m.type === "assistant" && m.parent_tool_use_id === "toolu_A1");
    assert.deepEqual(inner.flatMap((m) => m.message.content.filter((b) => b.type === "tool_use").map((b) => b.name)), ["Read"]);
    const handBack = messages.find((m) => m.type === "user" && m.parent_tool_use_id === null && m.message.content[0]?.tool_use_id === "toolu_A1");
    assert.match(JSON.stringify(handBack.message.content[0].content), /SUB-ANSWER: alpha seen/);
    assert.equal(handBack.tool_use_result.agentType, "reviewer");
    assert.equal(messages.at(-1).result, "PARENT-DONE");
    // The subagent's system prompt is its definition's.
    const sub = api.requests().find((r) => JSON.stringify(r.body.messages).includes("SUB-PROMPT"));
    assert.match(JSON.stringify(sub.body.system), /REVIEWER-SYSTEM/);
  } finally {
    await api.close();
  }
});

test("a background agent answers at once and its end starts a turn", async () => {
  const api = await mockApi(script(true));
  try {
    const messages = await collect(query({ prompt: "PARENT-PROMPT", options: api.options({ agents: { reviewer } }) }));
    const results = messages.filter((m) => m.type === "result");
    assert.deepEqual(results.map((r) => r.result), ["PARENT-WAITING", "PARENT-AFTER"]);
    const changed = messages.filter((m) => m.subtype === "background_tasks_changed");
    assert.equal(changed[0].tasks[0].task_type, "local_agent");
    assert.deepEqual(changed.at(-1).tasks, []);
    const note = messages.find((m) => m.subtype === "task_notification");
    assert.equal(note.summary, "SUB-ANSWER: alpha seen");
    assert.equal(note.summary_is_report, true);
  } finally {
    await api.close();
  }
});

test("supportedAgents() lists the built-in agents and the session's own", async () => {
  const api = await mockApi({ responses: [text("hi")] });
  try {
    const q = query({ prompt: "hi", options: api.options({ agents: { reviewer } }) });
    const agents = await q.supportedAgents();
    assert.deepEqual(agents.map((a) => a.name), ["claude", "Explore", "general-purpose", "Plan", "reviewer", "statusline-setup"]);
    assert.equal(agents.find((a) => a.name === "reviewer").description, "Reads one file and reports.");
    await collect(q);
  } finally {
    await api.close();
  }
});

function forkScript(ws) {
  fs.writeFileSync(path.join(ws, "a.txt"), "alpha-content\n");
  return {
    responses: [
      { match: "PARENT-PROMPT", content: [{ type: "text", text: "Forking." }, { type: "tool_use", id: "toolu_A1", name: "Agent", input: { description: "Read a", prompt: "SUB-PROMPT: read a.txt", subagent_type: "fork", run_in_background: false } }] },
      { match: "Your directive: SUB-PROMPT", content: [{ type: "tool_use", id: "toolu_S1", name: "Read", input: { file_path: path.join(ws, "a.txt") } }] },
      { match: "alpha-content", ...text("SUB-ANSWER: alpha seen") },
      { match: "SUB-ANSWER", ...text("PARENT-DONE") },
    ],
  };
}

test("a fork starts from its caller's conversation and reports back", async () => {
  const api = await mockApi(forkScript);
  try {
    const messages = await collect(query({ prompt: "PARENT-PROMPT", options: api.options() }));
    assert.ok(!messages[0].agents.includes("fork"));
    assert.equal(messages.find((m) => m.subtype === "task_started").subagent_type, "fork");
    // No prompt message: the fork's prompt is its caller's conversation.
    const marked = messages.filter((m) => m.parent_tool_use_id === "toolu_A1");
    assert.deepEqual(marked.map((m) => m.type), ["assistant", "user"]);
    const handBack = messages.find((m) => m.type === "user" && m.parent_tool_use_id === null && m.message.content[0]?.tool_use_id === "toolu_A1");
    assert.equal(handBack.tool_use_result.agentType, "fork");
    const fork = api.requests().find((r) => JSON.stringify(r.body.messages).includes("Fork started"));
    const turns = fork.body.messages.filter((m) => m.role !== "system");
    assert.deepEqual(turns[1].content.map((b) => b.type + ":" + (b.id ?? "")), ["tool_use:toolu_A1"]);
    assert.deepEqual(turns[2].content[0], { type: "tool_result", tool_use_id: "toolu_A1", content: [{ type: "text", text: "Fork started — that fork is you." }] });
    assert.match(turns[2].content[1].text, /<\/fork-boilerplate>\n\nYour directive: SUB-PROMPT: read a\.txt$/);
  } finally {
    await api.close();
  }
});

test("with partial messages a subagent's prompt follows the stream event after its call", async () => {
  const api = await mockApi(script(false));
  try {
    const messages = await collect(query({ prompt: "PARENT-PROMPT", options: api.options({ agents: { reviewer }, includePartialMessages: true }) }));
    const label = (m) => (m.type === "stream_event" ? m.event.type : m.type === "user" && m.parent_tool_use_id === "toolu_A1" ? "prompt" : m.subtype ?? m.type);
    const start = messages.findIndex((m) => m.subtype === "task_started");
    assert.deepEqual(messages.slice(start - 2, start + 4).map(label), ["assistant", "content_block_stop", "task_started", "message_delta", "prompt", "message_stop"]);
    assert.ok(messages.filter((m) => m.type === "stream_event").every((m) => m.parent_tool_use_id === null));
  } finally {
    await api.close();
  }
});

test("SendMessage continues a finished agent from its own conversation, in the background", async () => {
  const api = await mockApi((ws) => {
    fs.writeFileSync(path.join(ws, "a.txt"), "alpha-content\n");
    return {
      responses: [
        { match: "PARENT-PROMPT", content: [{ type: "tool_use", id: "toolu_A1", name: "Agent", input: { description: "Read a", prompt: "SUB-PROMPT: read a.txt", subagent_type: "reviewer", run_in_background: false, name: "helper" } }] },
        { match: "SUB-PROMPT", ...text("SUB-ANSWER: alpha seen") },
        { match: "SUB-ANSWER: alpha seen", content: [{ type: "tool_use", id: "toolu_M1", name: "SendMessage", input: { to: "helper", message: "SUB-FOLLOW: say more" } }] },
        { match: "Resuming agent helper", ...text("PARENT-WAITING") },
        { match: "SUB-FOLLOW", ...text("SUB-ANSWER-2: more"), delay_ms: 500 },
        { match: "SUB-ANSWER-2", ...text("PARENT-DONE") },
      ],
    };
  });
  try {
    const messages = await collect(query({ prompt: "PARENT-PROMPT", options: api.options({ agents: { reviewer } }) }));
    const answer = messages.find((m) => m.type === "user" && m.message.content[0]?.tool_use_id === "toolu_M1");
    const id = answer.tool_use_result.resumedAgentId;
    assert.equal(answer.tool_use_result.message, "Resuming agent helper");
    assert.deepEqual(answer.tool_use_result.pin.name, "helper");
    const started = messages.filter((m) => m.subtype === "task_started");
    assert.deepEqual(started.map((s) => [s.task_id, s.tool_use_id, s.is_backgrounded]), [[id, "toolu_A1", false], [id, "toolu_M1", true]]);
    const marked = messages.filter((m) => m.type === "assistant" && m.parent_tool_use_id === "toolu_A1");
    assert.equal(marked.at(-1).message.content[0].text, "SUB-ANSWER-2: more");
    assert.deepEqual(messages.filter((m) => m.type === "result").map((r) => r.result), ["PARENT-WAITING", "PARENT-DONE"]);
    // The agent's own conversation, then the message as a new user turn.
    const body = api.requests().map((r) => r.body).find((b) => JSON.stringify(b.messages.at(-1)).includes("The coordinator sent"));
    assert.match(JSON.stringify(body.messages), /SUB-ANSWER: alpha seen/);
    assert.equal(body.messages.at(-1).content.at(-1).text, "The coordinator sent a message while you were working:\nSUB-FOLLOW: say more\n\nAddress this before completing your current task.");
  } finally {
    await api.close();
  }
});
