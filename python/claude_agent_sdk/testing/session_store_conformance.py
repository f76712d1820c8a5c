"""The documented ``SessionStore`` contracts, as one async check.

    from claude_agent_sdk.testing import run_session_store_conformance

    async def test_my_store():
        await run_session_store_conformance(lambda: MyStore(fresh_namespace()))

``make_store`` (sync or async) is called once per contract and must return a store that
holds nothing. The checks of an optional method (``list_sessions``,
``list_session_summaries``, ``delete``, ``list_subkeys``) run only when the store's class
defines it and its name is not in ``skip_optional``.

The contracts: what is appended loads back deep-equal and in order; keys never written load
as None; appends concatenate in call order; appending nothing changes nothing; a subpath is
a transcript of its own; projects are kept apart; ``list_sessions`` lists a project's main
transcripts with epoch-millisecond times; deleting a session takes its subkeys and nothing
else, deleting a subpath only that one; ``list_subkeys`` lists the session's own subpaths;
summaries are folded on append, on ``list_sessions``' clock, and a subagent's entries do
not change them.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Awaitable, Callable
from typing import Any

from .._session_store import OPTIONAL_METHODS, fold_session_summary, implements

MakeStore = Callable[[], Any]


def _entry(**fields: Any) -> dict[str, Any]:
    return {"type": "x", **fields}


def _main(project: str, session: str) -> dict[str, Any]:
    return {"project_key": project, "session_id": session}


def _sub(key: dict[str, Any], subpath: str) -> dict[str, Any]:
    return {**key, "subpath": subpath}


KEY = _main("proj", "sess")


async def _append_load(s: Any, has: set[str]) -> None:
    batch = [_entry(uuid="b", n=1), _entry(uuid="a", n=2)]
    await s.append(KEY, batch)
    assert await s.load(KEY) == batch, "append then load: the same entries in the same order"


async def _unknown_keys(s: Any, has: set[str]) -> None:
    assert await s.load(_main("proj", "nope")) is None, "a key never written loads as None"
    await s.append(KEY, [_entry(uuid="x")])
    assert await s.load(_sub(KEY, "nope")) is None, "a subpath never written loads as None"


async def _call_order(s: Any, has: set[str]) -> None:
    first, middle, last = [_entry(uuid="z", n=1)], [_entry(uuid="a", n=2), _entry(uuid="m", n=3)], [_entry(uuid="b", n=4)]
    for batch in (first, middle, last):
        await s.append(KEY, batch)
    assert await s.load(KEY) == first + middle + last, "appends concatenate in call order"


async def _empty_append(s: Any, has: set[str]) -> None:
    await s.append(KEY, [_entry(uuid="a")])
    await s.append(KEY, [])
    assert await s.load(KEY) == [_entry(uuid="a")], "append([]) changes nothing"


async def _subpaths_apart(s: Any, has: set[str]) -> None:
    sub = _sub(KEY, "subagents/agent-1")
    await s.append(KEY, [_entry(uuid="m")])
    await s.append(sub, [_entry(uuid="s")])
    assert await s.load(KEY) == [_entry(uuid="m")], "a subpath's entries are not the main transcript's"
    assert await s.load(sub) == [_entry(uuid="s")], "a subpath keeps its own entries"


async def _projects_apart(s: Any, has: set[str]) -> None:
    a, b = _main("A", "s1"), _main("B", "s1")
    await s.append(a, [_entry(source="A")])
    await s.append(b, [_entry(source="B")])
    assert await s.load(a) == [_entry(source="A")] and await s.load(b) == [_entry(source="B")], (
        "one session id in two projects is two sessions"
    )
    if "list_sessions" in has:
        assert len(await s.list_sessions("A")) == 1 and len(await s.list_sessions("B")) == 1


async def _list_sessions(s: Any, has: set[str]) -> None:
    for project, session in (("proj", "a"), ("proj", "b"), ("other", "c")):
        await s.append(_main(project, session), [_entry(n=1)])
    listed = await s.list_sessions("proj")
    assert sorted(e["session_id"] for e in listed) == ["a", "b"], f"list_sessions('proj') gave {listed}"
    for e in listed:
        assert math.isfinite(e["mtime"]) and e["mtime"] > 1e12, f"mtime {e['mtime']} is not epoch ms"
    assert await s.list_sessions("never-appended-project") == []


async def _no_subpaths_listed(s: Any, has: set[str]) -> None:
    main = _main("proj", "main")
    await s.append(main, [_entry(n=1)])
    await s.append(_sub(main, "subagents/agent-1"), [_entry(n=1)])
    listed = [e["session_id"] for e in await s.list_sessions("proj")]
    assert listed == ["main"], f"list_sessions lists subagent transcripts: {listed}"


async def _summaries(s: Any, has: set[str]) -> None:
    key = _main("proj", "summ-sess")
    await s.append(key, [_entry(timestamp="2024-01-01T00:00:00.000Z", customTitle="first"),
                         _entry(timestamp="2024-01-01T00:00:01.000Z")])
    await s.append(key, [_entry(timestamp="2024-01-01T00:00:02.000Z", customTitle="second")])
    await s.append(_main("other", "elsewhere"), [_entry(timestamp="2024-01-01T00:00:00.000Z")])
    summaries = {e["session_id"]: e for e in await s.list_session_summaries("proj")}
    assert set(summaries) == {"summ-sess"}, f"summaries of {sorted(summaries)}"
    summary = summaries["summ-sess"]
    assert math.isfinite(summary["mtime"]) and summary["mtime"] > 1e12, "summary mtime is epoch ms"
    if "list_sessions" in has:
        listed = {e["session_id"]: e["mtime"] for e in await s.list_sessions("proj")}
        assert summary["mtime"] >= listed["summ-sess"], (
            "a summary's mtime is the store's write time, on list_sessions' clock"
        )
    assert isinstance(summary["data"], dict)
    refolded = fold_session_summary(summary, key, [_entry(timestamp="2024-01-01T00:00:03.000Z")])
    assert refolded["session_id"] == "summ-sess" and refolded["mtime"] == summary["mtime"]
    await s.append(_sub(key, "subagents/agent-1"),
                   [_entry(timestamp="2024-01-01T00:00:09.000Z", customTitle="subagent")])
    after = {e["session_id"]: e for e in await s.list_session_summaries("proj")}
    assert after["summ-sess"]["data"] == summary["data"], "a subagent's entries changed the summary"
    assert await s.list_session_summaries("never-appended-project") == []
    if "delete" in has:
        await s.delete(key)
        assert await s.list_session_summaries("proj") == [], "a deleted session keeps its summary"


async def _delete(s: Any, has: set[str]) -> None:
    await s.delete(_main("proj", "never-written"))
    await s.append(KEY, [_entry(n=1)])
    await s.delete(KEY)
    assert await s.load(KEY) is None, "a deleted session still loads"


async def _delete_cascades(s: Any, has: set[str]) -> None:
    sub1, sub2 = _sub(KEY, "subagents/agent-1"), _sub(KEY, "subagents/agent-2")
    other, other_project = _main("proj", "sess2"), _main("other-proj", "sess")
    for key in (KEY, sub1, sub2, other, other_project):
        await s.append(key, [_entry(n=1)])
    await s.delete(KEY)
    for key in (KEY, sub1, sub2):
        assert await s.load(key) is None, f"{key} survived its session's deletion"
    for key in (other, other_project):
        kept = await s.load(key)
        assert kept is not None and len(kept) == 1, f"deleting {KEY} touched {key}"
    if "list_subkeys" in has:
        assert await s.list_subkeys(KEY) == []
    if "list_sessions" in has:
        assert "sess" not in [e["session_id"] for e in await s.list_sessions("proj")]


async def _delete_subpath(s: Any, has: set[str]) -> None:
    sub1, sub2 = _sub(KEY, "subagents/agent-1"), _sub(KEY, "subagents/agent-2")
    for key in (KEY, sub1, sub2):
        await s.append(key, [_entry(n=1)])
    await s.delete(sub1)
    assert await s.load(sub1) is None
    kept, main = await s.load(sub2), await s.load(KEY)
    assert kept is not None and len(kept) == 1 and main is not None and len(main) == 1, (
        "deleting a subpath deletes only that subpath"
    )
    if "list_subkeys" in has:
        assert await s.list_subkeys(KEY) == ["subagents/agent-2"]


async def _list_subkeys(s: Any, has: set[str]) -> None:
    await s.append(KEY, [_entry(n=1)])
    await s.append(_sub(KEY, "subagents/agent-1"), [_entry(n=1)])
    await s.append(_sub(KEY, "subagents/agent-2"), [_entry(n=1)])
    await s.append(_sub(_main("proj", "other-sess"), "subagents/agent-x"), [_entry(n=1)])
    got = await s.list_subkeys(KEY)
    assert sorted(got) == ["subagents/agent-1", "subagents/agent-2"], f"list_subkeys gave {got}"


async def _subkeys_exclude_main(s: Any, has: set[str]) -> None:
    await s.append(KEY, [_entry(n=1)])
    assert await s.list_subkeys(KEY) == [], "the main transcript is no subkey"
    assert await s.list_subkeys(_main("proj", "never-appended")) == []


# (contract, the optional method it needs or None)
CONTRACTS: list[tuple[Callable[[Any, set[str]], Awaitable[None]], str | None]] = [
    (_append_load, None),
    (_unknown_keys, None),
    (_call_order, None),
    (_empty_append, None),
    (_subpaths_apart, None),
    (_projects_apart, None),
    (_list_sessions, "list_sessions"),
    (_no_subpaths_listed, "list_sessions"),
    (_summaries, "list_session_summaries"),
    (_delete, "delete"),
    (_delete_cascades, "delete"),
    (_delete_subpath, "delete"),
    (_list_subkeys, "list_subkeys"),
    (_subkeys_exclude_main, "list_subkeys"),
]


async def run_session_store_conformance(
    make_store: MakeStore, *, skip_optional: frozenset[str] = frozenset()
) -> None:
    """Checks every contract on a fresh store from ``make_store``; the first one broken
    raises ``AssertionError`` naming it."""
    unknown = set(skip_optional) - set(OPTIONAL_METHODS)
    assert not unknown, f"skip_optional names no optional method: {sorted(unknown)}"

    async def fresh() -> Any:
        store = make_store()
        return await store if inspect.isawaitable(store) else store

    probe = await fresh()
    has = {m for m in OPTIONAL_METHODS if m not in skip_optional and implements(probe, m)}
    for contract, needs in CONTRACTS:
        if needs is not None and needs not in has:
            continue
        try:
            await contract(await fresh(), has)
        except AssertionError as e:
            raise AssertionError(f"{contract.__name__.strip('_')}: {e}") from e
