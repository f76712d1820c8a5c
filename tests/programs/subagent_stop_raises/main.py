"""A SubagentStop hook raises; the subagent's report still reaches the parent, the caller is warned."""
import asyncio

from claude_agent_sdk import (
    AgentDefinition,
    ClaudeAgentOptions,
    HookMatcher,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

from show import show


async def broken(input_data, tool_use_id, context):
    raise RuntimeError("hook backend unavailable")


async def main():
    opts = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        agents={"reader": AgentDefinition(description="Reads files", prompt="You read files.", tools=["Read"])},
        hooks={"SubagentStop": [HookMatcher(hooks=[broken])]})
    try:
        async for m in query(prompt="PARENT: have the reader read a.txt", options=opts):
            if isinstance(m, SystemMessage) and m.subtype not in ("init", "task_started", "task_progress", "task_notification", "task_updated"):
                print("system data:", {k: v for k, v in m.data.items() if k in ("content", "level", "subtype")})
            if isinstance(m, UserMessage) and isinstance(m.content, list) and any(
                    isinstance(b, ToolResultBlock) and b.tool_use_id == "toolu_a1" for b in m.content):
                # The hand-back names a random agent id and a duration.
                print("agent result:", m.content[0].content[0]["text"].splitlines()[-8].strip()
                      if isinstance(m.content[0].content, list) else "text")
                continue
            show(m)
    except Exception as e:
        print("raised:", type(e).__name__, str(e).splitlines()[0])


asyncio.run(main())
