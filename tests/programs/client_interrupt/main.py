"""ClaudeSDKClient.interrupt() while the model is slow to answer; the next query still works."""
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
    async with ClaudeSDKClient(options=ClaudeAgentOptions()) as client:
        await client.query("Think for a long time")
        async for m in client.receive_response():
            show(m)
            if isinstance(m, SystemMessage) and m.subtype == "init":
                await client.interrupt()
        await client.query("Answer quickly")
        async for m in client.receive_response():
            show(m)


asyncio.run(main())
