"""A resumed session and its CLAUDE.md files, through the Python face (tests/conformance/fuzz-l):
the model reads again what the first run showed it, is told at the new run's first prompt of the
files changed since, and is not handed a nested file twice."""

from __future__ import annotations

import pytest
from conftest import message_texts as texts, requires_native, run_query as run, text_turn, tool_turn

pytestmark = [requires_native, pytest.mark.anyio]


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    (path / "sub").mkdir(parents=True)
    (tmp_path / "home").mkdir()
    (path / "CLAUDE.md").write_text("Rule one.\n")
    (path / "sub" / "CLAUDE.md").write_text("Sub rule.\n")
    (path / "sub" / "x.txt").write_text("x\n")
    (path / "sub" / "y.txt").write_text("y\n")
    return path


async def test_a_resumed_session_is_shown_its_instructions_and_what_changed(mock_server, work):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(work / "sub" / "x.txt")}),
        tool_turn("toolu_2", "Bash", {"command": "echo 'Rule two.' > CLAUDE.md"}),
        text_turn("Done."),
        tool_turn("toolu_3", "Read", {"file_path": str(work / "sub" / "y.txt")}),
        text_turn("Done again."),
    ]})
    one = await run(server, work, prompt="Rules?", setting_sources=["project"])
    two = await run(server, work, prompt="And now?", setting_sources=["project"],
                    resume=one[-1].session_id)
    assert two[-1].subtype == "success"
    last = server.requests()[-1]["messages"]
    # The first prompt as the first run showed it, CLAUDE.md as it was then.
    assert "Contents of " + str(work / "CLAUDE.md") in texts(last[0])[0]
    assert "\n\nRule one.\n</system-reminder>" in texts(last[0])[0]
    assert texts(last[0])[-1] == "Rules?"
    # The nested file after the result that brought it in.
    assert any(f"Contents of {work / 'sub' / 'CLAUDE.md'}:\n\nSub rule.\n" in t for t in texts(last[2]))
    # The new run's prompt: the changed file alone, then the prompt.
    prompt = next(m for m in last if "And now?" in texts(m))
    told = texts(prompt)
    assert len(told) == 2 and told[1] == "And now?"
    assert told[0].startswith("<system-reminder>\nThese instruction files were read again")
    assert told[0].endswith("\n\nRule two.\n</system-reminder>\n")
    # Reading beside the nested file again brings it in no more.
    assert not any("sub/CLAUDE.md" in t for t in texts(last[-1]))


async def test_a_file_a_call_touches_is_not_brought_in_as_an_import(mock_server, work):
    (work / "sub" / "CLAUDE.md").write_text("Sub @x.txt @y.txt\n")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(work / "sub" / "x.txt")}),
        text_turn("Done."),
    ]})
    await run(server, work, prompt="Go", setting_sources=["project"])
    last = server.requests()[-1]["messages"]
    told = " ".join(texts(last[-1]))
    assert f"Contents of {work / 'sub' / 'y.txt'}" in told
    assert f"Contents of {work / 'sub' / 'x.txt'}" not in told
