"""A PreToolUse hook raises; what happens to the call and the run."""
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


async def broken(input_data, tool_use_id, context):
    raise RuntimeError("hook backend unavailable")


async def main():
    opts = ClaudeAgentOptions(permission_mode="acceptEdits", hooks={"PreToolUse": [HookMatcher(matcher="Write", hooks=[broken])]})
    try:
        async for m in query(prompt="Write w.txt", options=opts):
            if isinstance(m, SystemMessage) and m.subtype != "init":
                print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])
    print("w.txt exists:", os.path.exists("w.txt"))


asyncio.run(main())
