"""ClaudeSDKClient.interrupt() while a slow shell command runs."""
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
    ClaudeSDKClient,
)

from show import show


async def main():
    opts = ClaudeAgentOptions(allowed_tools=["Bash"])
    async with ClaudeSDKClient(options=opts) as client:
        await client.query("Run the slow command")
        async for m in client.receive_response():
            show(m)
            if isinstance(m, AssistantMessage) and any(isinstance(b, ToolUseBlock) for b in m.content):
                await asyncio.sleep(1)
                await client.interrupt()
    print("done.txt exists:", os.path.exists("done.txt"))


asyncio.run(main())
