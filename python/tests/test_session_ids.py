"""Session ids are not paths: ``resume``, ``session_id``, ``fork_session`` and
``resume_session_at`` with values that are not UUIDs read and write nothing, and fail as the
official SDK fails (recorded in ``tests/conformance/sessions/golden``)."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ClaudeSDKClient,
    ProcessError,
    ResultError,
    ResultMessage,
    query,
    rename_session,
)

pytestmark = [requires_native, pytest.mark.anyio]

UUID = "00000000-0000-4000-8000-000000000000"
UPPER = "ABCDEF01-2345-4678-9ABC-DEF012345678"
VICTIM = (
    '{"type":"user","uuid":"22222222-2222-4222-8222-222222222222","parentUuid":null,'
    '"message":{"role":"user","content":"Victim secret prompt"}}\n'
)


@pytest.fixture
def scratch(tmp_path):
    for d in ("ws", "home", "victim"):
        (tmp_path / d).mkdir()
    (tmp_path / "victim" / "victim.jsonl").write_text(VICTIM)
    return tmp_path


def bad_ids(root):
    return [
        "../../../../victim/victim",
        str(root / "victim" / "victim"),
        "../../../../x",
        str(root / "x"),
        UUID[:-1] + "\0",
        UUID + "\n",
        UUID + "/../../../../y",
        UUID + "0" * 300,
    ]


def options(server, root, **kw):
    env = {**server.env(), "HOME": str(root / "home")}
    return ClaudeAgentOptions(cwd=str(root / "ws"), env=env, permission_mode="bypassPermissions", **kw)


async def run(opts):
    return [m async for m in query(prompt="Hello", options=opts)]


def files(root):
    """Every path under ``root`` but the session transcripts, with its contents."""
    projects = root / "home" / ".claude" / "projects"
    return {
        p: (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
        if projects not in p.parents and p != projects
    }


def transcripts(root):
    return sorted((root / "home" / ".claude" / "projects").rglob("*.jsonl"))


async def test_bad_ids_read_and_write_nothing(mock_server, scratch):
    server = mock_server({"responses": [text_turn("Hi.")], "default": text_turn("Unexpected.")})
    first = await run(options(server, scratch))
    sid = first[-1].session_id
    before, rows = files(scratch), transcripts(scratch)
    assert len(rows) == 1
    content = rows[0].read_bytes()

    for bad in bad_ids(scratch):
        # resume: neither an id nor a title. Nothing is yielded; the error result is raised.
        seen = []
        with pytest.raises(ResultError) as info:
            async for m in query(prompt="Hello", options=options(server, scratch, resume=bad)):
                seen.append(m)
        text = (
            "Error: --resume requires a valid session ID or session title when used with --print. "
            "Usage: claude -p --resume <session-id|title>. "
            f'Provided value "{bad}" is not a UUID and does not match any session title.'
        )
        assert seen == []
        assert (info.value.subtype, info.value.errors, info.value.exit_code) == (
            "error_during_execution", [text], 1)
        assert str(info.value).startswith(f"Claude Code returned an error result: {text}")

        # session_id, alone or naming a fork: the session refuses to start.
        for extra in ({}, {"resume": sid, "fork_session": True}):
            with pytest.raises(ProcessError) as refused:
                await run(options(server, scratch, session_id=bad, **extra))
            assert type(refused.value) is ProcessError
            assert refused.value.exit_code == 1
            assert refused.value.stderr == "Error: Invalid session ID. Must be a valid UUID."
            assert str(refused.value).splitlines()[0] == "Command failed with exit code 1 (exit code: 1)"

        # resume_session_at is a message uuid: it names no message.
        for fork in (True, False):
            with pytest.raises(ResultError) as info:
                await run(options(server, scratch, resume=sid, resume_session_at=bad,
                                  fork_session=fork))
            # (ResultError.errors are stripped, as the reference's are.)
            assert info.value.errors == [f"No message found with message.uuid of: {bad}".strip()]

    with pytest.raises(ProcessError):
        await ClaudeSDKClient(options(server, scratch, session_id="../../x")).connect()

    assert files(scratch) == before
    assert transcripts(scratch) == rows and rows[0].read_bytes() == content


async def test_upper_case_ids_empty_ids_and_titles(mock_server, scratch, monkeypatch):
    server = mock_server({"responses": [text_turn("One."), text_turn("Two."), text_turn("Three."),
                                        text_turn("Four.")]})
    first = await run(options(server, scratch, session_id=UPPER))
    assert first[-1].session_id == UPPER
    assert [p.name for p in transcripts(scratch)] == [f"{UPPER}.jsonl"]
    again = await run(options(server, scratch, resume=UPPER))
    assert isinstance(again[-1], ResultMessage) and again[-1].result == "Two."
    # The file is named in upper case: the lower-case id names no session (as the reference).
    with pytest.raises(ResultError) as info:
        await run(options(server, scratch, resume=UPPER.lower()))
    assert info.value.errors == [f"No conversation found with session ID: {UPPER.lower()}"]
    # Empty ids are left out, as the reference's package leaves them out: a new session.
    fresh = await run(options(server, scratch, session_id="", resume=""))
    assert fresh[-1].session_id not in ("", UPPER)

    monkeypatch.setenv("HOME", str(scratch / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    rename_session(UPPER, "Colour talk", directory=str(scratch / "ws"))
    titled = await run(options(server, scratch, resume=" colour TALK "))
    assert titled[-1].session_id == UPPER and titled[-1].result == "Four."
