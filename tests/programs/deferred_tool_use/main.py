"""A PreToolUse hook defers a shell command for a person to approve: the query ends with the
call in `deferred_tool_use`, and resuming the session with the command allowed runs it."""
import asyncio
import json
import os

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher, ResultMessage

from show import show

calls = []


async def defer_for_approval(input_data, tool_use_id, context):
    calls.append((input_data["hook_event_name"], input_data["tool_name"]))
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "defer",
            "permissionDecisionReason": "Requires human approval before execution",
        }
    }


async def main():
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[defer_for_approval])]},
    )
    deferred = session_id = None
    async with ClaudeSDKClient(options) as client:
        await client.query("Run: echo 'approved' > approved.txt")
        async for m in client.receive_response():
            show(m)
            if isinstance(m, ResultMessage):
                deferred, session_id = m.deferred_tool_use, m.session_id
                print("stop_reason:", m.stop_reason)
    print("deferred:", deferred.name, json.dumps(deferred.input, sort_keys=True))
    print("hook calls:", calls)
    print("approved.txt before approval:", os.path.exists("approved.txt"))

    resume = ClaudeAgentOptions(
        allowed_tools=["Bash"], permission_mode="bypassPermissions", resume=session_id
    )
    async with ClaudeSDKClient(resume) as client:
        await client.query("Please proceed with the command you wanted to run.")
        async for m in client.receive_response():
            show(m)
    with open("approved.txt") as f:
        print("approved.txt:", repr(f.read()))


asyncio.run(main())
