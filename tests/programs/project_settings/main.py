"""setting_sources=['project'] loads .claude/settings.json, whose deny rule blocks Bash."""
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
    opts = ClaudeAgentOptions(setting_sources=["project"], permission_mode="acceptEdits")
    async for m in query(prompt="Run the shell", options=opts):
        show(m)
    print("ran.txt exists:", os.path.exists("ran.txt"))


asyncio.run(main())
