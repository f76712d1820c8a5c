"""The settings option (a JSON string) carries a deny rule for Write."""
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
    opts = ClaudeAgentOptions(settings=json.dumps({"permissions": {"deny": ["Write"]}}), permission_mode="acceptEdits")
    async for m in query(prompt="Write out.txt", options=opts):
        show(m)
    print("out.txt exists:", os.path.exists("out.txt"))


asyncio.run(main())
