"""can_use_tool raises: the call is refused and the run goes on."""
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


async def decide(tool_name, tool_input, context):
    raise ValueError("the approval service is down")


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Touch a file"}}


async def main():
    try:
        async for m in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=decide)):
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])
    print("t.txt exists:", os.path.exists("t.txt"))


asyncio.run(main())
