"""SubagentStop and PreToolUse hooks see a subagent's work."""
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
    AgentDefinition,
    HookMatcher,
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


seen = []


async def on_pre(input_data, tool_use_id, context):
    seen.append(("PreToolUse", input_data["tool_name"], "agent_id" in input_data))
    return {}


async def on_sub_stop(input_data, tool_use_id, context):
    seen.append(("SubagentStop", input_data.get("agent_type")))
    return {}


async def main():
    opts = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        agents={"reader": AgentDefinition(description="Reads files", prompt="You read files.", tools=["Read"])},
        hooks={"PreToolUse": [HookMatcher(hooks=[on_pre])], "SubagentStop": [HookMatcher(hooks=[on_sub_stop])]})
    async for m in query(prompt="PARENT: have the reader read a.txt", options=opts):
        if isinstance(m, ResultMessage):
            show(m)
    for s in seen:
        print("hook:", s)


asyncio.run(main())
