"""A programmatic subagent (AgentDefinition) is handed a task through the Agent tool."""
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
    AgentDefinition,
    query,
)

from show import show


async def main():
    opts = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        agents={"reviewer": AgentDefinition(description="Reviews text files", prompt="You review files.", tools=["Read"])})
    async for m in query(prompt="PARENT: ask the reviewer about a.txt", options=opts):
        if isinstance(m, (AssistantMessage, UserMessage)) and m.parent_tool_use_id:
            print("(from subagent of", m.parent_tool_use_id + ")")
        results = [b for b in getattr(m, "content", []) if isinstance(b, ToolResultBlock)]
        if isinstance(m, UserMessage) and results and results[0].tool_use_id == "toolu_a1":
            # the hand-back carries ids and timings: print only whether the report reached the parent
            text = " ".join(x.get("text", "") for x in results[0].content) if isinstance(results[0].content, list) else results[0].content
            print("agent tool_result:", "error" if results[0].is_error else "ok", "REVIEW: a.txt says alpha." in text)
            continue
        show(m)


asyncio.run(main())
