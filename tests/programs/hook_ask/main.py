"""A PreToolUse hook answers 'ask': can_use_tool decides."""
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
    PermissionResultAllow,
)

from show import show


log = []


async def ask(input_data, tool_use_id, context):
    log.append("hook " + input_data["tool_name"])
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                   "permissionDecisionReason": "let the app decide"}}


async def decide(tool_name, tool_input, context):
    log.append("can_use_tool " + tool_name)
    return PermissionResultAllow()


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Read a.txt"}}


async def main():
    opts = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Read", hooks=[ask])]}, can_use_tool=decide)
    async for m in query(prompt=prompt(), options=opts):
        show(m)
    print("order:", log)


asyncio.run(main())
