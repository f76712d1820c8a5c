"""include_partial_messages with a tool call: input_json_delta events, then the tool result."""
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
    StreamEvent,
)

from show import show


async def main():
    opts = ClaudeAgentOptions(include_partial_messages=True, allowed_tools=["Read"])
    kinds = []
    async for m in query(prompt="Read a.txt", options=opts):
        if isinstance(m, StreamEvent):
            ev = m.event
            kind = ev["type"] + ("/" + ev["delta"]["type"] if ev["type"] == "content_block_delta" else "")
            if not kinds or kinds[-1] != kind:
                kinds.append(kind)
        else:
            if kinds:
                print("stream:", " ".join(kinds))
                kinds = []
            show(m)


asyncio.run(main())
