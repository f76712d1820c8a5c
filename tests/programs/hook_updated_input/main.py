"""A PreToolUse hook allows Write but rewrites what it writes."""
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
    HookMatcher,
    query,
)

from show import show


async def stamp(input_data, tool_use_id, context):
    new_input = dict(input_data["tool_input"])
    new_input["content"] = new_input["content"].upper()
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                   "permissionDecisionReason": "stamped", "updatedInput": new_input}}


async def main():
    opts = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Write", hooks=[stamp])]})
    async for m in query(prompt="Write shout.txt", options=opts):
        show(m)
    with open("shout.txt") as f:
        print("shout.txt:", repr(f.read()))


asyncio.run(main())
