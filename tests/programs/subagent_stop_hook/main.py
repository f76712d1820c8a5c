"""SubagentStop and PreToolUse hooks see a subagent's work."""
import asyncio
import json
import os

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    query,
    AgentDefinition,
    HookMatcher,
)

from show import show


seen = []


async def on_pre(input_data, tool_use_id, context):
    seen.append(("PreToolUse", input_data["tool_name"], "agent_id" in input_data))
    return {}


async def on_sub_stop(input_data, tool_use_id, context):
    seen.append(("SubagentStop", input_data.get("agent_type")))
    return {}


async def main():
    opts = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        agents={"reader": AgentDefinition(description="Reads files", prompt="You read files.", tools=["Read"])},
        hooks={"PreToolUse": [HookMatcher(hooks=[on_pre])], "SubagentStop": [HookMatcher(hooks=[on_sub_stop])]})
    async for m in query(prompt="PARENT: have the reader read a.txt", options=opts):
        if isinstance(m, ResultMessage):
            show(m)
    for s in seen:
        print("hook:", s)


asyncio.run(main())
