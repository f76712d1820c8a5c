// Garbage-collection stress: sessions, callbacks and in-process tools while the collector runs
// between every message (run with `node --expose-gc --test`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { query, tool, createSdkMcpServer } from "../index.js";
import { mockApi, toolUse, text } from "./helpers.mjs";

const gc = globalThis.gc;

async function oneSession(api, n) {
  const echo = tool("echo", "Echo", { s: z.string() }, async ({ s }) => {
    gc();
    return { content: [{ type: "text", text: `echo:${s}` }] };
  });
  const q = query({
    prompt: `session ${n}`,
    options: api.options({
      permissionMode: "default",
      allowedTools: ["mcp__t__echo"],
      mcpServers: { t: createSdkMcpServer({ name: "t", tools: [echo] }) },
      canUseTool: async (name, input) => {
        gc();
        return { behavior: "allow", updatedInput: input };
      },
      hooks: { PostToolUse: [{ hooks: [async () => (gc(), {})] }] },
    }),
  });
  let result = null;
  let toolText = null;
  for await (const m of q) {
    gc();
    if (m.type === "user") toolText = JSON.stringify(m.message.content);
    if (m.type === "result") result = m.result;
  }
  return { result, toolText };
}

test("sessions survive the collector running between every frame", { skip: !gc && "needs --expose-gc" }, async () => {
  const script = { responses: [], default: text("final") };
  for (let i = 0; i < 40; i++) script.responses.push({ match: `session ${i}`, ...toolUse(`toolu_${i}`, "mcp__t__echo", { s: `v${i}` }) });
  const api = await mockApi(script);
  try {
    for (let i = 0; i < 16; i++) {
      const r = await oneSession(api, i);
      assert.equal(r.result, "final");
      assert.ok(r.toolText.includes(`echo:v${i}`), r.toolText);
    }
    const parallel = await Promise.all(Array.from({ length: 16 }, (_, k) => oneSession(api, 16 + k)));
    parallel.forEach((r, k) => assert.ok(r.toolText.includes(`echo:v${16 + k}`), r.toolText));
    // Queries dropped half-way and never closed explicitly.
    for (let i = 0; i < 8; i++) {
      const q = query({ prompt: "dropped", options: api.options() });
      await q.next();
      gc();
    }
    gc();
  } finally {
    await api.close();
  }
});
