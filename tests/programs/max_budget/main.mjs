// maxBudgetUsd stops the run once the spend crosses it.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

try {
  for await (const m of query({ prompt: "Read a.txt twice", options: { maxBudgetUsd: 0.0001 } })) show(m);
} catch (e) {
  console.log("threw:", e.constructor.name, String(e.message).split("\n")[0]);
}
