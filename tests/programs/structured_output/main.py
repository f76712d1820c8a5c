"""output_format with a JSON schema; the result carries structured_output."""
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


SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "population": {"type": "integer"}},
          "required": ["city", "population"]}


async def main():
    opts = ClaudeAgentOptions(output_format={"type": "json_schema", "schema": SCHEMA})
    async for m in query(prompt="Largest city of Norway?", options=opts):
        show(m)
        if isinstance(m, ResultMessage):
            print("structured_output:", json.dumps(m.structured_output, sort_keys=True))


asyncio.run(main())
