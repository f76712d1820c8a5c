"""The cwd option points at a subfolder; a relative Write lands there."""
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
    os.makedirs("sub", exist_ok=True)
    opts = ClaudeAgentOptions(cwd=os.path.join(os.getcwd(), "sub"), permission_mode="acceptEdits")
    async for m in query(prompt="Write here.txt", options=opts):
        if isinstance(m, SystemMessage) and m.subtype == "init":
            print("init cwd:", m.data["cwd"])
        show(m)
    print("sub/here.txt exists:", os.path.exists("sub/here.txt"), "here.txt exists:", os.path.exists("here.txt"))


asyncio.run(main())
