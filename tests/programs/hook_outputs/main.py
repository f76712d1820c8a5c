"""Hooks that hand back more than a decision: a PostToolUse hook redacts a command's output
(updatedToolOutput, in the shape of Bash's output), a UserPromptSubmit hook names the session."""
import asyncio

from claude_agent_sdk import (
    ClaudeAgentOptions,
    HookMatcher,
    ResultMessage,
    UserMessage,
    get_session_info,
    query,
)

from show import show


async def name_session(input_data, tool_use_id, context):
    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                   "sessionTitle": "Redaction demo"}}


async def redact(input_data, tool_use_id, context):
    out = input_data["tool_response"]
    if "secret" not in out["stdout"]:
        return {}
    clean = dict(out, stdout=out["stdout"].replace("secret-token", "[redacted]"))
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": clean}}


async def main():
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={
            "UserPromptSubmit": [HookMatcher(hooks=[name_session])],
            "PostToolUse": [HookMatcher(matcher="Bash", hooks=[redact])],
        },
    )
    session_id = None
    async for m in query(prompt="Print the token", options=options):
        show(m)
        if isinstance(m, UserMessage) and m.tool_use_result:
            print("tool_use_result stdout:", m.tool_use_result["stdout"])
        if isinstance(m, ResultMessage):
            session_id = m.session_id
    info = get_session_info(session_id)
    print("custom_title:", info.custom_title)


asyncio.run(main())
