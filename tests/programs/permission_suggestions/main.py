"""can_use_tool accepts the suggested permission update; the second call is not asked."""
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
    PermissionResultAllow,
)

from show import show


asked = []


async def decide(tool_name, tool_input, context):
    asked.append(tool_input.get("command"))
    print("suggestions:", [(s.type, s.behavior, s.destination) for s in context.suggestions])
    return PermissionResultAllow(updated_permissions=context.suggestions)


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Make two files"}}


async def main():
    async for m in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=decide)):
        show(m)
    print("asked for:", asked)
    print("files:", sorted(f for f in os.listdir(".") if f.endswith(".txt")))


asyncio.run(main())
