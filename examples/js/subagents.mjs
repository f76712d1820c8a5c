// A custom subagent: the `agents` option defines a "proofreader" the model can hand work to
// through the Agent (Task) tool. Messages from inside the subagent carry the id of that call
// in parent_tool_use_id; the main agent then answers with the subagent's report in hand.
//
//   node examples/js/subagents.mjs
import { query } from "oxagent";

const agents = {
  proofreader: {
    description: "Checks a text file for spelling mistakes and lists them.",
    prompt: "You proofread files. Report each misspelled word with its correction.",
    tools: ["Read", "Grep"], // read-only
    model: "haiku",
  },
};

const options = { agents, allowedTools: ["Read", "Grep", "Agent"], maxTurns: 6 };
for await (const message of query({ prompt: "Ask the proofreader to check README.md.", options })) {
  if (message.type === "user" && message.tool_use_result?.agentType) {
    const done = message.tool_use_result; // the Agent call's result: the subagent's report
    console.log(`${done.agentType} ${done.status}, tools used: ${done.toolsUsed.join(", ")}`);
  } else if (message.type === "assistant") {
    const who = message.parent_tool_use_id ? `subagent (${message.parent_tool_use_id})` : "main";
    for (const block of message.message.content) {
      if (block.type === "tool_use") console.log(`${who}: calls ${block.name} ${block.input.subagent_type ?? ""}`.trimEnd());
      else if (block.type === "text") console.log(`${who}: ${block.text}`);
    }
  } else if (message.type === "result" && message.subtype === "success") {
    console.log("result:", message.result);
  }
}
