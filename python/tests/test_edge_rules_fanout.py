"""Rules of a third batch of probes (tests/conformance/edges, fuzz seeds), through the Python face
against ``oxagent mock-server``: the results of calls made together read back after a resume at
an earlier message, the token budget counted on across a compaction, and what a compaction keeps
of a prompt and of the output limit's nudge."""

from __future__ import annotations

import json

import pytest
from conftest import run_query as run, requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AgentDefinition,
    HookMatcher,
    StreamEvent,
    SystemMessage,
    TaskStartedMessage,
)

pytestmark = [requires_native, pytest.mark.anyio]

SUMMARY = {"content": [{"type": "text", "text": "<summary>\nS.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far"}


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    (path / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    return path




def blocks_of(request, kind):
    return [b for m in request["messages"] if isinstance(m["content"], list) for b in m["content"]
            if b.get("type") == kind]


def transcript(work, session):
    [path] = (work.parent / "home" / ".claude" / "projects").glob(f"*/{session}.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_results_of_calls_made_together_come_back_after_a_resume_at_the_first_call(mock_server, work):
    together = {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "sleep 0.3; echo one"}},
                            {"type": "tool_use", "id": "toolu_2", "name": "Read",
                             "input": {"file_path": str(work / "notes.txt")}}]}
    server = mock_server({"responses": [together, text_turn("Done."), text_turn("ok"), text_turn("ok")]})
    one = await run(server, work)
    session = one[-1].session_id
    # Each result row points back at its own call's row.
    rows = {r["uuid"]: r for r in transcript(work, session) if r.get("uuid")}
    for row in rows.values():
        if row.get("type") == "user" and isinstance(row["message"]["content"], list):
            source = row.get("sourceToolAssistantUUID")
            if source:
                assert row["parentUuid"] == source
                call = rows[source]["message"]["content"][0]["id"]
                assert row["message"]["content"][0]["tool_use_id"] == call
    first_call = one[1].uuid
    cut = await run(server, work, prompt="Next", resume=session, resume_session_at=first_call)
    assert [b["id"] for b in blocks_of(server.requests()[-1], "tool_use")] == ["toolu_1"]
    assert isinstance(cut[-1].result, str)
    await run(server, work, prompt="Again", resume=session)
    last = server.requests()[-1]
    assert [b["id"] for b in blocks_of(last, "tool_use")] == ["toolu_1", "toolu_2"]
    assert [b["content"] for b in blocks_of(last, "tool_result")][0] == "one"


async def test_the_token_budget_counts_what_a_compaction_left_behind(mock_server, work):
    grep = {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "echo a"}}],
            "usage": {"input_tokens": 267100, "output_tokens": 50, "cache_read_input_tokens": 10000}}
    after = {"content": [{"type": "tool_use", "id": "toolu_2", "name": "Bash", "input": {"command": "echo b"}}],
             "usage": {"input_tokens": 200, "output_tokens": 20}}
    server = mock_server({"responses": [grep, SUMMARY, after, text_turn("Finished.")]})
    env = {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300000"}
    await run(server, work, env=env, model="claude-sonnet-4-5")
    results = blocks_of(server.requests()[-1], "tool_result")
    # 277,150 before the compaction, 220 after it.
    assert "<total_tokens>14722630 tokens left</total_tokens>" in results[-1]["content"]


async def test_a_compaction_keeping_a_prompt_lists_it_and_its_budget_mark(mock_server, work):
    read = tool_turn("toolu_1", "Read", {"file_path": str(work / "notes.txt")})
    too_long = {"error": {"status": 400, "type": "invalid_request_error",
                          "message": "prompt is too long: 210000 tokens > 200000 maximum"}}
    server = mock_server({"responses": [read, read, too_long, SUMMARY, text_turn("Done.")]})
    env = {"CLAUDE_CODE_MAX_RETRIES": "0"}
    one = await run(server, work, env=env, model="claude-haiku-5-5", max_turns=2)
    two = await run(server, work, prompt="Branch off", env=env, model="claude-haiku-5-5", resume=one[-1].session_id)
    boundary = next(m for m in two if isinstance(m, SystemMessage) and m.subtype == "compact_boundary")
    kept = boundary.data["compact_metadata"]["preserved_messages"]["uuids"]
    rows = {r["uuid"]: r for r in transcript(work, one[-1].session_id) if r.get("uuid")}
    kinds = [(rows[u]["type"], (rows[u].get("attachment") or {}).get("type")) for u in kept]
    prompt = next(i for i, u in enumerate(kept) if rows[u].get("message", {}).get("content") == "Branch off")
    assert kinds[prompt + 1] == ("attachment", "total_tokens_reminder")
    assert rows[kept[prompt + 1]]["attachment"]["text"] == "<total_tokens>15000000 tokens left</total_tokens>"


@pytest.mark.parametrize(("hooks", "after"), [(False, "content_block_stop"), (True, "message_delta")])
async def test_an_agent_started_as_its_call_streams_waits_an_event_when_hooks_are_set(mock_server, work, hooks, after):
    call = {"content": [{"type": "text", "text": "Delegating."},
                        {"type": "tool_use", "id": "toolu_1", "name": "Agent",
                         "input": {"description": "Task 1", "prompt": "SUB-PROMPT", "subagent_type": "scout",
                                   "run_in_background": False}}],
            "chunk": 4096}
    server = mock_server({"responses": [call, {"match": "SUB-PROMPT", **text_turn("SUB-ANSWER")},
                                        {"match": "SUB-ANSWER", **text_turn("Done.")}]})

    async def log(input_data, tool_use_id, context):
        return {}

    options = {"agents": {"scout": AgentDefinition(description="Looks around.", prompt="SCOUT")},
               "include_partial_messages": True}
    if hooks:
        options["hooks"] = {"PreToolUse": [HookMatcher(matcher="Bash", hooks=[log])]}
    messages = await run(server, work, **options)
    at = next(i for i, m in enumerate(messages) if isinstance(m, TaskStartedMessage))
    before = messages[at - 1]
    assert isinstance(before, StreamEvent) and before.event["type"] == after
    stop = next(i for i, m in enumerate(messages) if isinstance(m, StreamEvent) and m.event["type"] == "message_stop")
    assert at < stop
