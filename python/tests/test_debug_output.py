"""Diagnostic lines through the Python face: with ``extra_args={"debug-to-stderr": None}`` they
go to the ``stderr`` callback (one line a call), else to ``debug_stderr``; without the flag the
callback gets nothing, as the documented SDK's CLI writes nothing to its standard error then."""

from __future__ import annotations

import io

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

pytestmark = [requires_native, pytest.mark.anyio]


async def run(options: ClaudeAgentOptions) -> ResultMessage:
    result = None
    async for message in query(prompt="Go", options=options):
        if isinstance(message, ResultMessage):
            result = message
    assert result is not None
    return result


def script(tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    return {"responses": [tool_turn("toolu_1", "Read", {"file_path": str(tmp_path / "a.txt")}),
                          text_turn("Done.")]}


async def test_debug_to_stderr_hands_each_line_to_the_callback(mock_server, tmp_path):
    server = mock_server(script(tmp_path))
    lines: list[str] = []
    result = await run(ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
        stderr=lines.append, extra_args={"debug-to-stderr": None}))
    assert result.subtype == "success"
    assert lines[0].startswith("[oxagent] session ") and str(tmp_path) in lines[0]
    assert "[oxagent] tool call: Read (toolu_1)" in lines
    assert lines[-1] == "[oxagent] result: success after 2 turns"
    assert all("\n" not in line for line in lines)


async def test_without_the_flag_the_callback_gets_nothing(mock_server, tmp_path):
    server = mock_server(script(tmp_path))
    lines: list[str] = []
    await run(ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                                 permission_mode="bypassPermissions", stderr=lines.append))
    assert lines == []


async def test_without_a_callback_the_lines_go_to_debug_stderr(mock_server, tmp_path):
    server = mock_server(script(tmp_path))
    out = io.StringIO()
    await run(ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                                 permission_mode="bypassPermissions", debug_stderr=out,
                                 extra_args={"debug-to-stderr": None}))
    text = out.getvalue().splitlines()
    assert "[oxagent] tool call: Read (toolu_1)" in text
    assert text[-1] == "[oxagent] result: success after 2 turns"


async def test_a_callback_that_raises_stops_nothing(mock_server, tmp_path):
    server = mock_server(script(tmp_path))

    def boom(line: str) -> None:
        raise RuntimeError(line)

    result = await run(ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
        stderr=boom, extra_args={"debug-to-stderr": None}))
    assert result.subtype == "success" and result.result == "Done."


async def test_the_debug_flag_writes_the_session_s_debug_file(mock_server, tmp_path):
    """``extra_args={"debug": None}`` is the CLI's ``--debug``: the lines go to
    ``<config dir>/debug/<session id>.txt``, and nothing to the callback."""
    server = mock_server(script(tmp_path))
    config = tmp_path / "config"
    lines: list[str] = []
    result = await run(ClaudeAgentOptions(
        cwd=str(tmp_path), env={**server.env(), "CLAUDE_CONFIG_DIR": str(config)},
        permission_mode="bypassPermissions", stderr=lines.append, extra_args={"debug": None}))
    written = (config / "debug" / f"{result.session_id}.txt").read_text().splitlines()
    assert written[0].startswith("[oxagent] session ")
    assert "[oxagent] tool call: Read (toolu_1)" in written
    assert written[-1] == "[oxagent] result: success after 2 turns"
    assert lines == []
