"""can_use_tool rewrites a Write and refuses Bash (streaming prompt, as the docs require)."""
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
    PermissionResultAllow,
    PermissionResultDeny,
    query,
)

from show import show


calls = []


async def decide(tool_name, tool_input, context):
    calls.append((tool_name, sorted(tool_input)))
    if tool_name == "Write":
        return PermissionResultAllow(updated_input={**tool_input, "content": "approved content\n"})
    return PermissionResultDeny(message="No shell for you")


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Save a file, then touch another"}}


async def main():
    async for m in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=decide)):
        show(m)
    for c in calls:
        print("can_use_tool:", c)
    with open("saved.txt") as f:
        print("saved.txt:", repr(f.read()))
    print("made.txt exists:", os.path.exists("made.txt"))


asyncio.run(main())
