"""The error hierarchy and ResultError's text and attributes."""

from __future__ import annotations

import json
import pickle

from claude_agent_sdk import (
    ClaudeSDKError,
    CLIConnectionError,
    CLIJSONDecodeError,
    CLINotFoundError,
    ProcessError,
    ResultError,
)
from claude_agent_sdk._errors import MessageParseError, result_error_from


def test_hierarchy_and_texts():
    assert issubclass(CLINotFoundError, CLIConnectionError) and issubclass(CLIConnectionError, ClaudeSDKError)
    assert issubclass(ResultError, ProcessError) and issubclass(MessageParseError, ClaudeSDKError)
    assert str(CLINotFoundError(cli_path="/x")) == "Claude Code not found: /x"
    e = ProcessError("failed", exit_code=2, stderr="oops")
    assert str(e) == "failed (exit code: 2)\nError output: oops" and e.exit_code == 2
    j = CLIJSONDecodeError("{" + "x" * 200, ValueError("bad"))
    assert str(j) == "Failed to decode JSON: {" + "x" * 99 + "..." and j.line.startswith("{")


def _end_error(result):
    """The error a session's end raises after ``result``, as the host protocol words it."""
    from claude_agent_sdk import _native

    host = _native.HostProtocol()
    host.feed(json.dumps({"type": "system", "subtype": "init"}))
    host.feed(json.dumps({"type": "result", "is_error": True, "num_turns": 1, **result}))
    end = json.loads(host.end())
    return result_error_from(result, end["message"])


def test_result_error_from_result():
    result = {"type": "result", "subtype": "error_max_turns", "is_error": True,
              "errors": ["Reached maximum number of turns (1)", "  ", 3], "terminal_reason": "max_turns",
              "session_id": "s", "api_error_status": None}
    e = _end_error(result)
    assert str(e) == "Claude Code returned an error result: Reached maximum number of turns (1) (exit code: 1)"
    assert e.subtype == "error_max_turns" and e.errors == ["Reached maximum number of turns (1)"]
    assert e.terminal_reason == "max_turns" and e.exit_code == 1 and e.result is None
    assert e.session_id == "s" and e.data is result
    assert isinstance(e.__cause__, ProcessError) and e.__cause__.exit_code == 1
    copy = pickle.loads(pickle.dumps(e))
    assert type(copy) is ResultError and copy.subtype == "error_max_turns" and str(copy) == str(e)


def test_result_error_text_preference():
    def text(**r):
        return str(_end_error({"subtype": "success", **r})).split(": ", 1)[1]

    assert text(errors=["a", "b"], result="r") == "a; b (exit code: 1)"
    assert text(result="  API Error: 500  ") == "API Error: 500 (exit code: 1)"
    assert text(subtype="error_during_execution") == "error_during_execution (exit code: 1)"
    assert text(api_error_status=429) == "API error (HTTP 429) (exit code: 1)"
    assert text() == "unknown error (exit code: 1)"
