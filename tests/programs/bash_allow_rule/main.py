"""allowed_tools with a Bash prefix rule: a matching command runs, another is refused."""
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
    opts = ClaudeAgentOptions(allowed_tools=["Bash(echo:*)"], permission_mode="dontAsk")
    async for m in query(prompt="Echo, then touch", options=opts):
        show(m)
    print("touched.txt exists:", os.path.exists("touched.txt"))


asyncio.run(main())
