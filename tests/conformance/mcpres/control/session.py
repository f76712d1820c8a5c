"""Run by probe.py under the interpreter being recorded: one ClaudeSDKClient session that
toggles and reconnects MCP servers between two prompts, printing what it saw as JSON."""
import asyncio, json, sys

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

WS = sys.argv[1]


def server(name, mode):
    return {"command": "python3", "args": [f"{WS}/server.py", name, mode]}


def shown(msg):
    kind = type(msg).__name__
    if kind == "SystemMessage" and msg.subtype == "init":
        tools = [t for t in msg.data["tools"] if t.startswith("mcp__") or "McpResource" in t]
        return {"init": {"tools": tools, "mcp_servers": msg.data["mcp_servers"]}}
    if kind == "UserMessage" and isinstance(msg.content, list):
        return {"results": [{"content": b.content, "is_error": b.is_error} for b in msg.content
                            if type(b).__name__ == "ToolResultBlock"]}
    if kind == "ResultMessage":
        return {"result": msg.subtype, "text": msg.result}
    return None


async def main():
    steps = []
    options = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=WS, mcp_servers={
        "docs": server("docs", "docs"), "calc": server("calc", "tools"), "gone": server("gone", "tools")})
    options.mcp_servers["gone"]["command"] = "/nonexistent/mcp-server"

    async def step(name, action):
        try:
            value = await action
            steps.append({"step": name, "ok": value})
        except Exception as e:  # noqa: BLE001 - the error text is what is recorded
            steps.append({"step": name, "error": str(e)})

    async with ClaudeSDKClient(options) as client:
        async def status(name):
            await step(name, client.get_mcp_status())

        async def prompt(name):
            await client.query("Look at the resources")
            seen = [s for s in [shown(m) async for m in client.receive_response()] if s]
            steps.append({"step": name, "messages": seen})

        await status("status at start")
        await step("toggle docs off", client.toggle_mcp_server("docs", False))
        await status("status after toggle off")
        await prompt("prompt with docs off")
        await step("toggle docs on", client.toggle_mcp_server("docs", True))
        await status("status after toggle on")
        await prompt("prompt with docs on")
        await step("reconnect docs", client.reconnect_mcp_server("docs"))
        await status("status after reconnect")
        await step("reconnect unknown", client.reconnect_mcp_server("nope"))
        await step("toggle unknown", client.toggle_mcp_server("nope", False))
        await step("reconnect failed server", client.reconnect_mcp_server("gone"))
        await step("toggle calc off", client.toggle_mcp_server("calc", False))
        await step("toggle calc off again", client.toggle_mcp_server("calc", False))
        await step("reconnect disabled calc", client.reconnect_mcp_server("calc"))
        await status("status at end")
    print(json.dumps({"steps": steps}))


asyncio.run(main())
