"""A Stop hook raises; what happens to the turn and the run."""
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


async def broken(input_data, tool_use_id, context):
    raise RuntimeError("hook backend unavailable")


async def main():
    opts = ClaudeAgentOptions(permission_mode="acceptEdits", hooks={"Stop": [HookMatcher(hooks=[broken])]})
    try:
        async for m in query(prompt="Write w.txt", options=opts):
            if isinstance(m, SystemMessage) and m.subtype != "init":
                print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])
    print("w.txt exists:", os.path.exists("w.txt"))


asyncio.run(main())
