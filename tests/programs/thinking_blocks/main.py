"""A model answer with a thinking block; the program sees ThinkingBlock then TextBlock."""
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
    ThinkingBlock,
)

from show import show


async def main():
    async for m in query(prompt="Think, then answer", options=ClaudeAgentOptions(max_thinking_tokens=2000)):
        if isinstance(m, AssistantMessage):
            print("assistant blocks:", [type(b).__name__ for b in m.content])
            for b in m.content:
                if isinstance(b, ThinkingBlock):
                    print("thinking:", b.thinking)
        show(m)


asyncio.run(main())
