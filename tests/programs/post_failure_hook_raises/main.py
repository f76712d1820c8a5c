"""A PostToolUseFailure hook raises after a failing command; the caller is warned, the turn goes on."""
import asyncio

from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, SystemMessage, query

from show import show


async def broken(input_data, tool_use_id, context):
    raise RuntimeError("hook backend unavailable")


async def main():
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions",
                              hooks={"PostToolUseFailure": [HookMatcher(matcher="Bash", hooks=[broken])]})
    try:
        async for m in query(prompt="Run the failing command", options=opts):
            if isinstance(m, SystemMessage) and m.subtype != "init":
                print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])


asyncio.run(main())
