"""PostToolBatch hooks through the Python face: once every call of a response has its
result, the hook gets the calls and the text the model reads of each."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn

from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query

pytestmark = [requires_native, pytest.mark.anyio]


async def test_post_tool_batch_sees_the_calls_of_each_response(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    read = lambda i: {"type": "tool_use", "id": i, "name": "Read", "input": {"file_path": str(tmp_path / "a.txt")}}  # noqa: E731
    server = mock_server({"responses": [{"content": [read("toolu_1"), read("toolu_2")]}, text_turn("Done.")]})
    batches = []

    async def hook(input_data, tool_use_id, context):
        batches.append((input_data, tool_use_id))
        return {}

    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
                                 hooks={"PostToolBatch": [HookMatcher(hooks=[hook])]})
    messages = [m async for m in query(prompt="Read twice", options=options)]
    assert messages[-1].result == "Done."
    assert len(batches) == 1
    batch, tool_use_id = batches[0]
    assert batch["hook_event_name"] == "PostToolBatch" and tool_use_id.startswith("hook-")
    assert [c["tool_use_id"] for c in batch["tool_calls"]] == ["toolu_1", "toolu_2"]
    assert all("alpha" in c["tool_response"] for c in batch["tool_calls"])
