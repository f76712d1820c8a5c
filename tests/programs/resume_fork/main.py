"""resume keeps the session, fork_session makes a new one; sessions are listed afterwards."""
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
    get_session_messages,
    list_sessions,
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
    first = await run("Remember the number 7")
    second = await run("What number?", resume=first)
    print("resume keeps session:", second == first)
    forked = await run("Branch off", resume=first, fork_session=True)
    print("fork makes new session:", forked != first)
    sessions = list_sessions(directory=os.getcwd())
    print("sessions listed:", len(sessions), "first listed:", first in [s.session_id for s in sessions])
    msgs = get_session_messages(first, directory=os.getcwd())
    print("messages of first:", [m.type for m in msgs])


asyncio.run(main())
