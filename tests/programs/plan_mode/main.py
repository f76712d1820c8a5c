"""permission_mode='plan': the model may read but a write is refused."""
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
    async for m in query(prompt="Plan a change to a.txt", options=ClaudeAgentOptions(permission_mode="plan")):
        show(m)
    with open("a.txt") as f:
        print("a.txt:", repr(f.read()))


asyncio.run(main())
