"""Session stores from Python: the conformance suites (ours, and the official package's when
it is installed) against the in-memory, Redis and PostgreSQL stores; a session mirroring into
a store and resuming from it; a failing store; the store functions; an adapter written the
way the official SDK's examples are; and two hosts (two processes, two HOMEs) sharing a
session through Redis and PostgreSQL.

Redis and PostgreSQL come from ``scripts/with-test-services.sh`` (``./dev test`` runs the
suites under it); without them those tests are skipped, saying so."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from conftest import HERE, MockServer, requires_native, text_turn

import claude_agent_sdk as sdk
from claude_agent_sdk import stores
from claude_agent_sdk import ClaudeAgentOptions, InMemorySessionStore, MirrorErrorMessage, query
from claude_agent_sdk.testing import run_session_store_conformance

pytestmark = requires_native

REDIS = os.environ.get("OXAGENT_TEST_REDIS_URL")
POSTGRES = os.environ.get("OXAGENT_TEST_POSTGRES_URL")


def fresh_name() -> str:
    return "t" + uuid.uuid4().hex


def make_store(kind: str):
    if kind == "memory":
        return InMemorySessionStore
    if kind == "redis":
        if not REDIS:
            pytest.skip("OXAGENT_TEST_REDIS_URL is not set (run under scripts/with-test-services.sh)")
        return lambda: stores.RedisSessionStore(REDIS, prefix=fresh_name())
    if not POSTGRES:
        pytest.skip("OXAGENT_TEST_POSTGRES_URL is not set (run under scripts/with-test-services.sh)")
    return lambda: stores.PostgresSessionStore(POSTGRES, table_prefix=fresh_name(), pool_size=2)


STORES = ["memory", "redis", "postgres"]


# --- conformance -------------------------------------------------------------------------------


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
@pytest.mark.parametrize("kind", STORES)
async def test_our_conformance_suite(kind, anyio_backend):
    await run_session_store_conformance(make_store(kind))


@pytest.mark.parametrize("anyio_backend", ["trio"])
async def test_the_memory_store_on_trio(anyio_backend):
    await run_session_store_conformance(InMemorySessionStore)


def official_testing_module():
    """The official package's ``testing`` suite, imported under another name beside ours
    (``OXAGENT_REFERENCE_SDK`` names its package folder; default: the reference venv)."""
    folder = os.environ.get("OXAGENT_REFERENCE_SDK")
    if folder is None:
        candidates = sorted(Path(os.environ.get("OXAGENT_REAL_HOME") or Path.home()).glob("venvs/claude-ref/lib/python3*/site-packages/claude_agent_sdk"))
        folder = str(candidates[-1]) if candidates else None
    if folder is None or not (Path(folder) / "testing").is_dir():
        print("skipped: the official claude-agent-sdk package is not installed")
        pytest.skip("the official claude-agent-sdk package is not installed")
    name = "official_claude_agent_sdk"
    if name not in sys.modules:
        site = str(Path(folder).parent)
        sys.path.append(site)  # its own dependencies (mcp, ...) when ours lacks them
        spec = importlib.util.spec_from_file_location(
            name, Path(folder) / "__init__.py", submodule_search_locations=[folder]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return importlib.import_module(f"{name}.testing")


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
@pytest.mark.parametrize("kind", STORES)
async def test_the_official_conformance_suite(kind, anyio_backend):
    official = official_testing_module()
    await official.run_session_store_conformance(make_store(kind))


# --- sessions with a store --------------------------------------------------------------------


@pytest.fixture
def logging_server(tmp_path):
    servers = []

    def start(script):
        server = MockServer(tmp_path, script, log_name=f"requests-{len(servers)}.jsonl")
        server.log = server.log_path
        servers.append(server)
        return server

    yield start
    for s in servers:
        s.stop()


def requests_of(server) -> list[list[dict]]:
    rows = [json.loads(line) for line in server.log.read_text().splitlines() if line.strip()]
    return [r["body"]["messages"] for r in rows if "/v1/messages" in r.get("path", "")]


def texts(messages: list[dict]) -> list[str]:
    out = []
    for m in messages:
        content = m["content"]
        if isinstance(content, str):
            out.append(content)
            continue
        for block in content:
            text = block.get("text")
            if text and not text.startswith("<system-reminder>"):
                out.append(text)
    return out


def options(tmp_path, server, home: str, **extra) -> ClaudeAgentOptions:
    (tmp_path / home).mkdir(exist_ok=True)
    (tmp_path / "ws").mkdir(exist_ok=True)
    return ClaudeAgentOptions(
        cwd=str(tmp_path / "ws"),
        permission_mode="bypassPermissions",
        env={**server.env(), "HOME": str(tmp_path / home)},
        **extra,
    )


async def run(prompt: str, opts: ClaudeAgentOptions) -> list:
    return [m async for m in query(prompt=prompt, options=opts)]


@pytest.mark.parametrize("anyio_backend", ["asyncio", "trio"])
async def test_a_session_mirrors_into_a_python_store_and_resumes_elsewhere(tmp_path, logging_server, anyio_backend):
    server = logging_server({"responses": [text_turn("Noted."), text_turn("ORCHID.")]})
    store = InMemorySessionStore()
    first = await run("Remember the word ORCHID.", options(tmp_path, server, "home1", session_store=store))
    session_id = first[-1].session_id
    key = {"project_key": sdk.project_key_for_directory(tmp_path / "ws"), "session_id": session_id}
    rows = [(e["type"], e.get("uuid")) for e in store.get_entries(key) if e["type"] in ("user", "assistant")]
    assert len(rows) == 2
    second = await run("What was the word?",
                       options(tmp_path, server, "home2", session_store=store, resume=session_id))
    assert second[-1].session_id == session_id
    assert texts(requests_of(server)[-1]) == ["Remember the word ORCHID.", "Noted.", "What was the word?"]
    assert not (tmp_path / "home2" / ".claude" / "projects").exists(), "nothing was written on host 2"
    assert store.size == 1


class FailingStore:
    """Duck-typed: append and load only; every append raises."""

    def __init__(self):
        self.appends = 0

    async def append(self, key, entries):
        self.appends += 1
        raise RuntimeError("test store: append failed")

    async def load(self, key):
        return None


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_a_failing_store_is_a_mirror_error_and_the_session_goes_on(tmp_path, mock_server, anyio_backend):
    server = mock_server({"responses": [text_turn("Fine.")]})
    store = FailingStore()
    messages = await run("Hello", options(tmp_path, server, "home", session_store=store))
    kinds = [type(m).__name__ for m in messages]
    # The turn's batch fails before the result; the last-prompt row written after it fails
    # when the session ends, as in the reference.
    assert kinds == ["SystemMessage", "AssistantMessage", "MirrorErrorMessage", "ResultMessage",
                     "MirrorErrorMessage"]
    errors = [m for m in messages if isinstance(m, MirrorErrorMessage)]
    result = messages[3]
    assert result.subtype == "success"
    assert errors[0].error == "test store: append failed"
    assert errors[0].key == {"project_key": sdk.project_key_for_directory(tmp_path / "ws"),
                             "session_id": result.session_id}
    assert store.appends == 6


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_store_options_are_checked_as_the_reference_checks_them(tmp_path, anyio_backend):
    class Minimal:
        async def append(self, key, entries): ...
        async def load(self, key): ...

    checks = [
        (dict(session_store=Minimal(), continue_conversation=True),
         ValueError, "continue_conversation with session_store requires the store to implement list_sessions"),
        (dict(session_store=InMemorySessionStore(), enable_file_checkpointing=True),
         ValueError, "session_store cannot be combined with enable_file_checkpointing"),
        (dict(session_store=object()), TypeError, "append"),
    ]
    for extra, error, text in checks:
        with pytest.raises(error, match=text):
            await run("x", ClaudeAgentOptions(cwd=str(tmp_path), **extra))


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
@pytest.mark.parametrize("kind", STORES)
async def test_the_functions_read_what_a_session_wrote(tmp_path, mock_server, kind, anyio_backend):
    store = make_store(kind)()
    server = mock_server({"responses": [text_turn("Hi there.")]})
    messages = await run("Say hi", options(tmp_path, server, "home", session_store=store))
    sid = messages[-1].session_id
    ws = str(tmp_path / "ws")
    listed = await sdk.list_sessions_from_store(store, directory=ws)
    assert [i.session_id for i in listed] == [sid]
    assert listed[0].summary == "Say hi"
    info = await sdk.get_session_info_from_store(store, sid, directory=ws)
    assert info.first_prompt == "Say hi"
    os.environ["HOME"], old_home = str(tmp_path / "home"), os.environ.get("HOME")
    try:
        on_disk = [dataclasses.asdict(m) for m in sdk.get_session_messages(sid, directory=ws)]
    finally:
        os.environ["HOME"] = old_home or ""
    stored = [dataclasses.asdict(m) for m in await sdk.get_session_messages_from_store(store, sid, directory=ws)]
    assert stored == on_disk and len(stored) == 2
    await sdk.rename_session_via_store(store, sid, "  Greeting  ", directory=ws)
    await sdk.tag_session_via_store(store, sid, "demo", directory=ws)
    info = await sdk.get_session_info_from_store(store, sid, directory=ws)
    assert (info.custom_title, info.tag, info.summary) == ("Greeting", "demo", "Greeting")
    fork = await sdk.fork_session_via_store(store, sid, directory=ws)
    forked = await sdk.get_session_messages_from_store(store, fork.session_id, directory=ws)
    assert [m.message for m in forked] == [m["message"] for m in stored]
    listed = await sdk.list_sessions_from_store(store, directory=ws)
    assert {i.session_id: i.summary for i in listed} == {sid: "Greeting", fork.session_id: "Greeting (fork)"}
    assert await sdk.list_subagents_from_store(store, sid, directory=ws) == []
    await sdk.delete_session_via_store(store, sid, directory=ws)
    assert await sdk.get_session_messages_from_store(store, sid, directory=ws) == []
    with pytest.raises(ValueError, match="Invalid session_id: nope"):
        await sdk.rename_session_via_store(store, "nope", "x", directory=ws)
    with pytest.raises(FileNotFoundError):
        await sdk.fork_session_via_store(store, str(uuid.uuid4()), directory=ws)


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_import_copies_a_local_session(tmp_path, mock_server, monkeypatch, anyio_backend):
    server = mock_server({"responses": [text_turn("Local.")]})
    messages = await run("Only on disk", options(tmp_path, server, "home"))
    sid = messages[-1].session_id
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    store = InMemorySessionStore()
    await sdk.import_session_to_store(sid, store, directory=str(tmp_path / "ws"), batch_size=1)
    got = await sdk.get_session_messages_from_store(store, sid, directory=str(tmp_path / "ws"))
    assert [m.type for m in got] == ["user", "assistant"]


def test_fold_session_summary_is_the_documented_fold():
    key = {"project_key": "p", "session_id": "s"}
    first = sdk.fold_session_summary(None, key, [
        {"type": "user", "timestamp": "2024-01-01T00:00:00.000Z", "cwd": "/w",
         "message": {"role": "user", "content": "Fix the bug"}},
        {"type": "tag", "tag": "red"},
    ])
    assert first == {"session_id": "s", "mtime": 0, "data": {
        "is_sidechain": False, "created_at": 1704067200000, "cwd": "/w",
        "first_prompt": "Fix the bug", "first_prompt_locked": True, "tag": "red"}}
    first["mtime"] = 7
    again = sdk.fold_session_summary(first, key, [{"type": "tag", "tag": ""}])
    assert again["mtime"] == 7 and "tag" not in again["data"]


# --- an adapter of the documented shape ---------------------------------------------------------


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_an_adapter_written_as_the_official_examples_are(tmp_path, logging_server, anyio_backend):
    redis_asyncio = pytest.importorskip("redis.asyncio", reason="the redis package is not installed")
    if not REDIS:
        pytest.skip("OXAGENT_TEST_REDIS_URL is not set (run under scripts/with-test-services.sh)")
    sys.path.insert(0, str(HERE / "stores"))
    from redis_adapter import PlainRedisStore

    client = redis_asyncio.Redis.from_url(REDIS, decode_responses=True)
    prefix = fresh_name()
    try:
        await run_session_store_conformance(lambda: PlainRedisStore(client, fresh_name()))
        store = PlainRedisStore(client, prefix)
        server = logging_server({"responses": [text_turn("Stored."), text_turn("Again.")]})
        first = await run("Keep this", options(tmp_path, server, "home1", session_store=store))
        sid = first[-1].session_id
        await run("And now?", options(tmp_path, server, "home2", session_store=store,
                                      continue_conversation=True))
        assert texts(requests_of(server)[-1]) == ["Keep this", "Stored.", "And now?"]
        listed = await sdk.list_sessions_from_store(store, directory=str(tmp_path / "ws"))
        assert [i.session_id for i in listed] == [sid]
    finally:
        await client.aclose()


# --- two hosts ------------------------------------------------------------------------------------


def host(tmp_path, server, home: str, store_url: str, namespace: str, prompt: str, resume: str | None = None):
    # Each host has its own HOME and its own temporary folder: no disk in common but the
    # workspace path (the project's key), as two machines deploying the same app.
    (tmp_path / home / "tmp").mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE_"))}
    env.update(server.env(), HOME=str(tmp_path / home), TMPDIR=str(tmp_path / home / "tmp"),
               STORE_NAMESPACE=namespace, IS_SANDBOX="1")
    args = [sys.executable, str(HERE / "stores" / "host.py"), store_url, prompt, *([resume] if resume else [])]
    return subprocess.Popen(args, cwd=tmp_path / "ws", env=env, stdout=subprocess.PIPE, text=True)


def read_until_idle(proc) -> list[dict]:
    out = []
    for line in proc.stdout:
        row = json.loads(line)
        out.append(row)
        if row["type"] == "idle":
            break
    return out


@pytest.mark.parametrize("kind", ["redis", "postgres"])
def test_a_session_resumes_on_another_host_after_the_first_dies(tmp_path, logging_server, kind):
    url = REDIS if kind == "redis" else POSTGRES
    if not url:
        pytest.skip(f"OXAGENT_TEST_{kind.upper()}_URL is not set (run under scripts/with-test-services.sh)")
    (tmp_path / "ws").mkdir()
    namespace = fresh_name()
    server = logging_server({"responses": [text_turn("Noted, ORCHID.")],
                             "default": text_turn("It was ORCHID.")})
    first = host(tmp_path, server, "host1", url, namespace, "Remember the word ORCHID.")
    rows = read_until_idle(first)
    session_id = rows[-2]["session_id"]
    first.send_signal(signal.SIGKILL)  # the host dies between turns
    first.wait()
    # Host 2: another HOME, no shared disk: the session comes from the store.
    second = host(tmp_path, server, "host2", url, namespace, "What was the word?", session_id)
    assert read_until_idle(second)[-2]["session_id"] == session_id
    second.wait(timeout=60)
    from_store = requests_of(server)[-1]
    # The same resume from host 1's local transcript, without a store.
    local = host(tmp_path, server, "host1", "none", namespace, "What was the word?", session_id)
    read_until_idle(local)
    local.wait(timeout=60)
    from_disk = requests_of(server)[-1]
    assert from_store == from_disk
    assert texts(from_store) == ["Remember the word ORCHID.", "Noted, ORCHID.", "What was the word?"]
    assert not (tmp_path / "host2" / ".claude" / "projects").exists()


def test_a_store_across_a_custom_transport_is_refused():
    """The native session mirrors into the store; a custom Transport's session has no mirror
    here, so the store is refused rather than silently left out."""
    import asyncio

    from claude_agent_sdk._internal.opening import open_session

    options = ClaudeAgentOptions(session_store=InMemorySessionStore())
    with pytest.raises(ValueError, match="custom Transport"):
        asyncio.run(open_session(options, transport=object()))


def test_an_object_that_is_no_store_is_refused_by_the_checker():
    with pytest.raises(TypeError, match=r"session_store must be a session store .*, not an object of type object"):
        from claude_agent_sdk._internal.options_json import prepare

        prepare(ClaudeAgentOptions(session_store=object()))
