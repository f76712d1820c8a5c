"""query() and ClaudeSDKClient over the control protocol, on asyncio and trio, with a scripted
Transport standing in for the session (no native module needed)."""

from __future__ import annotations

import anyio
import pytest
from fake_cli import FakeCli, assistant_frame, result_frame

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    CLIConnectionError,
    HookMatcher,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultError,
    ResultMessage,
    SystemMessage,
    create_sdk_mcp_server,
    query,
    tool,
)

pytestmark = pytest.mark.anyio


async def collect(prompt, options, cli, script):
    messages = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(script, cli)
        async for m in query(prompt=prompt, options=options, transport=cli):
            messages.append(m)
    return messages


async def test_string_prompt_flow():
    cli = FakeCli()

    async def script(cli):
        user = await cli.next_input()
        assert user == {"type": "user", "message": {"role": "user", "content": "hi"},
                        "parent_tool_use_id": None, "session_id": ""}
        assert await cli.next_input() is None  # input ended after the prompt
        cli.emit({"type": "system", "subtype": "init", "session_id": "s"})
        cli.emit({"type": "command_lifecycle"})  # unknown types are skipped
        cli.emit(assistant_frame("hello"))
        cli.emit(result_frame())
        cli.finish()

    messages = await collect("hi", None, cli, script)
    assert [type(m) for m in messages] == [SystemMessage, AssistantMessage, ResultMessage]
    assert cli.written[0]["request"]["subtype"] == "initialize" and cli.closed


async def test_error_result_then_result_error():
    cli = FakeCli()

    async def script(cli):
        await cli.next_input()
        cli.emit(result_frame(subtype="error_max_turns", is_error=True, result=None,
                              errors=["Reached maximum number of turns (1)"], terminal_reason="max_turns"))
        cli.emit({"type": "system", "subtype": "session_state_changed", "state": "idle"})
        cli.finish()

    seen, caught = [], None
    async with anyio.create_task_group() as tg:
        tg.start_soon(script, cli)
        try:
            async for m in query(prompt="go", transport=cli):
                seen.append(m)
        except ResultError as e:
            caught = e
    assert isinstance(seen[0], ResultMessage) and seen[0].is_error
    e = caught
    assert str(e) == "Claude Code returned an error result: Reached maximum number of turns (1) (exit code: 1)"
    assert e.subtype == "error_max_turns" and e.terminal_reason == "max_turns"


async def test_error_result_followed_by_other_frames_does_not_raise():
    cli = FakeCli()

    async def script(cli):
        await cli.next_input()
        cli.emit(result_frame(is_error=True))
        cli.emit(assistant_frame("moved on"))
        cli.finish()

    messages = await collect("go", None, cli, script)
    assert len(messages) == 2


async def test_callbacks_are_answered():
    cli = FakeCli()
    log = []

    async def can_use_tool(name, tool_input, ctx):
        log.append(("perm", name, ctx.tool_use_id))
        if name == "Bash":
            return PermissionResultDeny(message="no bash")
        return PermissionResultAllow(updated_input={**tool_input, "x": 1})

    def hook(hook_input, tool_use_id, context):  # sync hook
        log.append(("hook", hook_input["hook_event_name"], tool_use_id))
        return {"continue_": True}

    @tool("echo", "Echo", {"text": str})
    async def echo(args):
        return {"content": [{"type": "text", "text": args["text"]}]}

    options = ClaudeAgentOptions(
        can_use_tool=can_use_tool,
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook])]},
        mcp_servers={"util": create_sdk_mcp_server("util", tools=[echo])},
    )

    async def script(cli):
        await cli.next_input()
        init = cli.written[0]["request"]
        assert init["hooks"] == {"PreToolUse": [{"matcher": "Bash", "hookCallbackIds": ["hook_0"]}]}
        denied = await cli.ask({"subtype": "can_use_tool", "tool_name": "Bash", "input": {},
                                "permission_suggestions": None, "blocked_path": None,
                                "tool_use_id": "t1"})
        assert denied["response"] == {"behavior": "deny", "message": "no bash"}
        allowed = await cli.ask({"subtype": "can_use_tool", "tool_name": "Read", "input": {"p": 1},
                                 "permission_suggestions": [], "blocked_path": None, "tool_use_id": "t2"})
        assert allowed["response"] == {"behavior": "allow", "updatedInput": {"p": 1, "x": 1}}
        hooked = await cli.ask({"subtype": "hook_callback", "callback_id": "hook_0",
                                "input": {"hook_event_name": "PreToolUse"}, "tool_use_id": "t1"})
        assert hooked["response"] == {"continue": True}
        await cli.ask({"subtype": "mcp_message", "server_name": "util", "message": {
            "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}}})
        called = await cli.ask({"subtype": "mcp_message", "server_name": "util", "message": {
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": "yo"}}}})
        assert called["response"]["mcp_response"]["result"]["content"] == [{"type": "text", "text": "yo"}]
        cli.emit(result_frame())
        cli.finish()

    messages = await collect("go", options, cli, script)
    assert isinstance(messages[-1], ResultMessage)
    assert log == [("perm", "Bash", "t1"), ("perm", "Read", "t2"), ("hook", "PreToolUse", "t1")]


async def test_raising_callback_becomes_error_reply():
    cli = FakeCli()

    async def can_use_tool(name, tool_input, ctx):
        raise RuntimeError("callback exploded")

    async def script(cli):
        await cli.next_input()
        reply = await cli.ask({"subtype": "can_use_tool", "tool_name": "Bash", "input": {},
                               "permission_suggestions": None, "blocked_path": None, "tool_use_id": "t"})
        assert reply == {"subtype": "error", "request_id": "cli_0", "error": "callback exploded"}
        cli.emit(result_frame())
        cli.finish()

    messages = await collect("go", ClaudeAgentOptions(can_use_tool=can_use_tool), cli, script)
    assert isinstance(messages[-1], ResultMessage)


async def test_break_closes_the_session():
    cli = FakeCli()

    async def script(cli):
        await cli.next_input()
        for i in range(5):
            cli.emit(assistant_frame(f"m{i}"))

    async with anyio.create_task_group() as tg:
        tg.start_soon(script, cli)
        gen = query(prompt="go", transport=cli)
        async for m in gen:
            break
        await gen.aclose()
    assert cli.closed


async def test_cancelling_the_consumer_closes_the_session():
    cli = FakeCli()

    async def script(cli):
        await cli.next_input()
        cli.emit(assistant_frame("first"))  # then never finishes

    got = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(script, cli)
        with anyio.move_on_after(0.5):
            async for m in query(prompt="go", transport=cli):
                got.append(m)
    assert len(got) == 1 and cli.closed


async def test_async_iterable_prompt():
    cli = FakeCli()

    async def prompts():
        yield {"type": "user", "message": {"role": "user", "content": "one"}, "parent_tool_use_id": None,
               "session_id": "x"}
        await anyio.sleep(0.01)
        yield {"type": "user", "message": {"role": "user", "content": "two"}, "parent_tool_use_id": None,
               "session_id": "x"}

    async def script(cli):
        first, second, end = await cli.next_input(), await cli.next_input(), await cli.next_input()
        assert [first["message"]["content"], second["message"]["content"], end] == ["one", "two", None]
        cli.emit(result_frame())
        cli.finish()

    messages = await collect(prompts(), ClaudeAgentOptions(verbatim_prompts=True), cli, script)
    assert len(messages) == 1 and cli.written[1]["client_composed"] is True


async def test_client_round_trip_and_control_methods():
    cli = FakeCli()
    client = ClaudeSDKClient(ClaudeAgentOptions(), transport=cli)
    with pytest.raises(CLIConnectionError, match="Not connected"):
        await client.interrupt()

    async def script(cli):
        user = await cli.next_input()
        assert user["session_id"] == "default"
        cli.emit(assistant_frame("hi"))
        cli.emit(result_frame())
        for expected in ("interrupt", "set_permission_mode", "set_model", "mcp_status"):
            frame = await cli.next_input()
            assert frame["request"]["subtype"] == expected
            cli.answer(frame, {"mcpServers": []} if expected == "mcp_status" else {})
        frame = await cli.next_input()
        cli.emit({"type": "control_response", "response": {
            "subtype": "error", "request_id": frame["request_id"], "error": "not here"}})

    async with anyio.create_task_group() as tg:
        tg.start_soon(script, cli)
        async with client:
            assert await client.get_server_info() == {"commands": [], "output_style": "default"}
            await client.query("hello")
            messages = [m async for m in client.receive_response()]
            assert [type(m) for m in messages] == [AssistantMessage, ResultMessage]
            await client.interrupt()
            await client.set_permission_mode("acceptEdits")
            await client.set_model("claude-x")
            assert await client.get_mcp_status() == {"mcpServers": []}
            with pytest.raises(Exception, match="not here"):
                await client.get_context_usage()
    assert cli.closed
    with pytest.raises(CLIConnectionError):
        await client.query("again")
