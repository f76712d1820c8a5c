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


def show(m):
    """Print the stable facts of one message."""
    if isinstance(m, SystemMessage):
        print("system", m.subtype)
    elif isinstance(m, AssistantMessage):
        for b in m.content:
            if isinstance(b, TextBlock):
                print("assistant text:", b.text)
            elif isinstance(b, ToolUseBlock):
                print("assistant tool_use:", b.name, json.dumps(b.input, sort_keys=True))
    elif isinstance(m, UserMessage):
        if isinstance(m.content, str):
            print("user:", m.content)
        else:
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    c = b.content
                    if isinstance(c, list):
                        c = " ".join(x.get("text", "") for x in c if isinstance(x, dict))
                    print("tool_result:", "error" if b.is_error else "ok", c)
    elif isinstance(m, ResultMessage):
        print("result", m.subtype, "is_error=%s" % m.is_error, "turns=%s" % m.num_turns, repr(m.result))


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
