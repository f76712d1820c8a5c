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
