"""rename_session, tag_session and get_session_info on a finished session."""
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
    get_session_info,
    rename_session,
    tag_session,
)

from show import show


async def main():
    sid = None
    async for m in query(prompt="Start a session to name", options=ClaudeAgentOptions()):
        show(m)
        if isinstance(m, ResultMessage):
            sid = m.session_id
    rename_session(sid, "My named session", directory=os.getcwd())
    tag_session(sid, "demo", directory=os.getcwd())
    info = get_session_info(sid, directory=os.getcwd())
    print("info found:", info is not None, "same id:", info.session_id == sid)
    print("custom_title:", info.custom_title, "tag:", info.tag, "summary:", info.summary)
    print("first_prompt:", info.first_prompt)


asyncio.run(main())
