"""enable_file_checkpointing, then rewind_files to the prompt that changed a file."""
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
    opts = ClaudeAgentOptions(enable_file_checkpointing=True, permission_mode="acceptEdits",
                              extra_args={"replay-user-messages": None})
    checkpoint = None
    async with ClaudeSDKClient(options=opts) as client:
        await client.query("Overwrite notes.txt")
        async for m in client.receive_response():
            if isinstance(m, UserMessage) and m.uuid and checkpoint is None:
                checkpoint = m.uuid
            show(m)
        with open("notes.txt") as f:
            print("after the edit:", repr(f.read()))
        await client.rewind_files(checkpoint)
    with open("notes.txt") as f:
        print("after rewind:", repr(f.read()))


asyncio.run(main())
