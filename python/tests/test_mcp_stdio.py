"""Stdio MCP servers: a server built with the official ``mcp`` package (installed by
``./dev``) runs as a child process of the session; its tools are called, answer, fail, and
are refused by permissions, and the process is gone when the session ends."""

from __future__ import annotations

import sys
import textwrap

import anyio
import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

pytest.importorskip("mcp")
pytestmark = [requires_native, pytest.mark.anyio]

SERVER = textwrap.dedent('''
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:  # mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server
    import os

    app = Server("calc")

    @app.tool()
    def add(a: int, b: int) -> int:
        """Add two integers."""
        return a + b

    @app.tool()
    def where() -> str:
        """The server's working directory and its CALC_MODE."""
        return os.getcwd() + " " + os.environ.get("CALC_MODE", "-")

    @app.tool()
    def fail(reason: str) -> str:
        """Always fails."""
        raise ValueError(reason)

    app.run()
''')


def results(messages):
    return [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)]


async def test_a_stdio_server_tools_run_in_the_session(mock_server, tmp_path):
    (tmp_path / "server.py").write_text(SERVER)
    server = mock_server({"responses": [
        {"content": [
            {"type": "tool_use", "id": "t1", "name": "mcp__calc__add", "input": {"a": 2, "b": 3}},
            {"type": "tool_use", "id": "t2", "name": "mcp__calc__where", "input": {}},
            {"type": "tool_use", "id": "t3", "name": "mcp__calc__fail", "input": {"reason": "no"}},
        ]},
        text_turn("Done."),
    ]})
    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
        mcp_servers={"calc": {"command": sys.executable, "args": [str(tmp_path / "server.py")],
                              "env": {"CALC_MODE": "test"}}})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Use it", options=opts)]
    init = messages[0]
    assert isinstance(init, SystemMessage) and init.subtype == "init"
    assert init.data["mcp_servers"] == [{"name": "calc", "status": "connected", "source": "dynamic"}]
    assert {"mcp__calc__add", "mcp__calc__where", "mcp__calc__fail"} <= set(init.data["tools"])
    added, where, failed = results(messages)
    assert not added.is_error and "5" in str(added.content)
    assert str(tmp_path) in str(where.content) and "test" in str(where.content)
    assert failed.is_error and "no" in str(failed.content)
    assert isinstance(messages[-1], ResultMessage) and messages[-1].subtype == "success"
    # The server process ends with the session.
    with anyio.fail_after(10):
        while any(str(tmp_path / "server.py") in cmdline for cmdline in _cmdlines()):
            await anyio.sleep(0.05)


def _cmdlines():
    import os

    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    yield f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue


async def test_a_server_that_cannot_start_is_reported_failed(mock_server, tmp_path):
    server = mock_server({"responses": [tool_turn("t1", "mcp__gone__x", {}), text_turn("ok")]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                              mcp_servers={"gone": {"command": str(tmp_path / "missing-binary")}})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Use it", options=opts)]
    assert messages[0].data["mcp_servers"] == [
        {"name": "gone", "status": "failed", "source": "dynamic"}]
    (refused,) = results(messages)
    assert refused.is_error and "No such tool available: mcp__gone__x" in str(refused.content)
    assert [m for m in messages if isinstance(m, AssistantMessage)]


async def test_mcp_tools_need_permission_in_default_mode(mock_server, tmp_path):
    (tmp_path / "server.py").write_text(SERVER)
    server = mock_server({"responses": [
        {"content": [
            {"type": "tool_use", "id": "t1", "name": "mcp__calc__add", "input": {"a": 1, "b": 1}},
            {"type": "tool_use", "id": "t2", "name": "mcp__calc__where", "input": {}},
        ]},
        text_turn("Done."),
    ]})
    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), allowed_tools=["mcp__calc__add"],
        mcp_servers={"calc": {"command": sys.executable, "args": [str(tmp_path / "server.py")]}})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Use it", options=opts)]
    added, where = results(messages)
    assert not added.is_error and "2" in str(added.content)
    assert where.is_error
    assert [d["tool_name"] for d in messages[-1].permission_denials] == ["mcp__calc__where"]


HTTP_SERVER = textwrap.dedent('''
    import sys
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:  # mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server

    app = Server("web")

    @app.tool()
    def add(a: int, b: int) -> int:
        """Add two integers."""
        return a + b

    app.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
''')


async def test_an_http_server_tools_run_in_the_session(mock_server, tmp_path):
    import socket
    import subprocess

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    (tmp_path / "web.py").write_text(HTTP_SERVER)
    proc = subprocess.Popen([sys.executable, str(tmp_path / "web.py"), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with anyio.fail_after(30):
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    await anyio.sleep(0.1)
        server = mock_server({"responses": [
            tool_turn("t1", "mcp__web__add", {"a": 20, "b": 22}), text_turn("Done.")]})
        opts = ClaudeAgentOptions(
            cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
            mcp_servers={"web": {"type": "http", "url": f"http://127.0.0.1:{port}/mcp",
                                 "headers": {"X-Test": "1"}}})
        with anyio.fail_after(60):
            messages = [m async for m in query(prompt="Use it", options=opts)]
        assert messages[0].data["mcp_servers"] == [
            {"name": "web", "status": "connected", "source": "dynamic"}]
        (added,) = results(messages)
        assert not added.is_error and "42" in str(added.content)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


async def test_an_unreachable_http_server_is_reported_failed(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("ok")]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                              mcp_servers={"web": {"type": "http", "url": "http://127.0.0.1:9/mcp"}})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Hi", options=opts)]
    assert messages[0].data["mcp_servers"] == [
        {"name": "web", "status": "failed", "source": "dynamic"}]


# A stdio server that starts a helper of its own (which outlives a server that merely exits on
# end of input), writes both pids, then answers the MCP handshake by hand.
FORKING_SERVER = textwrap.dedent('''
    import json, os, subprocess, sys
    helper = subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL)
    out = sys.argv[1]
    with open(out + ".tmp", "w") as f:
        f.write(f"{os.getpid()}\\n{helper.pid}\\n")
    os.rename(out + ".tmp", out)
    for line in sys.stdin:
        msg = json.loads(line)
        if "id" not in msg:
            continue
        result = {"tools": []} if msg["method"] == "tools/list" else {
            "protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
            "serverInfo": {"name": "forks", "version": "1"}}
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}), flush=True)
''')

HOST = textwrap.dedent('''
    import asyncio, sys
    from claude_agent_sdk import ClaudeAgentOptions, query
    url, server, pids, cwd, wait = sys.argv[1:6]
    async def main():
        opts = ClaudeAgentOptions(
            cwd=cwd, permission_mode="bypassPermissions",
            env={"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test"},
            mcp_servers={"forks": {"command": sys.executable, "args": [server, pids]}})
        async for message in query(prompt="go", options=opts):
            pass
        if wait == "wait":
            await asyncio.sleep(300)
    asyncio.run(main())
''')


def _alive(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return ") Z " not in f.read()
    except OSError:
        return False


async def _started(host, pids):
    with anyio.fail_after(60):
        while not pids.exists():
            assert host.poll() is None, "the host ended before the server started"
            await anyio.sleep(0.05)
    started = pids.read_text().split()
    assert len(started) == 2
    return started


async def _gone(started):
    with anyio.fail_after(15):
        while any(_alive(p) for p in started):
            await anyio.sleep(0.05)


def _host(tmp_path, url, wait):
    import subprocess

    (tmp_path / "server.py").write_text(FORKING_SERVER)
    (tmp_path / "host.py").write_text(HOST)
    args = [sys.executable, str(tmp_path / "host.py"), url, str(tmp_path / "server.py"),
            str(tmp_path / "pids"), str(tmp_path), wait]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL)


async def test_a_stdio_server_and_what_it_started_die_with_a_killed_host(mock_server, tmp_path):
    # The model sits in a long Bash call; the host is killed outright meanwhile.
    server = mock_server({"responses": [
        tool_turn("t1", "Bash", {"command": "sleep 300", "timeout": 600000}), text_turn("never")]})
    host = _host(tmp_path, server.url, "wait")
    started = await _started(host, tmp_path / "pids")
    await anyio.sleep(1)  # the query is under way, in the Bash call
    assert all(_alive(p) for p in started)
    host.kill()
    host.wait()
    await _gone(started)


async def test_a_stdio_server_and_what_it_started_end_with_the_session(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Done.")]})
    # The host stays alive after its query: the session's end, not the host's, ends them.
    host = _host(tmp_path, server.url, "wait")
    try:
        started = await _started(host, tmp_path / "pids")
        await _gone(started)
    finally:
        host.kill()
        host.wait()


async def test_answers_that_are_no_call_result_read_as_in_the_reference(mock_server, tmp_path):
    """A stdio server answering a malformed result, `null`, or dying: the texts the
    reference's client gives (tests/conformance/fuzz-k)."""
    import json
    from pathlib import Path

    from claude_agent_sdk import HookMatcher

    spec = {"name": "odd", "tools": [
        {"name": "no_text", "run": {"return": {"content": [{"type": "text"}]}}},
        {"name": "nothing", "run": {"return": None}},
        {"name": "add", "input": {"a": "integer"}, "run": {"sum": ["a"]}}]}
    (tmp_path / "odd.json").write_text(json.dumps(spec))
    script = Path(__file__).resolve().parents[2] / "tests" / "conformance" / "fuzz-k" / "server.py"
    use = lambda i, name: {"type": "tool_use", "id": f"t{i}", "name": "mcp__odd__" + name, "input": {}}
    server = mock_server({"responses": [
        {"content": [use(1, "no_text"), use(2, "nothing")]}, text_turn("Done.")]})
    failures = []

    async def failed(input_data, tool_use_id, context):
        failures.append(tool_use_id)
        return {}

    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
        mcp_servers={"odd": {"command": sys.executable, "args": [str(script), str(tmp_path / "odd.json")]}},
        hooks={"PostToolUseFailure": [HookMatcher(hooks=[failed])]})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Use it", options=opts)]
    no_text, nothing = results(messages)
    assert no_text.is_error and no_text.content.startswith(
        'MCP server "odd" returned a malformed result that failed schema validation: '
        "Invalid result for tools/call: [\n  {\n    \"code\": \"invalid_union\"")
    assert nothing.is_error and nothing.content == (
        "The server's response is not a valid MCP response, so it was not read. "
        "The request may have run.")
    # Only the malformed answer is heard by the PostToolUseFailure hooks.
    assert failures == ["t1"]


CRASHY = textwrap.dedent('''
    import json, os, sys
    if os.environ.get("REFUSE_AGAIN") and os.path.exists("starts.log"):
        sys.exit(3)
    open("starts.log", "a").write("start\\n")
    for line in sys.stdin:
        msg = json.loads(line)
        if "id" not in msg:
            continue
        method, params = msg["method"], msg.get("params") or {}
        if method == "initialize":
            result = {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                      "capabilities": {"tools": {}}, "serverInfo": {"name": "io", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": [{"name": "add", "inputSchema": {"type": "object"}}]}
        elif method == "tools/call":
            args = params["arguments"]
            result = {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}
        else:
            reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": method}}
            print(json.dumps(reply), flush=True)
            continue
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}), flush=True)
''')


@pytest.mark.parametrize("refuse_again", [False, True])
async def test_a_server_whose_process_ended_starts_again_on_the_next_call(
        mock_server, tmp_path, refuse_again):
    """fuzz-j/fj_207, fj_pin_restart_*: the call that finds the process gone reads "Connection
    closed"; the next call starts the server again (or, when it cannot start, reads that the
    server is not connected)."""
    (tmp_path / "server.py").write_text(CRASHY)
    add = lambda i, a: {"type": "tool_use", "id": f"t{i}", "name": "mcp__io__add",  # noqa: E731
                        "input": {"a": a, "b": 1}}
    server = mock_server({"responses": [
        {"content": [add(1, "x")]}, {"content": [add(2, 2)]}, {"content": [add(3, 4)]},
        text_turn("Done.")]})
    env = {**server.env(), **({"REFUSE_AGAIN": "1"} if refuse_again else {})}
    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), env=env, permission_mode="bypassPermissions",
        mcp_servers={"io": {"command": sys.executable, "args": [str(tmp_path / "server.py")]}})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Use it", options=opts)]
    crashed, second, third = results(messages)
    assert crashed.is_error and crashed.content == "Connection closed"
    if refuse_again:
        assert second.is_error and second.content == 'MCP server "io" is not connected'
        assert third.content == 'MCP server "io" is not connected'
        assert (tmp_path / "starts.log").read_text() == "start\n"
    else:
        assert not second.is_error and "3" in str(second.content)
        assert "5" in str(third.content)
        assert (tmp_path / "starts.log").read_text() == "start\nstart\n"


def calc_config(tmp_path):
    return {"command": sys.executable, "args": [str(tmp_path / "server.py")]}


async def test_servers_of_the_config_files_start_in_their_scopes(mock_server, tmp_path):
    """`.mcp.json` (project), `~/.claude.json` for the user and for the project (local),
    each shown with its source; `disabledMcpjsonServers` keeps a `.mcp.json` server out."""
    import json

    (tmp_path / "server.py").write_text(SERVER)
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": {
        "calc": calc_config(tmp_path), "off": calc_config(tmp_path)}}))
    (home / ".claude.json").write_text(json.dumps({
        "mcpServers": {"mine": calc_config(tmp_path)},
        "projects": {str(tmp_path): {"mcpServers": {"here": calc_config(tmp_path)}}}}))
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text(json.dumps({"disabledMcpjsonServers": ["off"]}))
    server = mock_server({"responses": [
        tool_turn("t1", "mcp__calc__add", {"a": 2, "b": 3}),
        tool_turn("t2", "mcp__off__add", {"a": 1, "b": 1}),
        text_turn("Done."),
    ]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), permission_mode="bypassPermissions",
                              setting_sources=["user", "project", "local"],
                              env={**server.env(), "HOME": str(home)})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Add", options=opts)]
    init = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "init")
    assert init.data["mcp_servers"] == [
        {"name": "mine", "status": "connected", "source": "user"},
        {"name": "calc", "status": "connected", "source": "project"},
        {"name": "here", "status": "connected", "source": "local"},
    ]
    added, refused = results(messages)
    assert added.content == '{"result":5}'
    assert refused.is_error and refused.content == (
        "<tool_use_error>Error: No such tool available: mcp__off__add</tool_use_error>")


async def test_strict_mcp_config_and_the_sources_leave_the_files_out(mock_server, tmp_path):
    import json

    (tmp_path / "server.py").write_text(SERVER)
    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": {"calc": calc_config(tmp_path)}}))
    for kw in ({"setting_sources": ["project"], "strict_mcp_config": True},
               {"setting_sources": ["user", "local"]}):
        server = mock_server({"responses": [text_turn("Done.")]})
        opts = ClaudeAgentOptions(cwd=str(tmp_path), permission_mode="bypassPermissions",
                                  env={**server.env(), "HOME": str(tmp_path / "home")}, **kw)
        with anyio.fail_after(60):
            messages = [m async for m in query(prompt="Hi", options=opts)]
        init = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "init")
        assert init.data["mcp_servers"] == [], kw


SLEEPER = textwrap.dedent('''
    import json, sys, time
    for line in sys.stdin:
        msg = json.loads(line)
        if "id" not in msg:
            continue
        method = msg["method"]
        if method == "initialize":
            result = {"protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
                      "serverInfo": {"name": "sleeper", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": [{"name": "nap", "inputSchema": {"type": "object"}}]}
        else:
            time.sleep(msg["params"]["arguments"].get("s", 5))
            result = {"content": [{"type": "text", "text": "slept"}]}
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}), flush=True)
''')


@pytest.mark.parametrize("env, own, expected", [
    ({"MCP_TOOL_TIMEOUT": "1000"}, {}, "timed out after 1s"),
    ({"MCP_TOOL_TIMEOUT": "9000"}, {"timeout": 2500}, "timed out after 2s"),
    ({"MCP_TOOL_TIMEOUT": "1200"}, {"timeout": 500}, "timed out after 1s"),
])
async def test_a_tool_call_past_its_time_limit_is_an_error(mock_server, tmp_path, env, own, expected):
    (tmp_path / "sleeper.py").write_text(SLEEPER)
    server = mock_server({"responses": [tool_turn("t1", "mcp__nap__nap", {"s": 4}), text_turn("Done.")]})
    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), permission_mode="bypassPermissions",
        mcp_servers={"nap": {"command": sys.executable, "args": [str(tmp_path / "sleeper.py")], **own}},
        env={**server.env(), **env, "HOME": str(tmp_path)})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Nap", options=opts)]
    (result,) = results(messages)
    assert result.is_error and result.content == f'MCP server "nap" tool "nap" {expected}'
    (echo,) = [m for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)]
    assert echo.tool_use_result == f'Error: MCP server "nap" tool "nap" {expected}'


async def test_an_agent_brings_its_own_server(mock_server, tmp_path):
    """An inline server of an agent's `mcpServers` runs for that agent alone, whatever its
    `tools` list says; the main agent never has its tools."""
    from claude_agent_sdk import AgentDefinition

    (tmp_path / "server.py").write_text(SERVER)
    server = mock_server({"responses": [
        {"match": "Go", **tool_turn("t1", "Agent", {"description": "Add", "prompt": "SUB add",
                                                    "subagent_type": "adder", "run_in_background": False})},
        {"match": "SUB add", **tool_turn("t2", "mcp__own__add", {"a": 2, "b": 3})},
        text_turn("SUB-DONE"),
        {"match": "SUB-DONE", **tool_turn("t3", "mcp__own__add", {"a": 1, "b": 1})},
        text_turn("Done."),
    ]})
    adder = AgentDefinition(description="Adds", prompt="You add.", tools=["Read"],
                            mcpServers=[{"own": calc_config(tmp_path)}])
    opts = ClaudeAgentOptions(cwd=str(tmp_path), permission_mode="bypassPermissions",
                              agents={"adder": adder}, env={**server.env(), "HOME": str(tmp_path)})
    with anyio.fail_after(60):
        messages = [m async for m in query(prompt="Go", options=opts)]
    by_id = {r.tool_use_id: r for r in results(messages)}
    assert by_id["t2"].content == '{"result":5}' and not by_id["t2"].is_error
    assert by_id["t3"].is_error and by_id["t3"].content == (
        "<tool_use_error>Error: No such tool available: mcp__own__add</tool_use_error>")
