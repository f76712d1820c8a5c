"""What a host sees of ``/clear``, of the ``origin`` it stamps on a prompt, of the settings'
``outputStyle`` and of ``resume_drops_turn``, through the Python face against the scripted
server (the shapes the official SDK's own end-to-end tests rely on)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    ConversationResetMessage,
    ProcessError,
    ResultMessage,
    SystemMessage,
    UserMessage,
    get_session_messages,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]


def _user(text: str, **extra: Any) -> dict[str, Any]:
    return {"type": "user", "message": {"role": "user", "content": text},
            "parent_tool_use_id": None, **extra}


async def _one(msg: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
    yield msg


async def test_clear_resets_the_conversation_and_origin_round_trips(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("one"), text_turn("two")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), max_turns=1)
    async with ClaudeSDKClient(options) as client:
        await client.query(_one(_user("first", origin={"kind": "human"})))
        first = [m async for m in client.receive_response()]
        await client.query("/clear")
        cleared = [m async for m in client.receive_response()]
        await client.query(_one(_user("second", origin={"kind": "task-notification"})))
        second = [m async for m in client.receive_response()]
    before = first[-1]
    assert isinstance(before, ResultMessage) and before.origin == {"kind": "human"}
    assert [type(m).__name__ for m in cleared] == [
        "ConversationResetMessage", "SystemMessage", "SystemMessage", "ResultMessage"]
    reset, tasks, init, result = cleared
    assert isinstance(reset, ConversationResetMessage)
    assert reset.session_id == before.session_id
    assert reset.new_conversation_id and reset.uuid == reset.new_conversation_id
    assert (tasks.subtype, tasks.data["tasks"]) == ("background_tasks_changed", [])
    assert init.subtype == "init" and init.data["session_id"] != before.session_id
    assert result.session_id == init.data["session_id"]
    assert (result.num_turns, result.result, result.total_cost_usd) == (0, "", 0)
    assert result.origin is None
    after = second[-1]
    assert after.session_id == result.session_id and after.origin is None
    assert after.total_cost_usd == before.total_cost_usd
    kept = [m.message["content"] for m in get_session_messages(after.session_id,
                                                               directory=str(tmp_path))
            if m.type == "user"]
    # The new session opens with the command's record, then the next prompt.
    assert kept[-1] == "second" and "first" not in kept
    assert any("<command-name>/clear</command-name>" in k for k in kept)


@pytest.mark.parametrize("where", ["settings.local.json", "settings.json"])
async def test_output_style_comes_from_the_settings_files(mock_server, tmp_path, where):
    server = mock_server({"responses": [text_turn("hi")]})
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / where).write_text('{"outputStyle": "local-test-style"}')
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), max_turns=1)
    inits = [m async for m in query(prompt="hi", options=options)
             if isinstance(m, SystemMessage) and m.subtype == "init"]
    assert inits[0].data["output_style"] == "local-test-style"
    sources = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), max_turns=1,
                                 setting_sources=["user"])
    inits = [m async for m in query(prompt="hi", options=sources)
             if isinstance(m, SystemMessage) and m.subtype == "init"]
    assert inits[0].data["output_style"] == "default"


async def test_resume_drops_turn_refuses_a_cut_that_drops_more(mock_server, tmp_path):
    server = mock_server({"responses": [], "default": text_turn("ok")})
    cwd = str(tmp_path)
    options = ClaudeAgentOptions(cwd=cwd, env=server.env(), max_turns=1)
    keep_at = None
    async with ClaudeSDKClient(options) as client:
        await client.query("one")
        async for m in client.receive_response():
            if isinstance(m, AssistantMessage):
                keep_at = m.uuid
        await client.query("two")
        results = [m async for m in client.receive_response()]
    session_id = results[-1].session_id
    chain = get_session_messages(session_id, directory=cwd)
    turn_2 = next(m.uuid for m in chain if m.type == "user" and m.message["content"] == "two")

    def fork(declared: str) -> ClaudeAgentOptions:
        return ClaudeAgentOptions(cwd=cwd, env=server.env(), max_turns=1, resume=session_id,
                                  fork_session=True, resume_session_at=keep_at,
                                  resume_drops_turn=declared)

    wrong = str(uuid.uuid4())
    with pytest.raises(ProcessError) as refused:
        async for _ in query(prompt="three", options=fork(wrong)):
            pass
    assert str(refused.value).startswith(
        "Claude Code returned an error result: Resume rejected by --resume-drops-turn: "
        f"resuming at {keep_at} would discard entries not attributable to turn {wrong}: "
        "range does not start with the declared turn prompt; first discarded entry 1 "
        f"[type=user, uuid={turn_2}]")
    forked = [m async for m in query(prompt="three", options=fork(turn_2))]
    assert forked[-1].subtype == "success" and forked[-1].session_id != session_id
    prompts = [m.message["content"] for m in get_session_messages(forked[-1].session_id,
                                                                  directory=cwd)
               if m.type == "user"]
    assert prompts == ["one", "three"]


async def test_rewind_files_restores_what_the_prompt_found(mock_server, tmp_path):
    new, old = tmp_path / "new.txt", tmp_path / "old.txt"
    old.write_text("one\ntwo\n")
    server = mock_server({"responses": [
        tool_turn("toolu_01", "Write", {"file_path": str(new), "content": "hello\n"}),
        tool_turn("toolu_02", "Read", {"file_path": str(old)}),
        tool_turn("toolu_03", "Edit", {"file_path": str(old), "old_string": "one",
                                       "new_string": "ONE"}),
        text_turn("done")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                                 permission_mode="bypassPermissions",
                                 enable_file_checkpointing=True,
                                 extra_args={"replay-user-messages": None})
    async with ClaudeSDKClient(options) as client:
        await client.query("make files")
        messages = [m async for m in client.receive_response()]
        echo = next(m for m in messages if isinstance(m, UserMessage) and m.uuid
                    and m.content == "make files")
        assert new.read_text() == "hello\n" and old.read_text() == "ONE\ntwo\n"
        assert await client.rewind_files(echo.uuid) is None
        assert not new.exists() and old.read_text() == "one\ntwo\n"
        with pytest.raises(Exception, match="No file checkpoint found for this message."):
            await client.rewind_files(str(uuid.uuid4()))
