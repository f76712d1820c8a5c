"""UserPromptSubmit and PostToolUse hooks; PostToolUse adds context for the model."""
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


events = []


async def on_prompt(input_data, tool_use_id, context):
    events.append(("UserPromptSubmit", input_data["prompt"]))
    return {}


async def after_tool(input_data, tool_use_id, context):
    events.append(("PostToolUse", input_data["tool_name"], input_data["tool_input"]["file_path"].endswith("data.txt")))
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                   "additionalContext": "The data file is test data."}}


async def main():
    opts = ClaudeAgentOptions(
        hooks={"UserPromptSubmit": [HookMatcher(hooks=[on_prompt])],
               "PostToolUse": [HookMatcher(matcher="Read", hooks=[after_tool])]})
    async for m in query(prompt="Summarize data.txt", options=opts):
        show(m)
    for e in events:
        print("hook:", e)


asyncio.run(main())
