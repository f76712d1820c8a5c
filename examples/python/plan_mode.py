"""Plan mode: the model may only look around until it proposes a plan with ExitPlanMode.
The can_use_tool callback is asked about that call; approving it ends plan mode, and the
session goes on to carry out the plan (edits included).

    python examples/python/plan_mode.py
"""

import anyio

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    PermissionResultAllow,
    ResultMessage,
    SystemMessage,
    ToolUseBlock,
    query,
)


async def review(tool_name, tool_input, context):
    if tool_name == "ExitPlanMode":
        print("callback: plan approved")
    else:
        print(f"callback: allowing {tool_name}")
    return PermissionResultAllow()


async def main() -> None:
    options = ClaudeAgentOptions(permission_mode="plan", can_use_tool=review, max_turns=6)
    prompt = "Plan how to add a CHANGELOG.md with a first entry, then do it."
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock) and block.name == "ExitPlanMode":
                    print("plan:", block.input.get("plan", "").strip())
                elif isinstance(block, ToolUseBlock):
                    print("tool call:", block.name)
        elif isinstance(message, SystemMessage) and "permissionMode" in message.data \
                and message.subtype == "status":
            print("permission mode now:", message.data["permissionMode"])
        elif isinstance(message, ResultMessage):
            print("result:", message.result)


if __name__ == "__main__":
    anyio.run(main)
