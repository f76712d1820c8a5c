// /cost in a streaming-input session: before any request, then after a turn that wrote and
// edited a file (the times and the prompt-cache line vary from run to run and are left out).
import { query } from "@anthropic-ai/claude-agent-sdk";
import { readFileSync } from "node:fs";

const steady = (text) =>
  text.split("\n").filter((l) => !l.startsWith("Total duration") && !l.startsWith("Prompt cache"));

const prompts = ["/cost", "Write and edit notes.txt", "/usage"];
let next;
let answered = new Promise((r) => (next = r));
async function* input() {
  for (const text of prompts) {
    yield { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null };
    await answered;
    answered = new Promise((r) => (next = r));
  }
}

for await (const m of query({ prompt: input(), options: { permissionMode: "acceptEdits" } })) {
  if (m.type === "assistant") {
    const texts = m.message.content.filter((b) => b.type === "text").map((b) => b.text);
    if (m.message.model === "<synthetic>") {
      console.log("report:");
      for (const t of texts) for (const line of steady(t)) console.log("  ", line);
    } else if (texts.length) {
      console.log("assistant:", JSON.stringify(texts));
    }
  }
  if (m.type === "result") {
    console.log("result:", m.subtype, "turns", m.num_turns, "cost", Math.round(m.total_cost_usd * 1e6) / 1e6);
    next();
  }
}
console.log("notes.txt:", JSON.stringify(readFileSync("notes.txt", "utf8")));
