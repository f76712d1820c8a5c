"""ClaudeSDKClient: two turns in one session, with model and mode changes between them."""
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
    query,
)

from show import show


async def main():
    async with ClaudeSDKClient(options=ClaudeAgentOptions()) as client:
        info = await client.get_server_info()
        print("server info is dict:", isinstance(info, dict))
        await client.query("Pick a colour")
        async for m in client.receive_response():
            show(m)
        await client.set_permission_mode("acceptEdits")
        await client.set_model("claude-sonnet-4-5")
        await client.query("Now write it to colour.txt")
        async for m in client.receive_response():
            show(m)
    with open("colour.txt") as f:
        print("colour.txt:", repr(f.read()))


asyncio.run(main())
