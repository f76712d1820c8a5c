"""can_use_tool denies with interrupt=True: the run ends there."""
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
    PermissionResultDeny,
    query,
)

from show import show


async def decide(tool_name, tool_input, context):
    print("asked:", tool_name)
    return PermissionResultDeny(message="Stop everything", interrupt=True)


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Delete the logs"}}


async def main():
    try:
        async for m in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=decide)):
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])
    print("logs exist:", os.path.exists("logs/app.log"))


asyncio.run(main())
