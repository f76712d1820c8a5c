"""max_turns=1 stops a run that wants a second turn."""
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
        async for m in query(prompt="Read a.txt and tell me", options=ClaudeAgentOptions(max_turns=1)):
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])


asyncio.run(main())
