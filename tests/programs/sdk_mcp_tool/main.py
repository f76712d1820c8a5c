"""An in-process MCP server made with @tool and create_sdk_mcp_server."""
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
    create_sdk_mcp_server,
    tool,
    query,
)

from show import show


received = []


@tool("add", "Add two numbers", {"a": float, "b": float})
async def add(args):
    received.append(args)
    return {"content": [{"type": "text", "text": f"sum={args['a'] + args['b']}"}]}


async def main():
    calc = create_sdk_mcp_server(name="calc", version="1.0.0", tools=[add])
    opts = ClaudeAgentOptions(mcp_servers={"calc": calc}, allowed_tools=["mcp__calc__add"])
    async for m in query(prompt="Add 2 and 3", options=opts):
        if isinstance(m, SystemMessage) and m.subtype == "init":
            print("init mcp_servers:", [(s["name"], s["status"]) for s in m.data.get("mcp_servers", [])])
            print("init has tool:", "mcp__calc__add" in m.data.get("tools", []))
        show(m)
    print("handler got:", received)


asyncio.run(main())
