"""add_dirs lets the agent read a folder next to the workspace; a folder not added is refused."""
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


async def main():
    root = os.path.dirname(os.getcwd())
    os.makedirs(os.path.join(root, "shared"), exist_ok=True)
    os.makedirs(os.path.join(root, "private"), exist_ok=True)
    with open(os.path.join(root, "shared", "s.txt"), "w") as f:
        f.write("shared text\n")
    with open(os.path.join(root, "private", "p.txt"), "w") as f:
        f.write("private text\n")
    opts = ClaudeAgentOptions(add_dirs=[os.path.join(root, "shared")], permission_mode="dontAsk")
    async for m in query(prompt="Read both files", options=opts):
        show(m)


asyncio.run(main())
