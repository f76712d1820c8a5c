"""Bad input from the caller ends as the reference ends it, or with an error naming what is
wrong, never silently: prompts that are not prompts, a stream with a bad item, lone
surrogates, a PreToolUse hook that times out, a can_use_tool allow with a malformed input."""

from __future__ import annotations

import anyio
import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    HookMatcher,
    PermissionResultAllow,
    ResultMessage,
    ToolResultBlock,
    UserMessage,
    query,
)
from claude_agent_sdk._internal.channel import well_formed

pytestmark = pytest.mark.anyio


def options(server, tmp_path, **kw):
    return ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), **kw)


async def run(prompt, opts):
    with anyio.fail_after(60):
        return [m async for m in query(prompt=prompt, options=opts)]


def tool_results(messages):
    return [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)]


def user(text):
    return {"type": "user", "message": {"role": "user", "content": text},
            "parent_tool_use_id": None, "session_id": "default"}


@pytest.mark.parametrize("prompt", [None, 123, b"bytes", ["a list"]])
async def test_a_prompt_of_the_wrong_type_raises(prompt):
    with pytest.raises(TypeError, match="prompt must be a str or an AsyncIterable"):
        async for _ in query(prompt=prompt):
            pass


def test_lone_surrogates_become_replacement_characters():
    assert well_formed({"a": ["x\ud800y", 1], "b": "ok \U0001F600"}) == {
        "a": ["x\ufffdy", 1], "b": "ok \U0001F600"}


@requires_native
async def test_a_lone_surrogate_in_a_prompt_is_sent(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("fine")]})
    messages = await run("hi \ud800 there", options(server, tmp_path))
    assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "fine"


@requires_native
async def test_a_stream_skips_items_that_are_not_messages(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("answered")]})

    async def prompts():
        yield 5
        yield "just a string"
        yield user("hello")

    messages = await run(prompts(), options(server, tmp_path))
    assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "answered"


@requires_native
async def test_a_pre_tool_use_hook_that_times_out_stops_the_call(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "touch MARKER"}), text_turn("done")]})

    async def slow(hook_input, tool_use_id, context):
        await anyio.sleep(5)
        return {}

    hooks = {"PreToolUse": [HookMatcher(matcher="Bash", hooks=[slow], timeout=0.3)]}
    messages = await run("go", options(server, tmp_path, hooks=hooks,
                                       permission_mode="bypassPermissions"))
    assert not (tmp_path / "MARKER").exists()
    [result] = tool_results(messages)
    assert result.is_error and str(result.content).startswith(
        "PreToolUse hook did not respond before its timeout")


@requires_native
async def test_an_allow_whose_input_is_not_a_dict_is_denied(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "touch MARKER"}), text_turn("done")]})

    async def allow_badly(name, tool_input, ctx):
        return PermissionResultAllow(updated_input="notadict")

    messages = await run("go", options(server, tmp_path, can_use_tool=allow_badly))
    assert not (tmp_path / "MARKER").exists()
    [result] = tool_results(messages)
    assert result.is_error and str(result.content).startswith(
        "The canUseTool callback returned an invalid permission result.")
    assert messages[-1].permission_denials[0]["tool_input"] == {"command": "touch MARKER"}
