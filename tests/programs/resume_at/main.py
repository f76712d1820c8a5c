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
