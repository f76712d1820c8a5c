"""The package on the native core, against ``oxagent mock-server`` (a scripted Messages API):
query(), ClaudeSDKClient, every callback kind, cancellation, trio, bad options, fork."""

from __future__ import annotations

import json
import os

import anyio
import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultError,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    create_sdk_mcp_server,
    query,
    tool,
)

pytestmark = [requires_native, pytest.mark.anyio]


def options(server, tmp_path, **kw):
    return ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), **kw)


async def run(prompt, opts):
    return [m async for m in query(prompt=prompt, options=opts)]


async def test_text_answer(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Hello there!")]})
    messages = await run("Hi", options(server, tmp_path))
    assert isinstance(messages[0], SystemMessage) and messages[0].subtype == "init"
    assert messages[0].data["cwd"] == str(tmp_path)
    assistant = [m for m in messages if isinstance(m, AssistantMessage)]
    assert assistant[0].content == [TextBlock("Hello there!")] and assistant[0].message_id
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.subtype == "success"
    assert result.result == "Hello there!" and result.num_turns == 1 and not result.is_error
    assert result.session_id == messages[0].data["session_id"]
    assert result.usage["input_tokens"] > 0 and result.total_cost_usd > 0


async def test_max_turns_raises_result_error_after_the_result(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(tmp_path / "a.txt")}),
        text_turn("never reached")]})
    (tmp_path / "a.txt").write_text("alpha\n")
    seen = []
    with pytest.raises(ResultError) as info:
        async for m in query(prompt="read it", options=options(server, tmp_path, max_turns=1)):
            seen.append(m)
    assert isinstance(seen[-1], ResultMessage) and seen[-1].subtype == "error_max_turns"
    assert info.value.subtype == "error_max_turns" and info.value.exit_code == 1
    assert str(info.value).startswith("Claude Code returned an error result: ")


async def test_can_use_tool_allow_and_deny(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Write", {"file_path": str(tmp_path / "no.txt"), "content": "x"}),
        tool_turn("toolu_2", "Write", {"file_path": str(tmp_path / "yes.txt"), "content": "y"}),
        text_turn("done")]})
    calls = []

    async def can_use_tool(name, tool_input, ctx):
        calls.append((name, ctx.tool_use_id))
        if tool_input["file_path"].endswith("no.txt"):
            return PermissionResultDeny(message="not that one")
        return PermissionResultAllow()

    messages = await run("write", options(server, tmp_path, can_use_tool=can_use_tool))
    assert calls == [("Write", "toolu_1"), ("Write", "toolu_2")]
    results = [b for m in messages if isinstance(m, UserMessage) for b in m.content
               if isinstance(b, ToolResultBlock)]
    assert results[0].is_error and "not that one" in str(results[0].content)
    assert not (tmp_path / "no.txt").exists() and (tmp_path / "yes.txt").read_text() == "y"


async def test_raising_can_use_tool_denies_without_hanging(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Write", {"file_path": str(tmp_path / "x.txt"), "content": "x"}),
        text_turn("ok")]})

    def can_use_tool(name, tool_input, ctx):  # a sync callback
        raise RuntimeError("policy service down")

    with anyio.fail_after(30):
        messages = await run("write", options(server, tmp_path, can_use_tool=can_use_tool))
    assert not (tmp_path / "x.txt").exists()
    assert isinstance(messages[-1], ResultMessage)


async def test_hooks_see_the_call_and_can_deny(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "echo hi > f.txt", "description": "write"}),
        text_turn("ok")]})
    seen = []

    async def pre(hook_input, tool_use_id, context):
        seen.append((hook_input["hook_event_name"], hook_input["tool_name"], tool_use_id))
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "no shell"}}

    opts = options(server, tmp_path, permission_mode="bypassPermissions",
                   hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[pre])]})
    messages = await run("go", opts)
    assert seen == [("PreToolUse", "Bash", "toolu_1")]
    assert not (tmp_path / "f.txt").exists()
    assert isinstance(messages[-1], ResultMessage)


@pytest.mark.parametrize("on_failure", [None, "continue", "block"])
async def test_a_failing_hook_blocks_only_when_set_to(on_failure, mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "echo hi > f.txt", "description": "write"}),
        text_turn("ok")]})

    async def broken(hook_input, tool_use_id, context):
        raise RuntimeError("policy service down")

    opts = options(server, tmp_path, permission_mode="bypassPermissions",
                   hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[broken],
                                                     on_failure=on_failure)]})
    with anyio.fail_after(30):
        messages = await run("go", opts)
    results = [b for m in messages if isinstance(m, UserMessage) for b in m.content
               if isinstance(b, ToolResultBlock)]
    if on_failure == "block":
        assert not (tmp_path / "f.txt").exists()
        assert results[0].is_error
        assert "policy service down" in str(results[0].content)
        assert [d["tool_use_id"] for d in messages[-1].permission_denials] == ["toolu_1"]
    else:
        # A failure counts as no decision: the call runs.
        assert (tmp_path / "f.txt").read_text() == "hi\n"
        assert not results[0].is_error


async def test_sdk_mcp_tool(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "mcp__calc__add", {"a": 2, "b": 3}), text_turn("5")]})
    called = []

    @tool("add", "Add two numbers", {"a": float, "b": float})
    async def add(args):
        called.append(args)
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}

    opts = options(server, tmp_path, allowed_tools=["mcp__calc__add"],
                   mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[add])})
    messages = await run("add", opts)
    assert called == [{"a": 2, "b": 3}]
    results = [b for m in messages if isinstance(m, UserMessage) for b in m.content
               if isinstance(b, ToolResultBlock)]
    assert "5" in json.dumps(results[0].content)


async def test_break_and_cancel_stop_the_session(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "sleep 30", "description": "wait"}), text_turn("x")]})
    opts = options(server, tmp_path, permission_mode="bypassPermissions")
    with anyio.fail_after(20):
        gen = query(prompt="go", options=opts)
        async for m in gen:
            if isinstance(m, AssistantMessage):
                break
        await gen.aclose()
    with anyio.fail_after(20):
        with anyio.move_on_after(1):
            async for _ in query(prompt="go", options=opts):
                pass


async def test_client_conversation(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("first"), text_turn("second")]})
    async with ClaudeSDKClient(options(server, tmp_path)) as client:
        info = await client.get_server_info()
        assert isinstance(info, dict)
        await client.query("one")
        first = [m async for m in client.receive_response()]
        await client.set_permission_mode("acceptEdits")
        await client.set_model("claude-sonnet-4-5")
        await client.query("two")
        second = [m async for m in client.receive_response()]
        await client.interrupt()
    assert first[-1].result == "first" and second[-1].result == "second"
    assert any(isinstance(b, ToolUseBlock) for m in first if isinstance(m, AssistantMessage)
               for b in m.content) is False


async def test_a_wrong_option_names_itself(tmp_path):
    with pytest.raises((TypeError, ValueError), match="sandbox must be a mapping"):
        async for _ in query(prompt="x", options=ClaudeAgentOptions(sandbox="on")):  # type: ignore[arg-type]
            pass


async def test_native_recv_awaitable_on_asyncio(mock_server, tmp_path, anyio_backend):
    if anyio_backend != "asyncio":
        pytest.skip("recv() returns an asyncio awaitable")
    from claude_agent_sdk import _native

    server = mock_server({"responses": [text_turn("raw")]})
    session = _native.NativeSession(json.dumps({"env": server.env(), "cwd": str(tmp_path)}))
    session.send(json.dumps({"type": "user", "message": {"role": "user", "content": "hi"},
                             "parent_tool_use_id": None, "session_id": ""}))
    session.end_input()
    frames = []
    while (frame := await session.recv()) is not None:
        frames.append(json.loads(frame))
    assert frames[0]["type"] == "system" and frames[-1]["type"] == "result"
    assert isinstance(_native.version(), str)


def test_query_in_a_forked_child(mock_server, tmp_path, anyio_backend):
    if anyio_backend != "asyncio":
        pytest.skip("one fork is enough")
    server = mock_server({"responses": [text_turn("parent"), text_turn("child")]})

    async def one():
        return [m async for m in query(prompt="hi", options=options(server, tmp_path))][-1].result

    assert anyio.run(one) == "parent"  # the runtime exists in the parent before the fork
    pid = os.fork()
    if pid == 0:
        try:
            ok = anyio.run(one) == "child"
        except BaseException:
            ok = False
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0


@pytest.mark.parametrize("event", ["PreToolUse", "PostToolUse"])
async def test_a_tool_hook_that_raises_counts_as_empty_with_a_warning(mock_server, tmp_path, event):
    target = tmp_path / "w.txt"
    server = mock_server({"responses": [tool_turn("toolu_1", "Write", {"file_path": str(target), "content": "x\n"}),
                                        text_turn("Done.")]})

    async def broken(input_data, tool_use_id, context):
        raise RuntimeError("hook backend unavailable")

    opts = options(server, tmp_path, permission_mode="acceptEdits",
                   hooks={event: [HookMatcher(matcher="Write", hooks=[broken])]})
    messages = await run("Write w.txt", opts)
    warnings = [m for m in messages if isinstance(m, SystemMessage) and m.subtype == "informational"]
    assert [(w.data["level"], w.data["content"]) for w in warnings] == [(
        "warning",
        f"{event}: Hook callback hook_0 failed: the SDK host replied with an error or an invalid answer. "
        "Its answer was treated as empty.",
    )]
    # the warning comes before the call's result
    kinds = [type(m).__name__ for m in messages]
    assert kinds.index("SystemMessage", 1) < kinds.index("UserMessage")
    assert target.read_text() == "x\n"
    assert messages[-1].result == "Done."


@pytest.mark.parametrize("event", ["UserPromptSubmit", "Stop"])
async def test_a_turn_hook_that_raises_counts_as_empty_with_a_warning(mock_server, tmp_path, event):
    """The warning comes right after init for a prompt hook, right before the result for a
    Stop hook; the turn goes on as if the callback had answered nothing."""
    server = mock_server({"responses": [text_turn("Done.")]})

    async def broken(input_data, tool_use_id, context):
        raise RuntimeError("hook backend unavailable")

    opts = options(server, tmp_path, hooks={event: [HookMatcher(hooks=[broken])]})
    messages = await run("Go", opts)
    kinds = [m.subtype if isinstance(m, SystemMessage) else type(m).__name__ for m in messages]
    warning = "informational"
    expected = (["init", warning, "AssistantMessage", "ResultMessage"] if event == "UserPromptSubmit"
                else ["init", "AssistantMessage", warning, "ResultMessage"])
    assert kinds == expected
    w = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == warning)
    assert (w.data["level"], w.data["content"]) == (
        "warning",
        f"{event}: Hook callback hook_0 failed: the SDK host replied with an error or an invalid answer. "
        "Its answer was treated as empty.",
    )
    assert messages[-1].result == "Done."
