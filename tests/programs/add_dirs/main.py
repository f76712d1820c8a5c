"""add_dirs lets the agent read a folder next to the workspace; a folder not added is refused."""
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
    root = os.path.dirname(os.getcwd())
    os.makedirs(os.path.join(root, "shared"), exist_ok=True)
    os.makedirs(os.path.join(root, "private"), exist_ok=True)
    with open(os.path.join(root, "shared", "s.txt"), "w") as f:
        f.write("shared text\n")
    with open(os.path.join(root, "private", "p.txt"), "w") as f:
        f.write("private text\n")
    opts = ClaudeAgentOptions(add_dirs=[os.path.join(root, "shared")], permission_mode="dontAsk")
    async for m in query(prompt="Read both files", options=opts):
        show(m)


asyncio.run(main())
