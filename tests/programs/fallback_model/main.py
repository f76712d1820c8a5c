"""fallback_model takes over when the main model stays overloaded."""
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
    opts = ClaudeAgentOptions(model="claude-opus-4-5", fallback_model="claude-sonnet-4-5")
    async for m in query(prompt="Hello?", options=opts):
        if isinstance(m, AssistantMessage):
            print("answered by:", m.model)
        show(m)


asyncio.run(main())
