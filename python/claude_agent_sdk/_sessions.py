"""Session files and session stores: the official package's names.

The functions on session files (``list_sessions``, ``get_session_info``,
``get_session_messages``, ``rename_session``, ``tag_session``, ``delete_session``,
``fork_session``, ``list_subagents``, ``get_subagent_messages``) read and change the
transcripts under ``~/.claude/projects`` (or ``$CLAUDE_CONFIG_DIR/projects``) through the
native core. The ``SessionStore`` protocol and its types are here; the stores and the
store-backed functions are in ``_session_store``.
"""

import json

import os
import sys
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

if sys.version_info >= (3, 11):
    from typing import NotRequired, Required, TypedDict
else:  # pragma: no cover - exercised on 3.10 only
    from typing_extensions import NotRequired, Required, TypedDict


@dataclass
class SDKSessionInfo:
    """A saved session, as :func:`list_sessions` and :func:`get_session_info` describe it.
    ``summary`` is its display title (the custom title, a generated summary or the first
    prompt); times are milliseconds since the epoch; ``file_size`` is the transcript's size
    in bytes."""

    session_id: str
    summary: str
    last_modified: int
    file_size: "int | None" = None
    custom_title: "str | None" = None
    first_prompt: "str | None" = None
    git_branch: "str | None" = None
    cwd: "str | None" = None
    tag: "str | None" = None
    created_at: "int | None" = None


@dataclass
class SessionMessage:
    """One message of a saved conversation (:func:`get_session_messages`): ``message`` is the
    API message as saved; ``parent_tool_use_id`` is set for messages inside a subagent."""

    type: Literal["user", "assistant"]
    uuid: str
    session_id: str
    message: Any
    parent_tool_use_id: "str | None" = None
    parent_agent_id: "str | None" = None


@dataclass
class ForkSessionResult:
    """What :func:`fork_session` returns: the id of the new session."""

    session_id: str


class SessionKey(TypedDict):
    """Where a transcript lives in a :class:`SessionStore`: the project (see
    :func:`project_key_for_directory`), the session, and ``subpath`` for a side transcript
    such as a subagent's."""

    project_key: str
    session_id: str
    subpath: NotRequired[str]


class SessionStoreEntry(TypedDict, total=False):
    """One transcript line given to or loaded from a store: a JSON object with a ``type``;
    store it as it is."""

    type: Required[str]
    uuid: str
    timestamp: str


class SessionStoreListEntry(TypedDict):
    """A session in :meth:`SessionStore.list_sessions`: its id and last write time (epoch
    milliseconds)."""

    session_id: str
    mtime: int


class SessionSummaryEntry(TypedDict):
    """A session's folded summary, kept by a store on append (see
    :func:`fold_session_summary`): ``mtime`` is the store's write time (epoch ms); ``data``
    belongs to the SDK and is stored as it is."""

    session_id: str
    mtime: int
    data: dict


class SessionListSubkeysKey(TypedDict):
    """The argument of :meth:`SessionStore.list_subkeys`: the project and session whose
    subpaths are wanted."""

    project_key: str
    session_id: str


@runtime_checkable
class SessionStore(Protocol):
    """Where session transcripts are mirrored; only ``append`` and ``load`` are required."""

    async def append(self, key: SessionKey, entries: "list[SessionStoreEntry]") -> None: ...

    async def load(self, key: SessionKey) -> "list[SessionStoreEntry] | None": ...

    async def list_sessions(self, project_key: str) -> "list[SessionStoreListEntry]":
        raise NotImplementedError

    async def list_session_summaries(self, project_key: str) -> "list[SessionSummaryEntry]":
        raise NotImplementedError

    async def delete(self, key: SessionKey) -> None:
        raise NotImplementedError

    async def list_subkeys(self, key: SessionListSubkeysKey) -> "list[str]":
        raise NotImplementedError


def _hash_base36(text: str) -> str:
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0xFFFFFFFF
    if h >= 0x80000000:
        h -= 0x100000000
    n = abs(h)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def project_key_for_directory(directory: "str | os.PathLike[str] | None" = None) -> str:
    """The ``~/.claude/projects/<key>`` folder name of a working directory: every character
    that is not an ASCII letter or digit becomes ``-``; past 200 characters, the first 200
    plus ``-`` and a base-36 hash."""
    path = unicodedata.normalize("NFC", os.path.realpath(os.fspath(directory or os.getcwd())))
    key = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in path)
    if len(key) <= 200:
        return key
    return f"{key[:200]}-{_hash_base36(path)}"


def _call(op: str, **args: Any) -> Any:
    from . import _native

    if args.get("directory") is not None:
        args["directory"] = os.fspath(args["directory"])
    answer = json.loads(_native.sessions(op, json.dumps(args)))
    if "error" in answer:
        kind, message = answer["error"]["kind"], answer["error"]["message"]
        if kind in ("invalid", "invalid_id"):
            raise ValueError(message)
        if kind == "not_found":
            raise FileNotFoundError(message)
        raise OSError(message)
    return answer["ok"]


def _page(limit: "int | None", offset: int) -> "dict[str, Any]":
    if limit is not None and not isinstance(limit, int):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
    if not isinstance(offset, int) or offset < 0:
        raise ValueError(f"offset must be a non-negative int, not {offset!r}")
    return {"limit": limit if limit and limit > 0 else None, "offset": offset}


def list_sessions(
    directory: "str | os.PathLike[str] | None" = None,
    limit: "int | None" = None,
    offset: int = 0,
    include_worktrees: bool = True,
) -> "list[SDKSessionInfo]":
    """The saved sessions of ``directory`` (and its git worktrees), or of every project,
    newest first."""
    rows = _call("list", directory=directory, include_worktrees=include_worktrees,
                 **_page(limit, offset))
    return [SDKSessionInfo(**row) for row in rows]


def get_session_info(
    session_id: str, directory: "str | os.PathLike[str] | None" = None
) -> "SDKSessionInfo | None":
    """One session's facts, or None when there is no such session."""
    row = _call("info", session_id=session_id, directory=directory)
    return SDKSessionInfo(**row) if row else None


def get_session_messages(
    session_id: str,
    directory: "str | os.PathLike[str] | None" = None,
    limit: "int | None" = None,
    offset: int = 0,
) -> "list[SessionMessage]":
    """The conversation of a saved session, user and assistant messages from the first."""
    rows = _call("messages", session_id=session_id, directory=directory, **_page(limit, offset))
    return [SessionMessage(**row) for row in rows]


def list_subagents(
    session_id: str, directory: "str | os.PathLike[str] | None" = None
) -> "list[str]":
    """The ids of the subagents a saved session ran."""
    return _call("subagents", session_id=session_id, directory=directory)


def get_subagent_messages(
    session_id: str,
    agent_id: str,
    directory: "str | os.PathLike[str] | None" = None,
    limit: "int | None" = None,
    offset: int = 0,
) -> "list[SessionMessage]":
    """A subagent's conversation, from its first message."""
    rows = _call("subagent_messages", session_id=session_id, agent_id=agent_id,
                 directory=directory, **_page(limit, offset))
    return [SessionMessage(**row) for row in rows]


def rename_session(
    session_id: str, title: str, directory: "str | os.PathLike[str] | None" = None
) -> None:
    """Sets the session's title (an empty title is a ValueError)."""
    _call("rename", session_id=session_id, title=title, directory=directory)


def tag_session(
    session_id: str, tag: "str | None", directory: "str | os.PathLike[str] | None" = None
) -> None:
    """Tags the session; ``None`` clears the tag."""
    _call("tag", session_id=session_id, tag=tag, directory=directory)


def delete_session(session_id: str, directory: "str | os.PathLike[str] | None" = None) -> None:
    """Deletes the session's transcript and its folder of side files."""
    _call("delete", session_id=session_id, directory=directory)


def fork_session(
    session_id: str,
    directory: "str | os.PathLike[str] | None" = None,
    up_to_message_id: "str | None" = None,
    title: "str | None" = None,
) -> ForkSessionResult:
    """Copies the conversation (up to ``up_to_message_id``) into a new session."""
    row = _call("fork", session_id=session_id, directory=directory,
                up_to_message_id=up_to_message_id, title=title)
    return ForkSessionResult(session_id=row["session_id"])
