"""Rules found by probing one input at a time (tests/conformance/edges), through the Python
face against ``oxagent mock-server``: the request refused before it is sent at the blocking
limit, ``CLAUDE_CODE_MAX_OUTPUT_TOKENS``, the first cut of a reactive compaction, a call to an
unknown tool behind a writing call, a PreCompact warning before the status of an automatic
compaction, and an Edit rule for a file outside lifting the refusal to change it unread."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    HookMatcher,
    ResultError,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]

SUMMARY = {"content": [{"type": "text", "text": "<summary>\nS.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far"}


async def run(server, work, env=None, **options):
    opts = ClaudeAgentOptions(cwd=str(work), env={**server.env(), "HOME": str(work.parent / "home"), **(env or {})},
                              permission_mode="bypassPermissions", **options)
    messages = []
    try:
        async for m in query(prompt="Go", options=opts):
            messages.append(m)
    except ResultError:
        pass
    return messages


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    (path / "notes.txt").write_text("alpha\nbeta\n")
    return path


def read(work, i, tokens):
    return tool_turn(f"toolu_{i}", "Read", {"file_path": str(work / "notes.txt")},
                     usage={"input_tokens": tokens, "output_tokens": 50})


async def test_a_context_at_the_blocking_limit_is_refused_before_the_request(mock_server, work):
    server = mock_server({"responses": [read(work, 1, 177_100), text_turn("Done.")]})
    messages = await run(server, work, env={"DISABLE_AUTO_COMPACT": "1"}, model="claude-sonnet-4-6")
    answer, result = messages[-2], messages[-1]
    assert isinstance(answer, AssistantMessage) and answer.model == "<synthetic>"
    assert answer.error == "invalid_request"
    assert isinstance(result, ResultMessage) and result.is_error
    assert (result.result, result.terminal_reason, result.api_error_status) == ("Prompt is too long", "blocking_limit", None)
    # Only the first request went out.
    assert len(server.requests()) == 1


async def test_below_the_limit_the_request_goes_out(mock_server, work):
    server = mock_server({"responses": [read(work, 1, 176_000), text_turn("Done.")]})
    messages = await run(server, work, env={"DISABLE_AUTO_COMPACT": "1"}, model="claude-sonnet-4-6")
    assert messages[-1].result == "Done." and len(server.requests()) == 2


@pytest.mark.parametrize(("value", "model", "max_tokens", "budget"), [
    ("4000", "claude-haiku-4-5", 4000, 3999),
    (" 9000.5", "claude-haiku-4-5", 9000, 8999),
    ("100000000", "claude-haiku-4-5", 64000, 63999),
    ("100000000", "claude-sonnet-4-6", 128000, None),
    ("abc", "claude-haiku-4-5", 32000, 31999),
    ("1", "claude-haiku-4-5", 1, 1024),
])
async def test_max_output_tokens_from_the_environment(mock_server, work, value, model, max_tokens, budget):
    server = mock_server({"responses": [text_turn("ok")]})
    await run(server, work, env={"CLAUDE_CODE_MAX_OUTPUT_TOKENS": value}, model=model)
    body = server.requests()[0]
    assert body["max_tokens"] == max_tokens
    assert body["thinking"].get("budget_tokens") == budget


async def test_a_reactive_compaction_without_numbers_summarizes_all_but_the_latest_round(mock_server, work):
    too_long = {"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": "prompt is too long"}}
    server = mock_server({"responses": [read(work, i, 100 * i) for i in range(1, 5)] + [too_long, SUMMARY, text_turn("Done.")]})
    await run(server, work)
    summary = next(r for r in server.requests() if "Your task is to create a detailed summary" in str(r["messages"][-1]))
    calls = [b["id"] for t in summary["messages"] if t["role"] == "assistant" for b in t["content"] if b["type"] == "tool_use"]
    assert calls == ["toolu_1", "toolu_2", "toolu_3"]


async def test_an_unknown_tool_behind_a_write_takes_the_token_reminder(mock_server, work):
    calls = {"content": [
        {"type": "tool_use", "id": "toolu_1", "name": "Write", "input": {"file_path": str(work / "out.txt"), "content": "x\n"}},
        {"type": "tool_use", "id": "toolu_2", "name": "Frobnicate", "input": {}},
    ]}
    server = mock_server({"responses": [calls, text_turn("Done.")]})
    await run(server, work, model="claude-sonnet-4-5")
    results = server.requests()[1]["messages"][-1]["content"]
    texts = {b["tool_use_id"]: b["content"] if isinstance(b["content"], str) else str(b["content"]) for b in results if b["type"] == "tool_result"}
    assert "<total_tokens>" not in texts["toolu_1"]
    assert "<total_tokens>" in texts["toolu_2"]


async def test_an_automatic_compaction_warns_of_an_unfit_precompact_answer_before_its_status(mock_server, work):
    async def unfit(_input, _id, _ctx):
        return {"hookSpecificOutput": {"hookEventName": "PreCompact", "additionalContext": "x"}}

    server = mock_server({"responses": [read(work, 1, 100), read(work, 2, 490_100), SUMMARY, text_turn("Done.")]})
    messages = await run(server, work, env={"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"},
                         hooks={"PreCompact": [HookMatcher(hooks=[unfit])]})
    seq = [(m.subtype, m.data.get("status"), m.data.get("compact_result"), m.data.get("tag"))
           for m in messages if isinstance(m, SystemMessage) and m.subtype in ("status", "informational")]
    assert seq == [("status", "compacting", None, None),
                   ("informational", None, None, "hook_callback_failed"),
                   ("status", None, "success", None)]


@pytest.mark.parametrize(("rules", "changed"), [(["Edit(/{out}/**)"], True), (["Write(/{out}/**)"], False), ([], False)])
async def test_an_edit_rule_for_an_outside_file_lifts_the_read_first_refusal(mock_server, work, rules, changed):
    outside = work.parent / "outside"
    outside.mkdir()
    (outside / "other.txt").write_text("other\n")
    call = tool_turn("toolu_1", "Edit", {"file_path": "../outside/other.txt", "old_string": "other", "new_string": "changed"})
    server = mock_server({"responses": [call, text_turn("Done.")]})
    opts = ClaudeAgentOptions(cwd=str(work), env={**server.env(), "HOME": str(work.parent / "home")},
                              permission_mode="default", allowed_tools=[r.format(out=outside) for r in rules])
    messages = [m async for m in query(prompt="Go", options=opts)]
    result = next(b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                  for b in m.content if isinstance(b, ToolResultBlock))
    assert (outside / "other.txt").read_text() == ("changed\n" if changed else "other\n")
    if not changed:
        assert "File has not been read yet" in str(result.content)
