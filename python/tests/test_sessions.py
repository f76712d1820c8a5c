"""The session-file functions read and change transcripts as the official SDK does: the
answers for the fixture transcripts (written by the reference CLI, see
``tests/fixtures/sessions/make.py``) are the official Python SDK's, field for field."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest
from conftest import REPO, requires_native

import claude_agent_sdk as sdk

FIXTURE = REPO / "tests" / "fixtures" / "sessions"
PROJECT = "/work/oxagent-fixture"

pytestmark = requires_native


@pytest.fixture
def home(tmp_path, monkeypatch):
    key = "".join(c if c.isascii() and c.isalnum() else "-" for c in PROJECT)
    folder = tmp_path / ".claude" / "projects" / key
    folder.mkdir(parents=True)
    for p in sorted((FIXTURE / "transcripts").glob("*.jsonl")):
        shutil.copy(p, folder)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return folder


def test_listing_and_reading_match_the_reference(home):
    expected = json.loads((FIXTURE / "expected-python.json").read_text())
    ours = {}
    listed = sdk.list_sessions(directory=PROJECT)
    assert [i.last_modified for i in listed] == sorted((i.last_modified for i in listed), reverse=True)
    for info in listed:
        d = dataclasses.asdict(info)
        d.pop("last_modified")
        d["messages"] = [dataclasses.asdict(m)
                         for m in sdk.get_session_messages(info.session_id, directory=PROJECT)]
        d["page"] = [m.uuid for m in sdk.get_session_messages(info.session_id, directory=PROJECT,
                                                             limit=2, offset=1)]
        ours[info.session_id] = d
    assert ours == expected
    # Without a directory, every project is searched.
    assert {i.session_id for i in sdk.list_sessions()} == set(expected)
    one = next(iter(expected))
    assert dataclasses.asdict(sdk.get_session_info(one))["summary"] == expected[one]["summary"]
    assert sdk.get_session_info("not-a-uuid") is None
    assert sdk.get_session_messages("33333333-3333-4333-8333-333333333333") == []


def test_rename_tag_fork_delete(home):
    sid = "54390752-5323-4cfd-affc-63373e51b04b"
    messages = sdk.get_session_messages(sid, directory=PROJECT)
    sdk.rename_session(sid, "  Colour talk ", directory=PROJECT)
    sdk.tag_session(sid, "kee\u200bp")
    info = sdk.get_session_info(sid, directory=PROJECT)
    assert (info.summary, info.custom_title, info.tag) == ("Colour talk", "Colour talk", "keep")
    sdk.tag_session(sid, None)
    assert sdk.get_session_info(sid).tag is None

    with pytest.raises(ValueError):
        sdk.rename_session(sid, "   ")
    with pytest.raises(ValueError):
        sdk.tag_session(sid, "\u200b")
    with pytest.raises(ValueError):
        sdk.rename_session("not-a-uuid", "x")
    with pytest.raises(FileNotFoundError):
        sdk.rename_session("33333333-3333-4333-8333-333333333333", "x")

    fork = sdk.fork_session(sid, directory=PROJECT, up_to_message_id=messages[1].uuid)
    assert isinstance(fork, sdk.ForkSessionResult) and fork.session_id != sid
    forked = sdk.get_session_messages(fork.session_id, directory=PROJECT)
    assert [m.message for m in forked] == [m.message for m in messages[:2]]
    assert all(m.session_id == fork.session_id for m in forked)
    assert sdk.get_session_info(fork.session_id).summary == "Colour talk (fork)"
    first = json.loads((home / f"{fork.session_id}.jsonl").read_text().splitlines()[0])
    assert first["forkedFrom"]["sessionId"] == sid
    with pytest.raises(ValueError):
        sdk.fork_session(sid, up_to_message_id="no-such-message")

    (home / sid / "subagents").mkdir(parents=True)
    sdk.delete_session(sid, directory=PROJECT)
    assert not (home / f"{sid}.jsonl").exists() and not (home / sid).exists()
    assert sdk.get_session_info(sid) is None
    assert fork.session_id in {i.session_id for i in sdk.list_sessions(directory=PROJECT)}


def test_ids_that_are_not_uuids_touch_no_file(home, tmp_path):
    """As the official package: readers answer None / [], changers raise ValueError
    ``Invalid session_id: <id>``; the victim outside the projects folder stays as it was."""
    victim = tmp_path / "victim"
    victim.mkdir()
    sid = "54390752-5323-4cfd-affc-63373e51b04b"
    shutil.copy(home / f"{sid}.jsonl", victim / "victim.jsonl")
    (victim / "victim" / "subagents").mkdir(parents=True)
    shutil.copy(home / f"{sid}.jsonl", victim / "victim" / "subagents" / "agent-a1.jsonl")
    before = {p: p.read_bytes() for p in victim.rglob("*") if p.is_file()}
    uuid = "00000000-0000-4000-8000-000000000000"
    bad = ["../../../victim/victim", str(victim / "victim"), uuid[:-1] + "\0", "",
           uuid + "0" * 300, uuid + "\n"]
    for value in bad:
        for directory in (None, PROJECT):
            assert sdk.get_session_info(value, directory=directory) is None
            assert sdk.get_session_messages(value, directory=directory) == []
            assert sdk.list_subagents(value, directory=directory) == []
            assert sdk.get_subagent_messages(value, "a1", directory=directory) == []
            for change in (lambda: sdk.rename_session(value, "t", directory=directory),
                           lambda: sdk.tag_session(value, "t", directory=directory),
                           lambda: sdk.delete_session(value, directory=directory),
                           lambda: sdk.fork_session(value, directory=directory)):
                with pytest.raises(ValueError) as info:
                    change()
                assert str(info.value) == f"Invalid session_id: {value}"
        if value:
            with pytest.raises(ValueError) as info:
                sdk.fork_session(sid, up_to_message_id=value)
            assert str(info.value) == f"Invalid up_to_message_id: {value}"
    assert sdk.get_subagent_messages(sid, "../../../victim/victim") == []
    assert {p: p.read_bytes() for p in victim.rglob("*") if p.is_file()} == before
    # A well-formed id names a file as it is written: the upper-case form of an id is
    # another, missing session.
    with pytest.raises(FileNotFoundError):
        sdk.tag_session(sid.upper(), "t")
    assert sdk.get_session_info(sid.upper()) is None
