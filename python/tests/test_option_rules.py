"""Rules the options of a session bring, as the reference shows them (tests/conformance/fuzz-h
and optprobes), through the Python face against ``oxagent mock-server``: the model plan mode
runs, writes of files the model has not read, plan mode's questions on a model without auto
mode, the result after a structured answer."""

from __future__ import annotations

import json

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

pytestmark = [requires_native, pytest.mark.anyio]

NOT_READ = "File has not been read yet. Read it first before writing to it."


def results(messages) -> dict[str, ToolResultBlock]:
    return {b.tool_use_id: b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)}


async def run(server, tmp_path, prompt="Go", **options):
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), **options)
    return [m async for m in query(prompt=prompt, options=opts)]


async def test_haiku_plans_on_sonnet(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Planned.")]})
    messages = await run(server, tmp_path, model="haiku", permission_mode="plan")
    # system/init names the model chosen; the request goes to the one plan mode runs.
    assert messages[0].data["model"] == "claude-haiku-5-5"
    assert [r["model"] for r in server.requests()] == ["claude-sonnet-5-5"]
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert list(result.model_usage) == ["claude-sonnet-5-5"]


async def test_a_dated_haiku_keeps_its_model_in_plan_mode(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Planned.")]})
    await run(server, tmp_path, model="claude-haiku-4-5", permission_mode="plan")
    assert [r["model"] for r in server.requests()] == ["claude-haiku-4-5"]


@pytest.mark.parametrize("model,refused", [("claude-sonnet-4-5", True), ("claude-opus-4-6", True),
                                           ("claude-sonnet-4-6", False), ("claude-opus-5-5", False)])
async def test_an_unread_file_is_refused_on_the_models_that_read_first(mock_server, tmp_path, model, refused):
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Edit", {"file_path": str(tmp_path / "notes.txt"), "old_string": "beta",
                                      "new_string": "BETA"}),
        text_turn("Done."),
    ]})
    messages = await run(server, tmp_path, model=model, permission_mode="bypassPermissions")
    block = results(messages)["toolu_1"]
    if refused:
        assert block.is_error is True
        assert block.content == f"<tool_use_error>{NOT_READ}</tool_use_error>"
        assert (tmp_path / "notes.txt").read_text() == "alpha\nbeta\n"
    else:
        assert block.content == f"The file {tmp_path / 'notes.txt'} has been updated successfully."
        assert (tmp_path / "notes.txt").read_text() == "alpha\nBETA\n"


async def test_an_ask_rule_for_read_makes_every_model_read_first(mock_server, tmp_path):
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text(json.dumps({"permissions": {"ask": ["Read"]}}))
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Edit", {"file_path": str(tmp_path / "notes.txt"), "old_string": "beta",
                                      "new_string": "BETA"}),
        text_turn("Done."),
    ]})
    messages = await run(server, tmp_path, permission_mode="acceptEdits", setting_sources=["project"])
    assert results(messages)["toolu_1"].content == f"<tool_use_error>{NOT_READ}</tool_use_error>"


async def test_plan_mode_asks_as_the_default_mode_on_a_model_without_auto_mode(mock_server, tmp_path):
    outside = tmp_path / "extra"
    outside.mkdir()
    (outside / "info.txt").write_text("x\n")
    work = tmp_path / "ws"
    work.mkdir()
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(outside / "info.txt")}),
        text_turn("Done."),
    ]})
    opts = ClaudeAgentOptions(cwd=str(work), env=server.env(), model="claude-sonnet-4-5", permission_mode="plan")
    messages = [m async for m in query(prompt="Go", options=opts)]
    keys = ("tool_name", "tool_use_id", "decision_reason_type", "decision_reason", "message")
    denied = [{k: m.data.get(k) for k in keys} for m in messages
              if isinstance(m, SystemMessage) and m.subtype == "permission_denied"]
    assert denied == [{
        "tool_name": "Read", "tool_use_id": "toolu_1", "decision_reason_type": "workingDir",
        "decision_reason": "Path is outside allowed working directories",
        "message": f"Claude requested permissions to read from {outside / 'info.txt'}, but you haven't granted it yet.",
    }]


async def test_a_text_after_the_structured_answer_is_the_result(mock_server, tmp_path):
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
    server = mock_server({"responses": [{"content": [
        {"type": "tool_use", "id": "toolu_1", "name": "StructuredOutput", "input": {"answer": "done"}},
        {"type": "text", "text": "After."},
    ]}]})
    messages = await run(server, tmp_path, permission_mode="bypassPermissions",
                         output_format={"type": "json_schema", "schema": schema})
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert result.result == "After."
    assert result.structured_output == {"answer": "done"}
    assert any(isinstance(m, AssistantMessage) for m in messages)
