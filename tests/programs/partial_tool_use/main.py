"""include_partial_messages with a tool call: input_json_delta events, then the tool result."""
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
    StreamEvent,
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
    opts = ClaudeAgentOptions(include_partial_messages=True, allowed_tools=["Read"])
    kinds = []
    async for m in query(prompt="Read a.txt", options=opts):
        if isinstance(m, StreamEvent):
            ev = m.event
            kind = ev["type"] + ("/" + ev["delta"]["type"] if ev["type"] == "content_block_delta" else "")
            if not kinds or kinds[-1] != kind:
                kinds.append(kind)
        else:
            if kinds:
                print("stream:", " ".join(kinds))
                kinds = []
            show(m)


asyncio.run(main())
