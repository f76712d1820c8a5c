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


def show(m):
    """Print the stable facts of one message."""
    if isinstance(m, SystemMessage):
        print("system", m.subtype)
    elif isinstance(m, AssistantMessage):
        for b in m.content:
            if isinstance(b, TextBlock):
                print("assistant text:", b.text)
            elif isinstance(b, ToolUseBlock):
                print("assistant tool_use:", b.name, json.dumps(b.input, sort_keys=True))
    elif isinstance(m, UserMessage):
        if isinstance(m.content, str):
            print("user:", m.content)
        else:
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    c = b.content
                    if isinstance(c, list):
                        c = " ".join(x.get("text", "") for x in c if isinstance(x, dict))
                    print("tool_result:", "error" if b.is_error else "ok", c)
    elif isinstance(m, ResultMessage):
        print("result", m.subtype, "is_error=%s" % m.is_error, "turns=%s" % m.num_turns, repr(m.result))


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
