"""A person approves risky commands: a PreToolUse hook defers every shell command, the query
ends with the call in `deferred_tool_use`, and resuming the session with the command allowed
runs it. A PostToolUse hook redacts a token from what the model reads.

    python examples/python/approval_hooks.py
"""

import anyio

from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, ResultMessage, query


async def hold_for_approval(hook_input, tool_use_id, context):
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer",
                                   "permissionDecisionReason": "a person approves shell commands"}}


async def redact(hook_input, tool_use_id, context):
    out = hook_input["tool_response"]
    if "TOKEN-" not in out["stdout"]:
        return {}
    clean = dict(out, stdout=out["stdout"].replace("TOKEN-123", "[redacted]"))
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": clean}}


async def main() -> None:
    asking = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hold_for_approval])]})
    held = None
    async for message in query(prompt="Print the deploy token.", options=asking):
        if isinstance(message, ResultMessage):
            held, session = message.deferred_tool_use, message.session_id
            print(f"paused ({message.stop_reason}): {held.name} {held.input}")
    if held is None:
        return
    # A person said yes: run it, with the token kept from the model.
    approved = ClaudeAgentOptions(resume=session, permission_mode="bypassPermissions",
                                  hooks={"PostToolUse": [HookMatcher(matcher="Bash", hooks=[redact])]})
    async for message in query(prompt="Approved, go on.", options=approved):
        if isinstance(message, ResultMessage):
            print(f"[{message.subtype}] {message.result}")


anyio.run(main)
