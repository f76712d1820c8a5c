"""max_budget_usd stops the run once the spend crosses it."""
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
        async for m in query(prompt="Read a.txt twice", options=ClaudeAgentOptions(max_budget_usd=0.0001)):
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])


asyncio.run(main())
