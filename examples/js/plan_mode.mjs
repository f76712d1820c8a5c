// Plan mode: the model may only look around until it proposes a plan with ExitPlanMode.
// canUseTool is asked about that call; approving it ends plan mode, and the session goes on
// to carry out the plan (edits included).
//
//   node examples/js/plan_mode.mjs
import { query } from "oxagent";

async function review(toolName, input) {
  console.log(toolName === "ExitPlanMode" ? "callback: plan approved" : `callback: allowing ${toolName}`);
  return { behavior: "allow", updatedInput: input };
}

const prompt = "Plan how to add a CHANGELOG.md with a first entry, then do it.";
const options = { permissionMode: "plan", canUseTool: review, maxTurns: 6 };
for await (const message of query({ prompt, options })) {
  if (message.type === "assistant") {
    for (const block of message.message.content) {
      if (block.type !== "tool_use") continue;
      if (block.name === "ExitPlanMode") console.log("plan:", String(block.input.plan ?? "").trim());
      else console.log("tool call:", block.name);
    }
  } else if (message.type === "system" && message.subtype === "status" && "permissionMode" in message) {
    console.log("permission mode now:", message.permissionMode);
  } else if (message.type === "result" && message.subtype === "success") {
    console.log("result:", message.result);
  }
}
