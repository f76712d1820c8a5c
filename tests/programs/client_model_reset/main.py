"""ClaudeSDKClient: setting the mode in force again, then a model and back to the default model."""
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
        await client.set_permission_mode("default")
        await client.set_model("claude-sonnet-4-5")
        await client.set_model(None)
        await client.query("Now write it to colour.txt")
        async for m in client.receive_response():
            show(m)
    print("colour.txt exists:", os.path.exists("colour.txt"))


asyncio.run(main())
