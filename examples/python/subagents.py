"""A custom subagent: the `agents` option defines a "proofreader" the model can hand work to
through the Agent (Task) tool. Messages from inside the subagent carry the id of that call
in parent_tool_use_id; the main agent then answers with the subagent's report in hand.

    python examples/python/subagents.py
"""

import anyio

from claude_agent_sdk import (
    AgentDefinition,
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    TextBlock,
    ToolUseBlock,
    UserMessage,
    query,
)

PROOFREADER = AgentDefinition(
    description="Checks a text file for spelling mistakes and lists them.",
    prompt="You proofread files. Report each misspelled word with its correction.",
    tools=["Read", "Grep"],  # read-only
    model="haiku",
)


async def main() -> None:
    options = ClaudeAgentOptions(
        agents={"proofreader": PROOFREADER},
        allowed_tools=["Read", "Grep", "Agent"],
        max_turns=6,
    )
    async for message in query(prompt="Ask the proofreader to check README.md.", options=options):
        if isinstance(message, UserMessage) and isinstance(message.tool_use_result, dict) \
                and "agentType" in message.tool_use_result:
            done = message.tool_use_result  # the Agent call's result: the subagent's report
            print(f"{done['agentType']} {done['status']}, tools used: {done.get('toolsUsed')}")
        if isinstance(message, ResultMessage):
            print("result:", message.result)
        if not isinstance(message, AssistantMessage):
            continue
        who = f"subagent ({message.parent_tool_use_id})" if message.parent_tool_use_id else "main"
        for block in message.content:
            if isinstance(block, ToolUseBlock):
                print(f"{who}: calls {block.name} {block.input.get('subagent_type', '')}".rstrip())
            elif isinstance(block, TextBlock):
                print(f"{who}: {block.text}")


if __name__ == "__main__":
    anyio.run(main)
