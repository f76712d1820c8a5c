"""The API keeps answering 529; the run ends with an error the program can read."""
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
    try:
        async for m in query(prompt="Hello?", options=ClaudeAgentOptions(env={"CLAUDE_CODE_MAX_RETRIES": "1"})):
            if isinstance(m, AssistantMessage):
                print("assistant error:", m.error)
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__)


asyncio.run(main())
