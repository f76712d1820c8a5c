"""output_format: a first answer that breaks the schema is refused, the second is kept."""
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


SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


async def main():
    opts = ClaudeAgentOptions(output_format={"type": "json_schema", "schema": SCHEMA})
    async for m in query(prompt="Give me a number", options=opts):
        show(m)
        if isinstance(m, ResultMessage):
            print("structured_output:", m.structured_output)


asyncio.run(main())
