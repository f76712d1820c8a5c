"""The claude_code preset with an appended instruction, and a stderr callback."""
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
)

from show import show


async def main():
    lines = []
    opts = ClaudeAgentOptions(system_prompt={"type": "preset", "preset": "claude_code", "append": "Answer in one word."},
                              stderr=lines.append)
    async for m in query(prompt="Weather?", options=opts):
        show(m)
    print("stderr lines are str:", all(isinstance(x, str) for x in lines))


asyncio.run(main())
