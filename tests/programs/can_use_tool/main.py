"""can_use_tool rewrites a Write and refuses Bash (streaming prompt, as the docs require)."""
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
    PermissionResultAllow,
    PermissionResultDeny,
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


calls = []


async def decide(tool_name, tool_input, context):
    calls.append((tool_name, sorted(tool_input)))
    if tool_name == "Write":
        return PermissionResultAllow(updated_input={**tool_input, "content": "approved content\n"})
    return PermissionResultDeny(message="No shell for you")


async def prompt():
    yield {"type": "user", "message": {"role": "user", "content": "Save a file, then touch another"}}


async def main():
    async for m in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=decide)):
        show(m)
    for c in calls:
        print("can_use_tool:", c)
    with open("saved.txt") as f:
        print("saved.txt:", repr(f.read()))
    print("made.txt exists:", os.path.exists("made.txt"))


asyncio.run(main())
