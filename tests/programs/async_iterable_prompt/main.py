"""query() fed by an async generator of user messages."""
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


async def messages():
    yield {"type": "user", "message": {"role": "user", "content": "What is two plus two?"},
           "parent_tool_use_id": None, "session_id": "default"}


async def main():
    async for m in query(prompt=messages(), options=ClaudeAgentOptions()):
        show(m)


asyncio.run(main())
