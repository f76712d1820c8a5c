"""A Stop hook blocks the first stop with a reason; the model goes on once more."""
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
    HookMatcher,
)

from show import show


stops = []


async def on_stop(input_data, tool_use_id, context):
    stops.append(input_data["stop_hook_active"])
    if len(stops) == 1:
        return {"decision": "block", "reason": "Also say goodbye"}
    return {}


async def main():
    opts = ClaudeAgentOptions(hooks={"Stop": [HookMatcher(hooks=[on_stop])]})
    async for m in query(prompt="Say hello", options=opts):
        show(m)
    print("stop hook calls (stop_hook_active):", stops)


asyncio.run(main())
