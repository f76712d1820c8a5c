"""A one-shot query() with a string prompt."""
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
    async for m in query(prompt="Say hello to the reader", options=ClaudeAgentOptions(max_turns=1)):
        show(m)


asyncio.run(main())
