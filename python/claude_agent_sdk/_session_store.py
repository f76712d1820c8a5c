"""Session stores: the official package's store names, on oxagent's native core.

A store is any object with async ``append(key, entries)`` and ``load(key)``; the optional
``list_sessions``, ``list_session_summaries``, ``delete`` and ``list_subkeys`` count when
the store's class defines them (a method inherited from the ``SessionStore`` protocol, which
raises ``NotImplementedError``, does not).

- A session given ``session_store=`` mirrors its transcript into it and resumes from it; the
  native core asks a Python store through ``session_store`` control requests
  (:func:`answer_store_call`), and calls a native store (:class:`RedisSessionStore`,
  :class:`PostgresSessionStore`) itself, with no round trip through Python.
- The ``*_from_store`` / ``*_via_store`` functions and :func:`import_session_to_store` run in
  the core too (the same code as for local transcripts), asking the store the same way.

    store = RedisSessionStore("redis://127.0.0.1:6379/")
    options = ClaudeAgentOptions(session_store=store, resume=session_id)
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import anyio

from ._sessions import (
    ForkSessionResult,
    SDKSessionInfo,
    SessionKey,
    SessionListSubkeysKey,
    SessionMessage,
    SessionStore,
    SessionStoreEntry,
    SessionStoreListEntry,
    SessionSummaryEntry,
)

OPTIONAL_METHODS = ("list_sessions", "list_session_summaries", "delete", "list_subkeys")


def _native() -> Any:
    from . import _native as native  # imported late: the pure-Python layer loads without it

    return native


# --- which methods a store has --------------------------------------------------------------


def implements(store: Any, method: str) -> bool:
    """Whether ``store``'s class defines ``method`` itself (not the protocol's default)."""
    if getattr(store, method, None) is None:
        return False
    return getattr(type(store), method, None) is not getattr(SessionStore, method, None)


def store_methods(store: Any) -> list[str]:
    """The optional methods ``store`` has."""
    return [m for m in OPTIONAL_METHODS if implements(store, m)]


def check_store(store: Any) -> None:
    for method in ("append", "load"):
        if not callable(getattr(store, method, None)):
            raise TypeError(
                f"session_store must have async append() and load() methods; "
                f"{type(store).__name__} has no {method}()"
            )


# --- answering the core's calls --------------------------------------------------------------


def _key(raw: dict[str, Any] | None) -> SessionKey:
    raw = raw or {}
    key: dict[str, Any] = {"project_key": raw.get("project_key"), "session_id": raw.get("session_id")}
    if raw.get("subpath"):
        key["subpath"] = raw["subpath"]
    return key  # type: ignore[return-value]


async def _maybe_await(value: Any) -> Any:
    if hasattr(value, "__await__"):
        return await value
    return value


async def call_store(store: Any, request: dict[str, Any]) -> Any:
    """Runs one ``session_store`` request (``{"method", "key", "entries", "project_key"}``) on
    the user's store and returns what the method returned."""
    method = request.get("method")
    key = _key(request.get("key"))
    if method == "append":
        await _maybe_await(store.append(key, list(request.get("entries") or [])))
        return None
    if method == "load":
        return await _maybe_await(store.load(key))
    if method in ("list_sessions", "list_session_summaries"):
        return await _maybe_await(getattr(store, method)(request.get("project_key")))
    if method == "delete":
        await _maybe_await(store.delete(key))
        return None
    if method == "list_subkeys":
        listed: SessionListSubkeysKey = {"project_key": key["project_key"], "session_id": key["session_id"]}
        return await _maybe_await(store.list_subkeys(listed))
    raise ValueError(f"unknown session store method {method!r}")


async def answer_store_call(store: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The control response body for a ``session_store`` request."""
    if store is None:
        raise Exception("no session_store is configured")
    return {"result": await call_store(store, request)}


# --- the functions, run in the core ----------------------------------------------------------


async def _wait_readable(fd: int) -> None:
    from ._internal.wakeup import wait_readable

    await wait_readable(fd)


async def _run(op: str, store: Any, **args: Any) -> Any:
    """Runs the core's store function ``op``; a store's own exception is raised unchanged."""
    if args.get("directory") is not None:
        args["directory"] = os.fspath(args["directory"])
    native = _native()
    if isinstance(store, NativeSessionStore):
        job = native.StoreJob(op, json.dumps(args), store._native)
    else:
        check_store(store)
        job = native.StoreJob(op, json.dumps(args), None, store_methods(store))
    fd = job.fileno()
    raised: list[BaseException] = []
    answer: dict[str, Any] = {}

    async def serve(ident: str, request: dict[str, Any]) -> None:
        try:
            result = {"result": await call_store(store, request)}
            job.answer(ident, True, json.dumps(result))
        except Exception as e:  # noqa: BLE001 - the store is user code; re-raised below
            raised.append(e)
            job.answer(ident, False, str(e) or type(e).__name__)

    async with anyio.create_task_group() as tg:
        while True:
            batch = job.poll()
            if batch is None:
                break
            if not batch:
                await _wait_readable(fd)
                continue
            for kind, ident, payload in batch:
                if kind == "callback":
                    tg.start_soon(serve, ident, json.loads(payload))
                elif kind == "end":
                    answer = json.loads(payload)
    if "error" in answer:
        if raised:
            raise raised[0]
        kind, message = answer["error"]["kind"], answer["error"]["message"]
        if kind in ("invalid", "invalid_id"):
            raise ValueError(message)
        if kind == "not_found":
            raise FileNotFoundError(message)
        raise RuntimeError(message)
    return answer.get("ok")


def _page(limit: int | None, offset: int) -> dict[str, Any]:
    if limit is not None and not isinstance(limit, int):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
    if not isinstance(offset, int):
        raise TypeError(f"offset must be an int, not {type(offset).__name__}")
    return {"limit": limit if limit and limit > 0 else None, "offset": max(offset, 0)}


async def list_sessions_from_store(
    session_store: SessionStore,
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[SDKSessionInfo]:
    """The project's sessions in ``session_store``, newest first (from its summaries when
    it keeps them, else by loading each session)."""
    rows = await _run("list", session_store, directory=directory, **_page(limit, offset))
    return [SDKSessionInfo(**row) for row in rows]


async def get_session_info_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
) -> SDKSessionInfo | None:
    """One stored session's facts, or None."""
    row = await _run("info", session_store, session_id=session_id, directory=directory)
    return SDKSessionInfo(**row) if row else None


async def get_session_messages_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[SessionMessage]:
    """A stored session's conversation."""
    rows = await _run("messages", session_store, session_id=session_id, directory=directory,
                      **_page(limit, offset))
    return [SessionMessage(**row) for row in rows]


async def list_subagents_from_store(
    session_store: SessionStore,
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
) -> list[str]:
    """The ids of a stored session's subagents (the store must have ``list_subkeys``)."""
    return await _run("subagents", session_store, session_id=session_id, directory=directory)


async def get_subagent_messages_from_store(
    session_store: SessionStore,
    session_id: str,
    agent_id: str,
    directory: str | os.PathLike[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[SessionMessage]:
    """A stored subagent's conversation."""
    rows = await _run("subagent_messages", session_store, session_id=session_id,
                      agent_id=agent_id, directory=directory, **_page(limit, offset))
    return [SessionMessage(**row) for row in rows]


async def rename_session_via_store(
    session_store: SessionStore,
    session_id: str,
    title: str,
    directory: str | os.PathLike[str] | None = None,
) -> None:
    """Appends a title to a stored session."""
    await _run("rename", session_store, session_id=session_id, title=title, directory=directory)


async def tag_session_via_store(
    session_store: SessionStore,
    session_id: str,
    tag: str | None,
    directory: str | os.PathLike[str] | None = None,
) -> None:
    """Tags a stored session; ``None`` clears the tag."""
    await _run("tag", session_store, session_id=session_id, tag=tag, directory=directory)


async def delete_session_via_store(
    session_store: SessionStore,
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
) -> None:
    """Deletes a stored session (nothing happens with a store without ``delete``)."""
    await _run("delete", session_store, session_id=session_id, directory=directory)


async def fork_session_via_store(
    session_store: SessionStore,
    session_id: str,
    directory: str | os.PathLike[str] | None = None,
    up_to_message_id: str | None = None,
    title: str | None = None,
) -> ForkSessionResult:
    """Forks a stored session into a new stored session."""
    row = await _run("fork", session_store, session_id=session_id, directory=directory,
                     up_to_message_id=up_to_message_id, title=title)
    return ForkSessionResult(session_id=row["session_id"])


async def import_session_to_store(
    session_id: str,
    store: SessionStore,
    *,
    directory: str | os.PathLike[str] | None = None,
    include_subagents: bool = True,
    batch_size: int = 500,
) -> None:
    """Copies a local session (and its subagents) into ``store``."""
    await _run("import", store, session_id=session_id, directory=directory,
               include_subagents=include_subagents, batch_size=batch_size)


def fold_session_summary(
    prev: SessionSummaryEntry | None, key: SessionKey, entries: list[SessionStoreEntry]
) -> SessionSummaryEntry:
    """Folds one appended batch into ``prev`` (the key's summary so far); call it for keys
    without a subpath. ``mtime`` is kept from ``prev`` (0 for a new summary): the store
    stamps its own write time."""
    folded = _native().fold_session_summary(json.dumps(prev), json.dumps(key), json.dumps(entries))
    return json.loads(folded)


# --- stores ------------------------------------------------------------------------------------


def _key_string(key: SessionKey) -> str:
    parts = [key["project_key"], key["session_id"]]
    if key.get("subpath"):
        parts.append(key["subpath"])  # type: ignore[arg-type]
    return "/".join(parts)


class InMemorySessionStore(SessionStore):
    """A store in this process's memory, for tests and development: every method, summaries
    kept on append, write times strictly increasing epoch milliseconds."""

    def __init__(self) -> None:
        self._entries: dict[str, list[SessionStoreEntry]] = {}
        self._mtimes: dict[str, int] = {}
        self._summaries: dict[tuple[str, str], SessionSummaryEntry] = {}
        self._last_mtime = 0

    def _stamp(self) -> int:
        self._last_mtime = max(int(time.time() * 1000), self._last_mtime + 1)
        return self._last_mtime

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        name = _key_string(key)
        self._entries.setdefault(name, []).extend(entries)
        now = self._stamp()
        if not key.get("subpath"):
            which = (key["project_key"], key["session_id"])
            summary = fold_session_summary(self._summaries.get(which), key, entries)
            summary["mtime"] = now
            self._summaries[which] = summary
        self._mtimes[name] = now

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        entries = self._entries.get(_key_string(key))
        return None if entries is None else list(entries)

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        prefix = project_key + "/"
        return [
            {"session_id": name[len(prefix):], "mtime": self._mtimes.get(name, 0)}
            for name in self._entries
            if name.startswith(prefix) and "/" not in name[len(prefix):]
        ]

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        return [dict(s) for (pk, _), s in self._summaries.items() if pk == project_key]  # type: ignore[misc]

    async def delete(self, key: SessionKey) -> None:
        name = _key_string(key)
        self._entries.pop(name, None)
        self._mtimes.pop(name, None)
        if not key.get("subpath"):
            self._summaries.pop((key["project_key"], key["session_id"]), None)
            for sub in [n for n in self._entries if n.startswith(name + "/")]:
                self._entries.pop(sub, None)
                self._mtimes.pop(sub, None)

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        prefix = f"{key['project_key']}/{key['session_id']}/"
        return [n[len(prefix):] for n in self._entries if n.startswith(prefix)]

    def get_entries(self, key: SessionKey) -> list[SessionStoreEntry]:
        """Test helper: the entries of ``key`` (an empty list for an unknown key)."""
        return list(self._entries.get(_key_string(key), []))

    @property
    def size(self) -> int:
        """Test helper: how many sessions (main transcripts) the store holds."""
        return sum(1 for name in self._entries if name.count("/") == 1)

    def clear(self) -> None:
        """Test helper: forgets everything."""
        self._entries.clear()
        self._mtimes.clear()
        self._summaries.clear()
        self._last_mtime = 0


class NativeSessionStore(SessionStore):
    """A store that runs in oxagent's native core (Redis, PostgreSQL): a session mirrors into
    it without calling back into Python. Its methods are asyncio awaitables."""

    _native: Any

    async def _call(self, method: str, **args: Any) -> Any:
        return json.loads(await self._native.call(method, json.dumps(args)))

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        await self._call("append", key=key, entries=entries)

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        return await self._call("load", key=key)

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        return await self._call("list_sessions", project_key=project_key)

    async def list_session_summaries(self, project_key: str) -> list[SessionSummaryEntry]:
        return await self._call("list_session_summaries", project_key=project_key)

    async def delete(self, key: SessionKey) -> None:
        await self._call("delete", key=key)

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        return await self._call("list_subkeys", key=key)


class RedisSessionStore(NativeSessionStore):
    """Sessions in Redis (``redis://host:port/db``, ``rediss://``, ``unix://``), connected on
    first use. Every key starts with ``prefix``; ``connections`` multiplexed connections are
    used in turn. Appends are atomic: two processes appending to one session never
    interleave a batch or lose one."""

    def __init__(self, url: str, *, prefix: str = "oxagent", connections: int = 4) -> None:
        self.url = url
        self._native = _native().NativeStore.server(
            url, json.dumps({"prefix": prefix, "connections": connections})
        )


class PostgresSessionStore(NativeSessionStore):
    """Sessions in PostgreSQL (``postgres://user:password@host:port/db``), connected on first
    use from a pool of ``pool_size`` connections; the tables ``<table_prefix>_entries`` and
    ``<table_prefix>_sessions`` are made on first use. Appends to one session run one after
    the other, so a batch is never interleaved or lost."""

    def __init__(self, url: str, *, table_prefix: str = "oxagent", pool_size: int = 16) -> None:
        self.url = url
        self._native = _native().NativeStore.server(
            url, json.dumps({"table_prefix": table_prefix, "pool_size": pool_size})
        )
