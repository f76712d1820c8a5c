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
