"""MCP servers turned off and on, and reconnected, in a running ClaudeSDKClient session
(`toggle_mcp_server`, `reconnect_mcp_server`), as the reference does it
(tests/conformance/mcpres/control/golden.json): the status each step leaves, the tools the
next prompt offers, and the errors."""
import sys
from pathlib import Path

import pytest

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, SystemMessage, UserMessage
from conftest import SHARED, native_available, requires_shared, text_turn, tool_turn

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(not native_available(), reason="native extension not built"),
]

SERVER = Path(__file__).resolve().parents[2] / "tests" / "conformance" / "mcpres" / "server.py"


@pytest.fixture
def anyio_backend():
    return "asyncio"


def server(name, mode):
    return {"command": sys.executable, "args": [str(SERVER), name, mode]}


def statuses(answer):
    return {s["name"]: s["status"] for s in answer["mcpServers"]}


async def prompt(client):
    await client.query("Look at the resources")
    init, results = None, []
    async for m in client.receive_response():
        if isinstance(m, SystemMessage) and m.subtype == "init":
            init = m.data
        if isinstance(m, UserMessage) and isinstance(m.content, list):
            results += [(b.content, b.is_error) for b in m.content]
    return init, results


async def test_toggle_and_reconnect(mock_server, tmp_path, monkeypatch):
    list_call = tool_turn("toolu_01", "ListMcpResourcesTool", {})
    mock = mock_server({"responses": [list_call, text_turn("Done."), list_call, text_turn("Done."),
                                      text_turn("Done.")]})
    for k, v in mock.env().items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("HOME", str(tmp_path))
    options = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        cwd=str(tmp_path),
        mcp_servers={
            "docs": server("docs", "docs"),
            "calc": server("calc", "tools"),
            "gone": {"command": "/nonexistent/mcp-server", "args": []},
        },
    )
    async with ClaudeSDKClient(options) as client:
        await client.toggle_mcp_server("docs", False)
        assert statuses(await client.get_mcp_status()) == {
            "docs": "disabled", "calc": "connected", "gone": "failed"}
        init, results = await prompt(client)
        assert [t for t in init["tools"] if "Mcp" in t or t.startswith("mcp__")] == [
            "mcp__calc__ping_tool"]
        assert init["mcp_servers"][0] == {"name": "docs", "status": "disabled", "source": "dynamic"}
        assert results == [(
            "<tool_use_error>Error: No such tool available: ListMcpResourcesTool. ListMcpResourcesTool "
            "is not among the tools available here. Continue with the tools you have.</tool_use_error>",
            True)]

        await client.toggle_mcp_server("docs", True)
        assert statuses(await client.get_mcp_status())["docs"] == "connected"
        init, results = await prompt(client)
        assert {"ListMcpResourcesTool", "ReadMcpResourceTool", "mcp__docs__ping_tool"} <= set(init["tools"])
        assert results[0][0].startswith('[{"name":"readme","uri":"docs://readme"')

        await client.reconnect_mcp_server("docs")
        assert statuses(await client.get_mcp_status())["docs"] == "connected"
        with pytest.raises(Exception, match="Server not found: nope"):
            await client.reconnect_mcp_server("nope")
        with pytest.raises(Exception, match="Server not found: nope"):
            await client.toggle_mcp_server("nope", False)
        with pytest.raises(Exception, match="ENOENT: no such file or directory, posix_spawn .stdio."):
            await client.reconnect_mcp_server("gone")
        await client.toggle_mcp_server("calc", False)
        await client.toggle_mcp_server("calc", False)
        with pytest.raises(Exception) as refused:
            await client.reconnect_mcp_server("calc")
        assert str(refused.value).endswith(
            "MCP server calc is disabled \u2014 enable it (mcp_toggle) before reconnecting")
        assert statuses(await client.get_mcp_status()) == {
            "docs": "connected", "calc": "disabled", "gone": "failed"}

    # The project keeps it off: the next session starts with it disabled (probe tg; mcpfiles/mj_off_*).
    import json
    kept = json.loads((tmp_path / ".claude.json").read_text())["projects"][str(tmp_path)]
    assert kept["disabledMcpServers"] == ["calc"]
    async with ClaudeSDKClient(options) as client:
        init, _ = await prompt(client)
        assert {s["name"]: s["status"] for s in init["mcp_servers"]} == {
            "docs": "connected", "calc": "disabled", "gone": "failed"}
        await client.toggle_mcp_server("calc", True)
    kept = json.loads((tmp_path / ".claude.json").read_text())["projects"][str(tmp_path)]
    assert kept["disabledMcpServers"] == []


@requires_shared
def test_mcp_status_details_every_transport(tmp_path):
    # tests/conformance/mcpres/status: stdio servers (with env, with an experimental
    # capability, with tools of every annotation), an HTTP server with headers, an in-process
    # SDK server, a missing command and a refused address, recorded from the reference.
    import json
    import os
    import subprocess

    pytest.importorskip("mcp")
    here = SERVER.parent / "status"
    out = tmp_path / "ours.json"
    env = dict(os.environ, CONFORMANCE_DIR=str(SHARED / "conformance"))
    subprocess.run([sys.executable, str(here / "probe.py"), sys.executable, str(out)],
                   check=True, env=env, timeout=240)
    assert json.loads(out.read_text()) == json.loads((here / "golden.json").read_text())
