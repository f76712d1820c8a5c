"""A PostToolUse hook returns a systemMessage for the user."""
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


async def note(input_data, tool_use_id, context):
    return {"systemMessage": "Reminder: a.txt is read-only"}


async def main():
    opts = ClaudeAgentOptions(hooks={"PostToolUse": [HookMatcher(matcher="Read", hooks=[note])]})
    async for m in query(prompt="Read a.txt", options=opts):
        if isinstance(m, SystemMessage) and m.subtype not in ("init",):
            print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
        show(m)


asyncio.run(main())
