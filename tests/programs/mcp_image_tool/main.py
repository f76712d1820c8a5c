"""An SDK MCP tool answering with text and an image."""
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
    create_sdk_mcp_server,
    tool,
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


PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


@tool("snapshot", "Take a snapshot", {})
async def snapshot(args):
    return {"content": [{"type": "text", "text": "one pixel"}, {"type": "image", "data": PIXEL, "mimeType": "image/png"}]}


async def main():
    cam = create_sdk_mcp_server(name="cam", version="1.0.0", tools=[snapshot])
    opts = ClaudeAgentOptions(mcp_servers={"cam": cam}, allowed_tools=["mcp__cam__snapshot"])
    async for m in query(prompt="Take a snapshot", options=opts):
        if isinstance(m, UserMessage) and isinstance(m.content, list):
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    print("tool_result blocks:", [x.get("type") for x in b.content])
                    for x in b.content:
                        if x.get("type") == "image":
                            print("image:", x["source"]["media_type"], x["source"]["data"] == PIXEL)
                        elif x.get("text", "").startswith("[Image: source: "):
                            # the saved copy's name carries ids and times: print only that it exists
                            saved = x["text"][len("[Image: source: "):-1]
                            print("image saved:", saved.startswith(os.path.expanduser("~/.claude/projects/")),
                                  saved.endswith(".png"), os.path.exists(saved))
                        else:
                            print("text:", x.get("text"))
            continue
        show(m)


asyncio.run(main())
