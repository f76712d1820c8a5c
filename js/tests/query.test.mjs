import { test } from "node:test";
import assert from "node:assert/strict";
import { query } from "../index.js";
import { mockApi, collect, text, promptStream } from "./helpers.mjs";

test("a string prompt yields init, the assistant's blocks and a result", async () => {
  const api = await mockApi({ responses: [{ content: [{ type: "thinking", thinking: "hmm", signature: "sig" }, { type: "text", text: "Hello there!" }] }] });
  try {
    const messages = await collect(query({ prompt: "Say hello", options: api.options() }));
    const tags = messages.map((m) => (m.subtype ? `${m.type}/${m.subtype}` : m.type));
    assert.equal(tags[0], "system/init");
    assert.equal(tags.at(-1), "result/success");
    const init = messages[0];
    assert.equal(init.cwd, api.workspace);
    assert.equal(init.permissionMode, "bypassPermissions");
    assert.equal(typeof init.session_id, "string");
    const assistants = messages.filter((m) => m.type === "assistant");
    assert.deepEqual(assistants.map((m) => m.message.content.map((b) => b.type)), [["thinking"], ["text"]]);
    assert.equal(assistants[0].message.id, assistants[1].message.id);
    assert.equal(assistants[1].parent_tool_use_id, null);
    const result = messages.at(-1);
    assert.equal(result.result, "Hello there!");
    assert.equal(result.is_error, false);
    assert.equal(result.num_turns, 1);
    assert.equal(result.session_id, init.session_id);
    assert.ok(result.modelUsage && typeof result.total_cost_usd === "number");
    const [request] = api.requests();
    const lastUser = request.body.messages.at(-1);
    assert.equal(JSON.stringify(lastUser.content).includes("Say hello"), true);
  } finally {
    await api.close();
  }
});

test("an async iterable prompt runs one turn per message, and streamInput adds more", async () => {
  const api = await mockApi({ responses: [text("first"), text("second"), text("third")] });
  try {
    const prompt = promptStream();
    const q = query({ prompt, options: api.options() });
    prompt.push("one");
    const results = [];
    for await (const m of q) {
      if (m.type !== "result") continue;
      results.push(m.result);
      if (results.length === 1) prompt.push("two");
      if (results.length === 2) {
        await q.streamInput((async function* () {
          yield { type: "user", message: { role: "user", content: "three" }, parent_tool_use_id: null, session_id: "" };
        })());
        prompt.end();
      }
    }
    assert.deepEqual(results, ["first", "second", "third"]);
  } finally {
    await api.close();
  }
});

test("partial messages stream raw events", async () => {
  const api = await mockApi({ responses: [text("streamed")] });
  try {
    const messages = await collect(query({ prompt: "x", options: api.options({ includePartialMessages: true }) }));
    const events = messages.filter((m) => m.type === "stream_event").map((m) => m.event.type);
    assert.ok(events.includes("message_start") && events.includes("content_block_delta") && events.includes("message_stop"), events.join());
    assert.ok(!events.includes("ping"));
  } finally {
    await api.close();
  }
});

test("an error result is yielded, then the iterator throws a plain Error", async () => {
  const api = await mockApi({ responses: [{ content: [{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "echo hi", description: "echo" } }] }], default: text("never") });
  try {
    const err = await collect(query({ prompt: "x", options: api.options({ maxTurns: 1 }) })).then(
      () => assert.fail("no error"),
      (e) => e,
    );
    assert.equal(err.constructor, Error);
    assert.equal(err.message, "Claude Code returned an error result: Reached maximum number of turns (1)");
    const result = err.messages.at(-1);
    assert.equal(result.type, "result");
    assert.equal(result.subtype, "error_max_turns");
    assert.deepEqual(result.errors, ["Reached maximum number of turns (1)"]);
  } finally {
    await api.close();
  }
});

test("an API error ends with an is_error success result and the same throw", async () => {
  const bad = { error: { status: 400, type: "invalid_request_error", message: "bad request for test" } };
  const api = await mockApi({ responses: [bad], default: bad });
  try {
    const err = await collect(query({ prompt: "x", options: api.options() })).then(() => assert.fail("no error"), (e) => e);
    const result = err.messages.at(-1);
    assert.equal(result.subtype, "success");
    assert.equal(result.is_error, true);
    assert.equal(err.message, `Claude Code returned an error result: ${result.result}`);
  } finally {
    await api.close();
  }
});

test("next() called several times without awaiting hands out messages in order", async () => {
  const api = await mockApi({ responses: [text("one")] });
  try {
    const q = query({ prompt: "x", options: api.options() });
    const all = [];
    for (;;) {
      const batch = await Promise.all([q.next(), q.next(), q.next()]);
      all.push(...batch.filter((r) => !r.done).map((r) => r.value.type));
      if (batch.some((r) => r.done)) break;
    }
    assert.equal(all[0], "system");
    assert.equal(all.at(-1), "result");
    assert.equal(all.filter((t) => t === "result").length, 1);
  } finally {
    await api.close();
  }
});

test("a lone surrogate in a prompt is sent as U+FFFD, not refused as bad JSON", async () => {
  const api = await mockApi({ responses: [text("fine")] });
  try {
    const messages = await collect(query({ prompt: "hi \ud800 there", options: api.options() }));
    assert.equal(messages.at(-1).result, "fine");
    const [request] = api.requests();
    assert.equal(JSON.stringify(request.body.messages.at(-1).content).includes("hi \ufffd there"), true);
  } finally {
    await api.close();
  }
});

test("next() calls made at once are answered in order, and the end comes once", async () => {
  const api = await mockApi({ responses: [text("in order")] });
  try {
    const q = query({ prompt: "Go", options: api.options() });
    // Ten calls before any settles: each gets the next message, then `done` for the rest.
    const all = await Promise.all(Array.from({ length: 10 }, () => q.next()));
    const values = all.filter((r) => !r.done).map((r) => r.value);
    assert.deepEqual(values.map((m) => m.type), ["system", "assistant", "result"]);
    assert.equal(values.at(-1).result, "in order");
    assert.ok(all.slice(values.length).every((r) => r.done && r.value === undefined));
    assert.deepEqual(await q.next(), { value: undefined, done: true });
  } finally {
    await api.close();
  }
});

test("after return() the query yields nothing more, and return() gives back its value", async () => {
  const api = await mockApi({ responses: [text("never read")] });
  try {
    const q = query({ prompt: "Go", options: api.options() });
    const first = await q.next();
    assert.equal(first.value.type, "system");
    assert.deepEqual(await q.return(7), { value: 7, done: true });
    assert.deepEqual(await q.next(), { value: undefined, done: true });
  } finally {
    await api.close();
  }
});

test("throw() rejects with its error and ends the query", async () => {
  const api = await mockApi({ responses: [text("never read")] });
  try {
    const q = query({ prompt: "Go", options: api.options() });
    const boom = new Error("boom");
    await assert.rejects(q.throw(boom), (e) => e === boom);
    assert.deepEqual(await q.next(), { value: undefined, done: true });
  } finally {
    await api.close();
  }
});
