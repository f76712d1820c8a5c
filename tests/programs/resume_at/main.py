"""resume_session_at with fork_session branches from an earlier answer."""
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


async def main():
    sid, first_answer = None, None
    async for m in query(prompt="Say one", options=ClaudeAgentOptions()):
        show(m)
        if isinstance(m, AssistantMessage) and first_answer is None:
            first_answer = m.uuid
        if isinstance(m, ResultMessage):
            sid = m.session_id
    async for m in query(prompt="Say two", options=ClaudeAgentOptions(resume=sid)):
        show(m)
    async for m in query(prompt="What came before?", options=ClaudeAgentOptions(resume=sid, fork_session=True,
                                                                              resume_session_at=first_answer)):
        show(m)


asyncio.run(main())
