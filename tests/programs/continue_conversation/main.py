"""continue_conversation picks up the most recent session in the cwd."""
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
)

from show import show


async def run(prompt, **kw):
    sid = None
    async for m in query(prompt=prompt, options=ClaudeAgentOptions(**kw)):
        show(m)
        if isinstance(m, ResultMessage):
            sid = m.session_id
    return sid


async def main():
    first = await run("The password is swordfish")
    again = await run("What was the password?", continue_conversation=True)
    print("same session:", first == again)


asyncio.run(main())
