"""include_partial_messages yields stream events before each assistant message."""
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
    StreamEvent,
    query,
)

from show import show


async def main():
    async for m in query(prompt="Stream a short answer", options=ClaudeAgentOptions(include_partial_messages=True)):
        if isinstance(m, StreamEvent):
            ev = m.event
            extra = ev.get("delta", {}).get("type", "") if ev["type"] == "content_block_delta" else ""
            print("stream_event", ev["type"], extra)
        else:
            show(m)


asyncio.run(main())
