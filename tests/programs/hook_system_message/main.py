"""A PostToolUse hook returns a systemMessage for the user."""
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
    HookMatcher,
)

from show import show


async def note(input_data, tool_use_id, context):
    return {"systemMessage": "Reminder: a.txt is read-only"}


async def main():
    opts = ClaudeAgentOptions(hooks={"PostToolUse": [HookMatcher(matcher="Read", hooks=[note])]})
    async for m in query(prompt="Read a.txt", options=opts):
        if isinstance(m, SystemMessage) and m.subtype not in ("init",):
            print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
        show(m)


asyncio.run(main())
