"""An SDK MCP tool that reports an error, and get_mcp_status() once the client has answered."""
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
    ClaudeSDKClient,
    create_sdk_mcp_server,
    tool,
)

from show import show


@tool("lookup", "Look a word up", {"word": str})
async def lookup(args):
    return {"content": [{"type": "text", "text": f"no entry for {args['word']}"}], "is_error": True}


async def main():
    words = create_sdk_mcp_server(name="words", version="2.0.0", tools=[lookup])
    opts = ClaudeAgentOptions(mcp_servers={"words": words}, allowed_tools=["mcp__words__lookup"])
    async with ClaudeSDKClient(options=opts) as client:
        await client.query("Look up zyzzyva")
        async for m in client.receive_response():
            if isinstance(m, UserMessage) and isinstance(m.content, list):
                # the tool's own text; what follows the blank line is advice worded for the model
                for b in m.content:
                    text = " ".join(x.get("text", "") for x in b.content) if isinstance(b.content, list) else b.content
                    print("tool_result:", "error" if b.is_error else "ok", text.split("\n\n")[0])
                continue
            show(m)
        status = await client.get_mcp_status()
        print("after the query:", [(s["name"], s["status"], [t["name"] for t in s.get("tools") or []]) for s in status["mcpServers"]])


asyncio.run(main())
