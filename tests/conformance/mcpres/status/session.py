"""Run by probe.py under the interpreter being recorded: get_mcp_status for servers of every
transport (stdio with env, HTTP with headers, in-process SDK, failed ones) before and after a
prompt, and the init message's list, printed as JSON."""
import asyncio, json, sys

from claude_agent_sdk import (ClaudeAgentOptions, ClaudeSDKClient, ToolAnnotations,
                              create_sdk_mcp_server, tool)

WS, HTTP_PORT = sys.argv[1], sys.argv[2]


@tool("lookup", "Looks up.", {"q": str}, annotations=ToolAnnotations(readOnlyHint=True))
async def lookup(args):
    return {"content": [{"type": "text", "text": "found"}]}


@tool("touch", "Touches.", {"q": str})
async def touch(args):
    return {"content": [{"type": "text", "text": "touched"}]}


async def main():
    steps = []
    servers = {
        "stdio_env": {"command": "python3", "args": [f"{WS}/server.py", "exp"], "env": {"K": "v"}},
        "stdio_typed": {"type": "stdio", "command": "python3", "args": [f"{WS}/server.py"]},
        "web": {"type": "http", "url": f"http://127.0.0.1:{HTTP_PORT}/mcp",
                "headers": {"Authorization": "Bearer secret"}},
        "inproc": create_sdk_mcp_server("inproc", version="2.0.0", tools=[lookup, touch]),
        "gone": {"command": "/nonexistent/mcp-server"},
        "down": {"type": "http", "url": "http://127.0.0.1:9/mcp"},
    }
    options = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=WS, mcp_servers=servers)
    async with ClaudeSDKClient(options) as client:
        await client.query("Hello")
        async for msg in client.receive_response():
            if type(msg).__name__ == "SystemMessage" and msg.subtype == "init":
                steps.append({"step": "init", "mcp_servers": msg.data["mcp_servers"],
                              "tools": [t for t in msg.data["tools"] if t.startswith("mcp__")]})
        steps.append({"step": "status after prompt", "ok": await client.get_mcp_status()})
    print(json.dumps({"steps": steps}))


asyncio.run(main())
