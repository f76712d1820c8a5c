"""Permission types and the answers to can_use_tool / hook_callback / mcp_message requests."""

from __future__ import annotations

import pytest

from claude_agent_sdk import (
    ClaudeAgentOptions,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    PermissionUpdate,
    ToolPermissionContext,
)
from claude_agent_sdk._internal import control
from claude_agent_sdk._internal.options_json import prepare
from claude_agent_sdk.types import PermissionRuleValue


def test_permission_update_to_and_from_wire():
    up = PermissionUpdate(type="addRules", rules=[PermissionRuleValue("Bash", "npm test"),
                                                  PermissionRuleValue("Read")], behavior="allow")
    wire = up.to_dict()
    assert wire == {"type": "addRules", "destination": "session",
                    "rules": [{"toolName": "Bash", "ruleContent": "npm test"}, {"toolName": "Read"}],
                    "behavior": "allow"}
    back = PermissionUpdate.from_dict(wire)
    assert back.rules == up.rules and back.destination == "session"
    assert PermissionUpdate(type="setMode", mode="plan", destination="localSettings").to_dict() == {
        "type": "setMode", "destination": "localSettings", "mode": "plan"}
    assert PermissionUpdate(type="addDirectories", directories=["/d"]).to_dict()["directories"] == ["/d"]
    for bad in (PermissionUpdate(type="addRules", behavior="allow"),
                PermissionUpdate(type="removeRules", rules=[]),
                PermissionUpdate(type="setMode"),
                PermissionUpdate(type="removeDirectories"),
                PermissionUpdate(type="bogus")):  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            bad.to_dict()


def request(**extra):
    return {"subtype": "can_use_tool", "tool_name": "Bash", "input": {"command": "ls"},
            "permission_suggestions": [{"type": "setMode", "mode": "acceptEdits", "destination": "session"}],
            "blocked_path": None, "tool_use_id": "toolu_1", "display_name": "Bash", **extra}


@pytest.mark.anyio
async def test_can_use_tool_answers():
    seen = []

    async def allow(name, tool_input, ctx):
        seen.append((name, tool_input, ctx))
        return PermissionResultAllow()

    p = prepare(ClaudeAgentOptions(can_use_tool=allow))
    assert await control.answer(request(), p) == {"behavior": "allow", "updatedInput": {"command": "ls"}}
    name, tool_input, ctx = seen[0]
    assert name == "Bash" and isinstance(ctx, ToolPermissionContext)
    assert ctx.tool_use_id == "toolu_1" and ctx.display_name == "Bash" and ctx.signal is None
    assert ctx.suggestions == [PermissionUpdate(type="setMode", mode="acceptEdits", destination="session")]

    def rewrite(name, tool_input, ctx):  # sync callables are accepted
        return PermissionResultAllow(updated_input={"command": "pwd"}, updated_permissions=[
            PermissionUpdate(type="setMode", mode="acceptEdits")])

    p = prepare(ClaudeAgentOptions(can_use_tool=rewrite))
    assert await control.answer(request(), p) == {
        "behavior": "allow", "updatedInput": {"command": "pwd"},
        "updatedPermissions": [{"type": "setMode", "destination": "session", "mode": "acceptEdits"}]}

    async def bad_update(*a):
        return PermissionResultAllow(updated_permissions=[PermissionUpdate(type="setMode")])

    p = prepare(ClaudeAgentOptions(can_use_tool=bad_update))
    assert await control.answer(request(), p) == {"behavior": "allow", "updatedInput": {"command": "ls"}}

    async def deny(*a):
        return PermissionResultDeny(message="no", interrupt=True)

    p = prepare(ClaudeAgentOptions(can_use_tool=deny))
    assert await control.answer(request(), p) == {"behavior": "deny", "message": "no", "interrupt": True}
    p = prepare(ClaudeAgentOptions(can_use_tool=lambda *a: PermissionResultDeny()))
    assert await control.answer(request(), p) == {"behavior": "deny", "message": ""}


@pytest.mark.anyio
async def test_can_use_tool_failures_raise():
    p = prepare(ClaudeAgentOptions(can_use_tool=lambda *a: "yes"))
    with pytest.raises(TypeError, match="must return PermissionResult"):
        await control.answer(request(), p)
    # Nothing keeps the documented SDK's input open: the question finds the stream closed
    # (optedge/oe_prompt_tool_stdio); with a hook it is told there is no callback.
    with pytest.raises(Exception, match="AbortError: Stream closed"):
        await control.answer(request(), prepare(ClaudeAgentOptions()))
    with_hook = ClaudeAgentOptions(hooks={"Stop": [HookMatcher(hooks=[lambda *a: {}])]})
    with pytest.raises(Exception, match="canUseTool callback is not provided"):
        await control.answer(request(), prepare(with_hook))
    with pytest.raises(Exception, match="Unsupported control request subtype: weird"):
        await control.answer({"subtype": "weird"}, prepare(ClaudeAgentOptions()))


@pytest.mark.anyio
async def test_hook_callback_answers():
    calls = []

    async def hook(hook_input, tool_use_id, context):
        calls.append((hook_input, tool_use_id, context))
        return {"continue_": False, "async_": True, "hookSpecificOutput": {"hookEventName": "PreToolUse"}}

    def none_hook(*a):
        return None

    p = prepare(ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[hook, none_hook])]}))
    out = await control.answer({"subtype": "hook_callback", "callback_id": "hook_0",
                                "input": {"tool_name": "Bash"}, "tool_use_id": "t"}, p)
    assert out == {"continue": False, "async": True, "hookSpecificOutput": {"hookEventName": "PreToolUse"}}
    assert calls == [({"tool_name": "Bash"}, "t", {"signal": None})]
    with pytest.raises(TypeError):
        await control.answer({"subtype": "hook_callback", "callback_id": "hook_1", "input": {}}, p)
    with pytest.raises(Exception, match="No hook callback found for ID: hook_9"):
        await control.answer({"subtype": "hook_callback", "callback_id": "hook_9", "input": {}}, p)


@pytest.mark.anyio
async def test_mcp_message_routing():
    p = prepare(ClaudeAgentOptions())
    out = await control.answer({"subtype": "mcp_message", "server_name": "nope",
                                "message": {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}}, p)
    assert out == {"mcp_response": {"jsonrpc": "2.0", "id": 7,
                                    "error": {"code": -32601, "message": "Server 'nope' not found"}}}
    with pytest.raises(Exception, match="Missing server_name"):
        await control.answer({"subtype": "mcp_message", "message": {"id": 1}}, p)
