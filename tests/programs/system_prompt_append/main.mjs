// The claude_code preset with an appended instruction, and a stderr callback.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

const lines = [];
const options = {
  systemPrompt: { type: "preset", preset: "claude_code", append: "Answer in one word." },
  stderr: (line) => lines.push(line),
};
for await (const m of query({ prompt: "Weather?", options })) show(m);
console.log("stderr lines are strings:", lines.every((l) => typeof l === "string"));
