"""Deciding about each tool call: a can_use_tool callback (allow, rewrite, deny) and a
PreToolUse hook that logs every call. Both run on your event loop; either may be sync.

    python examples/python/guarded_tools.py
"""

import anyio

from claude_agent_sdk import (
    ClaudeAgentOptions,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    query,
)


def log_call(hook_input, tool_use_id, context):
    print(f"hook: {hook_input['tool_name']} ({tool_use_id})")
    return {}  # no opinion


async def decide(tool_name, tool_input, context):
    if tool_name == "Bash" and "rm " in tool_input.get("command", ""):
        return PermissionResultDeny(message="Deleting files is not allowed here.")
    if tool_name == "Write" and not tool_input["file_path"].endswith(".md"):
        # Redirect writes to a Markdown file next to the requested one.
        return PermissionResultAllow(updated_input={**tool_input, "file_path": tool_input["file_path"] + ".md"})
    return PermissionResultAllow()


async def main() -> None:
    options = ClaudeAgentOptions(
        can_use_tool=decide,
        hooks={"PreToolUse": [HookMatcher(hooks=[log_call])]},
        max_turns=6,
    )
    async for message in query(prompt="Write a short notes file about this folder.", options=options):
        if isinstance(message, ResultMessage):
            print(message.result)


if __name__ == "__main__":
    anyio.run(main)
