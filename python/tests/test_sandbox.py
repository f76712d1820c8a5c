"""``sandbox={"enabled": True}``: Bash commands run in a bubblewrap sandbox that may write in
the working directory only, and leaving it (``dangerouslyDisableSandbox``) is the user's
call."""

from __future__ import annotations

import shutil

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    ResultMessage,
    SystemMessage,
    UserMessage,
    query,
)

pytestmark = [
    requires_native,
    pytest.mark.anyio,
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed"),
]


async def test_sandboxed_commands_write_only_in_the_working_directory(mock_server, tmp_path):
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    ws.mkdir()
    outside.mkdir()
    command = f"echo in > made.txt; echo out > {outside}/new.txt; echo rc=$?"
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": command, "description": "write"}),
        text_turn("Done.")]})
    options = ClaudeAgentOptions(cwd=str(ws), env=server.env(), permission_mode="bypassPermissions",
                                 sandbox={"enabled": True})
    messages = [m async for m in query(prompt="go", options=options)]
    result = next(m for m in messages if isinstance(m, UserMessage))
    assert result.tool_use_result["stdout"].endswith("Read-only file system\nrc=1")
    assert (ws / "made.txt").read_text() == "in\n"
    assert not (outside / "new.txt").exists()


async def test_leaving_the_sandbox_is_asked_about(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "ls", "description": "list",
                                      "dangerouslyDisableSandbox": True}),
        text_turn("Done.")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), sandbox={"enabled": True})
    messages = [m async for m in query(prompt="go", options=options)]
    denied = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "permission_denied")
    assert denied.data["message"] == "Run outside of the sandbox"
    assert denied.data["decision_reason_type"] == "sandboxOverride"
    assert isinstance(messages[-1], ResultMessage)
    assert [d["tool_name"] for d in messages[-1].permission_denials] == ["Bash"]


def _curl(url: str) -> str:
    return f"curl -s -m 5 {url}; echo \" rc=$?\""


async def test_hosts_go_through_the_rules_and_the_callback(mock_server, tmp_path):
    """A host on the deny list is refused with a violation line; one on no list is put to
    can_use_tool as SandboxNetworkAccess, and once allowed stays allowed. socat carries the
    network into the sandbox; the test setup installs it (scripts/with-test-services.sh)."""
    assert shutil.which("socat"), "the sandbox's network needs socat (Debian: socat)"
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": _curl("http://bad.invalid/"), "description": "a"}),
        tool_turn("toolu_2", "Bash", {"command": _curl("http://open.invalid/"), "description": "b"}),
        tool_turn("toolu_3", "Bash", {"command": _curl("http://open.invalid/x"), "description": "c"}),
        tool_turn("toolu_4", "Bash", {"command": "curl -s -m 5 http://127.0.0.1:9/; echo rc=$?",
                                      "description": "d"}),
        text_turn("Done.")]})
    asked = []

    async def can_use_tool(name, tool_input, context):
        asked.append((name, tool_input, context.suggestions[0].to_dict() if context.suggestions else None))
        return PermissionResultAllow()

    async def prompts():
        yield {"type": "user", "message": {"role": "user", "content": "go"}}

    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), allowed_tools=["Bash"],
                                 can_use_tool=can_use_tool,
                                 sandbox={"enabled": True, "network": {"deniedDomains": ["bad.invalid"]}})
    messages = [m async for m in query(prompt=prompts(), options=options)]
    results = [m.content[0].content for m in messages if isinstance(m, UserMessage)]
    assert results[0] == ("Connection blocked by network allowlist\n rc=0\n<sandbox_violations>\n"
                          "deny network-outbound bad.invalid:80 (host is on the deny list)\n"
                          "</sandbox_violations>")
    # Allowed, the request reaches the proxy, which cannot reach the host.
    assert results[1] == results[2] == "Bad Gateway rc=0"
    # The sandbox has no network of its own.
    assert results[3] == "rc=7"
    assert [(n, i) for n, i, _ in asked] == [("SandboxNetworkAccess", {"host": "open.invalid"})]
    assert asked[0][2]["rules"] == [{"toolName": "WebFetch", "ruleContent": "domain:open.invalid"}]
