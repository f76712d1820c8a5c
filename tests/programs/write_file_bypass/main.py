"""The agent writes a file with bypassPermissions; the program reads it back."""
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
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=os.getcwd())
    async for m in query(prompt="Create notes.txt with a greeting", options=opts):
        show(m)
    with open("notes.txt") as f:
        print("notes.txt:", repr(f.read()))


asyncio.run(main())
