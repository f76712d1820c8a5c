"""A PostToolUse hook returns continue=False: the run stops after the tool."""
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


async def halt(input_data, tool_use_id, context):
    return {"continue": False, "stopReason": "Enough reading for today"}


async def main():
    opts = ClaudeAgentOptions(hooks={"PostToolUse": [HookMatcher(matcher="Read", hooks=[halt])]})
    async for m in query(prompt="Read a.txt then b.txt", options=opts):
        show(m)


asyncio.run(main())
