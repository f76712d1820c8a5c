"""tools limits the built-in tools; disallowed_tools removes one more."""
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
    opts = ClaudeAgentOptions(tools=["Read", "Glob", "Write"], disallowed_tools=["Write"])
    async for m in query(prompt="Read a.txt and write b.txt", options=opts):
        if isinstance(m, SystemMessage) and m.subtype == "init":
            print("init tools:", sorted(m.data["tools"]))
        show(m)
    print("b.txt exists:", os.path.exists("b.txt"))


asyncio.run(main())
