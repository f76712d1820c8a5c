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

from show import show


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
