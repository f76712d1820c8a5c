"""The ``oxagent_cassette`` fixture, as a user's test suite runs it: the first run records
against the server ``ANTHROPIC_BASE_URL`` names, the next ones replay offline (the server
gone) with the tools run for real, and a test whose requests changed fails naming the first
difference."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from conftest import requires_native, text_turn, tool_turn

USER_TEST = textwrap.dedent("""
    import asyncio, os
    from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

    def test_reads_the_note(oxagent_cassette, tmp_path):
        (tmp_path / "note.txt").write_text("hello from the note")
        async def run():
            options = ClaudeAgentOptions(cwd=str(tmp_path), allowed_tools=["Read"], setting_sources=[],
                                         env={"HOME": str(tmp_path)})
            return [m async for m in query(prompt=os.environ.get("PROMPT", "Read note.txt"),
                                           options=options)]
        messages = asyncio.run(run())
        print("MODE", oxagent_cassette.mode)
        result = messages[-1]
        assert isinstance(result, ResultMessage)
        assert result.result == "It says hello.", result.result
""")


def _pytest(tmp_path, env, *args):
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                          str(tmp_path / "test_user.py"), *args],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout + run.stderr


@requires_native
def test_the_fixture_records_replays_and_names_a_divergence(mock_server, tmp_path):
    (tmp_path / "test_user.py").write_text(USER_TEST)
    server = mock_server({"responses": [
        tool_turn("toolu_01", "Read", {"file_path": "note.txt"}),
        text_turn("It says hello."),
    ]})
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OXAGENT_CASSETTE", "ANTHROPIC_"))}
    code, out = _pytest(tmp_path, {**env, **server.env()})
    assert code == 0, out
    assert "MODE record" in out
    cassette = tmp_path / "cassettes" / "test_reads_the_note.jsonl"
    lines = [json.loads(line) for line in cassette.read_text().splitlines()]
    assert len(lines) == 2
    # The folder of the recording is stored as a placeholder.
    assert str(tmp_path) not in cassette.read_text()

    server.stop()
    offline = {**env, "ANTHROPIC_API_KEY": "sk-none", "ANTHROPIC_BASE_URL": "http://127.0.0.1:9",
               "CLAUDE_CODE_MAX_RETRIES": "0"}
    code, out = _pytest(tmp_path, offline)
    assert code == 0, out
    assert "MODE replay" in out

    code, out = _pytest(tmp_path, {**offline, "PROMPT": "Read the note"})
    assert code != 0
    assert "went off the recording" in out
    assert "cassette diverged at exchange 1" in out
    assert "Read note.txt" in out and "Read the note" in out

    # --oxagent-record records afresh (the server is gone: the recording run fails).
    code, out = _pytest(tmp_path, offline, "--oxagent-record")
    assert code != 0
    rerecorded = [json.loads(line) for line in cassette.read_text().splitlines()]
    assert [("events" in e, "error" in e) for e in rerecorded] == [(False, True)]
