"""The SDK's exceptions.

One hierarchy under :class:`ClaudeSDKError`, with the names, constructors and attributes of
the official package, so existing ``except`` clauses keep working. oxagent runs no CLI
process; the classes named after the process keep their meaning:

- :class:`CLIConnectionError`: the session is not connected or already over (e.g. a method of
  ``ClaudeSDKClient`` before ``connect()``, a prompt sent to a closed session).
- :class:`CLINotFoundError`: never raised by oxagent (there is no CLI to find); kept for
  ``except`` clauses.
- :class:`ProcessError` / :class:`ResultError`: the session ended after an error result
  (``ResultError``, exit code 1, as the reference reports it).
- :class:`CLIJSONDecodeError`: a frame that is not JSON (only from a custom ``Transport``).
- ``MessageParseError`` (not exported, as in the reference): a frame of a known type that
  lacks a required field.
"""

from __future__ import annotations

from typing import Any


class ClaudeSDKError(Exception):
    """Base class of every error raised by the SDK."""


class CLIConnectionError(ClaudeSDKError):
    """The session cannot be reached: not connected yet, or already closed."""


class CLINotFoundError(CLIConnectionError):
    """Kept for compatibility: the official SDK raises it when no CLI binary is found."""

    def __init__(self, message: str = "Claude Code not found", cli_path: str | None = None):
        if cli_path:
            message = f"{message}: {cli_path}"
        super().__init__(message)


class ProcessError(ClaudeSDKError):
    """The session ended with a failure (the official SDK: the CLI exited non-zero)."""

    def __init__(self, message: str, exit_code: int | None = None, stderr: str | None = None):
        self.exit_code = exit_code
        self.stderr = stderr
        text = message
        if exit_code is not None:
            text += f" (exit code: {exit_code})"
        if stderr:
            text += f"\nError output: {stderr}"
        super().__init__(text)


def _clean_errors(raw: Any) -> list[str]:
    """The ``errors`` of a result as a list of non-blank, stripped strings."""
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        return []
    return [item.strip() for item in raw if isinstance(item, str) and item.strip()]


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if isinstance(value, bool) and kind is int:
        return None
    return value if isinstance(value, kind) else None


class ResultError(ProcessError):
    """The session ended after an error result (``is_error: true``).

    The result itself was yielded first as a :class:`ResultMessage`; this exception carries
    its payload so callers can branch on ``subtype`` / ``terminal_reason`` without parsing
    text. ``data`` is optional so that ``type(e)(*e.args)`` (pickle, copy) works.
    """

    def __init__(
        self,
        message: str,
        data: dict[str, Any] | None = None,
        exit_code: int | None = None,
    ):
        data = data if isinstance(data, dict) else {}
        self.data = data
        self.subtype: str | None = _typed(data, "subtype", str)
        self.errors: list[str] = _clean_errors(data.get("errors"))
        self.result: str | None = _typed(data, "result", str)
        self.api_error_status: int | None = _typed(data, "api_error_status", int)
        self.terminal_reason: str | None = _typed(data, "terminal_reason", str)
        self.session_id: str | None = _typed(data, "session_id", str)
        super().__init__(message, exit_code=exit_code)


def result_error_from(result: dict[str, Any], message: str, exit_code: int = 1) -> ResultError:
    """The ResultError raised after the session ended on ``result``; ``message`` is its text,
    as the host protocol (``oxagent::host_protocol``) words it."""
    cause = ProcessError(
        "Command failed with exit code 1",
        exit_code=exit_code,
        stderr="Check stderr output for details",
    )
    error = ResultError(
        message,
        data=result,
        exit_code=exit_code,
    )
    error.__cause__ = cause
    return error


class CLIJSONDecodeError(ClaudeSDKError):
    """A frame could not be decoded as JSON."""

    def __init__(self, line: str, original_error: Exception):
        self.line = line
        self.original_error = original_error
        super().__init__(f"Failed to decode JSON: {line[:100]}...")


class MessageParseError(ClaudeSDKError):
    """A frame of a known type could not be turned into a message."""

    def __init__(self, message: str, data: dict[str, Any] | None = None):
        self.data = data
        super().__init__(message)
