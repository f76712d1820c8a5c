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


def show(m):
    """Print the stable facts of one message."""
    if isinstance(m, SystemMessage):
        print("system", m.subtype)
    elif isinstance(m, AssistantMessage):
        for b in m.content:
            if isinstance(b, TextBlock):
                print("assistant text:", b.text)
            elif isinstance(b, ToolUseBlock):
                print("assistant tool_use:", b.name, json.dumps(b.input, sort_keys=True))
    elif isinstance(m, UserMessage):
        if isinstance(m.content, str):
            print("user:", m.content)
        else:
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    c = b.content
                    if isinstance(c, list):
                        c = " ".join(x.get("text", "") for x in c if isinstance(x, dict))
                    print("tool_result:", "error" if b.is_error else "ok", c)
    elif isinstance(m, ResultMessage):
        print("result", m.subtype, "is_error=%s" % m.is_error, "turns=%s" % m.num_turns, repr(m.result))


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
