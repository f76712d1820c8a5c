"""The cwd option points at a subfolder; a relative Write lands there."""
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
    os.makedirs("sub", exist_ok=True)
    opts = ClaudeAgentOptions(cwd=os.path.join(os.getcwd(), "sub"), permission_mode="acceptEdits")
    async for m in query(prompt="Write here.txt", options=opts):
        if isinstance(m, SystemMessage) and m.subtype == "init":
            print("init cwd:", m.data["cwd"])
        show(m)
    print("sub/here.txt exists:", os.path.exists("sub/here.txt"), "here.txt exists:", os.path.exists("here.txt"))


asyncio.run(main())
