"""``get_server_info()`` through the Python face: the models a session can switch to (each
alias with the model it runs) and the commands it runs, marked as its own."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

pytestmark = [requires_native, pytest.mark.anyio]


async def test_server_info_lists_models_and_builtin_commands(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("hi")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env())
    async with ClaudeSDKClient(options) as client:
        info = await client.get_server_info()
        models = info["models"]
        assert [m["value"] for m in models] == ["default", "opus", "fable", "sonnet", "haiku"]
        assert models[0]["resolvedModel"] == "claude-opus-5-5"
        assert all(isinstance(m["displayName"], str) and m["description"] for m in models)
        compact = next(c for c in info["commands"] if c["name"] == "compact")
        assert compact["builtin"] is True and compact["argumentHint"]


async def test_server_info_reports_the_account_and_the_features_as_the_reference(
        mock_server, tmp_path, monkeypatch):
    # The reference's answer, recorded with an API key and no sandbox: these keys and values.
    monkeypatch.setenv("HOME", str(tmp_path))
    server = mock_server({"responses": [text_turn("hi")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env())
    async with ClaudeSDKClient(options) as client:
        info = await client.get_server_info()
    assert info["account"] == {"tokenSource": "none", "apiKeySource": "ANTHROPIC_API_KEY",
                               "apiProvider": "firstParty"}
    assert info["user_output_styles_dir"] == str(tmp_path / ".claude" / "output-styles")
    assert {k: info[k] for k in [
        "feedback_mode", "analytics_disabled", "sandbox_enabled", "remote_control_auto_enable",
        "remote_control_auto_connect_default", "remote_control_available",
        "remote_control_auto_on_by_default", "ide_rc_auto_enable_gate", "fast_mode_state",
        "current_permission_mode", "hook_on_failure_supported", "output_style"]} == {
        "feedback_mode": {"kind": "disabled"}, "analytics_disabled": True,
        "sandbox_enabled": False, "remote_control_auto_enable": False,
        "remote_control_auto_connect_default": False, "remote_control_available": False,
        "remote_control_auto_on_by_default": False, "ide_rc_auto_enable_gate": False,
        "fast_mode_state": "off", "current_permission_mode": "default",
        "hook_on_failure_supported": True, "output_style": "default"}
