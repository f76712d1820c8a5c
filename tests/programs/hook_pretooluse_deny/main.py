"""A PreToolUse hook denies a shell command; the command never runs."""
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
    HookMatcher,
    query,
)

from show import show


seen = []


async def guard(input_data, tool_use_id, context):
    seen.append((input_data["hook_event_name"], input_data["tool_name"], input_data["tool_input"].get("command")))
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                   "permissionDecisionReason": "Shell commands are not allowed here"}}


async def main():
    opts = ClaudeAgentOptions(allowed_tools=["Bash"], hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})
    async for m in query(prompt="Make a file with the shell", options=opts):
        show(m)
    print("hook calls:", seen)
    print("made.txt exists:", os.path.exists("made.txt"))


asyncio.run(main())
