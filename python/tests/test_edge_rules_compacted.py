"""Rules of a fourth batch of probes (tests/conformance/edges pk_, kr_; fuzz-g/fg_180,
fuzz-d/fd_356), through the Python face against ``oxagent mock-server``: what a compaction leaves
counted as read, when an automatic compaction keeps its latest round, and the transcript row of a
refusal no other model takes over."""

from __future__ import annotations

import json

import pytest
from conftest import run_query as run, requires_native, text_turn, tool_turn

from claude_agent_sdk import SystemMessage, UserMessage

pytestmark = [requires_native, pytest.mark.anyio]

SUMMARY = {"content": [{"type": "text", "text": "<summary>\nS.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far"}
TOO_LONG = {"error": {"status": 400, "type": "invalid_request_error",
                      "message": "prompt is too long: 210000 tokens > 200000 maximum"}}


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    (path / "notes.txt").write_text("workspace notes\n")
    return path


def results(messages):
    return {b.tool_use_id: b.content for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if hasattr(b, "tool_use_id")}


def boundaries(messages):
    return [m.data["compact_metadata"] for m in messages
            if isinstance(m, SystemMessage) and m.subtype == "compact_boundary"]


async def test_a_compaction_leaves_only_the_latest_files_not_read_in_the_kept_round_as_read(mock_server, work):
    responses = []
    for k, name in enumerate("abcdef"):
        responses.append(tool_turn(f"toolu_w{k}", "Write", {"file_path": str(work / f"{name}.txt"), "content": "one\n"}))
        responses.append(tool_turn(f"toolu_s{k}", "Bash", {"command": "sleep 0.05"}))
    # a.txt is read again (its modification time stays the oldest), notes.txt in part.
    responses.append(tool_turn("toolu_ra", "Read", {"file_path": str(work / "a.txt")}))
    responses.append(tool_turn("toolu_rn", "Read", {"file_path": str(work / "notes.txt"), "offset": 1, "limit": 1}))
    responses.append(tool_turn("toolu_k", "Bash", {"command": "echo kept"},
                               usage={"input_tokens": 267010, "output_tokens": 20}))
    edits = [{"type": "tool_use", "id": f"toolu_e{name}", "name": "Edit",
              "input": {"file_path": str(work / f"{name}.txt"), "old_string": "one", "new_string": "two"}}
             for name in "abcdef"]
    responses += [SUMMARY, {"content": edits}, text_turn("Done.")]
    server = mock_server({"responses": responses})
    messages = await run(server, work, env={"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300000"}, model="claude-opus-4-6")
    [boundary] = boundaries(messages)
    assert boundary["trigger"] == "auto" and boundary["preserved_segment"]
    got = results(messages)
    refused = "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"
    assert got["toolu_ea"] == refused
    for name in "bcdef":
        assert got[f"toolu_e{name}"].startswith(f"The file {work / name}.txt has been updated successfully.")
    assert (work / "a.txt").read_text() == "one\n" and (work / "f.txt").read_text() == "two\n"


def second_compaction(rounds, tokens, refused=False):
    responses = [tool_turn("toolu_1", "Bash", {"command": "echo one"}, usage={"input_tokens": 100, "output_tokens": 20}),
                 tool_turn("toolu_2", "Bash", {"command": "echo two"}, usage={"input_tokens": 200, "output_tokens": 20}),
                 TOO_LONG, SUMMARY]
    for k in range(rounds):
        usage = {"input_tokens": tokens if k == rounds - 1 else 300, "output_tokens": 20}
        responses.append(tool_turn(f"toolu_r{k}", "Bash", {"command": f"echo r{k}"}, usage=usage))
    return responses + ([TOO_LONG] if refused else []) + [SUMMARY, text_turn("Finished.")]


@pytest.mark.parametrize("rounds,tokens,refused,kept", [
    (2, 967010, False, False),  # filled again within three rounds: every round summarized
    (3, 967010, False, True),  # three rounds later: the latest round kept
    (2, 980000, False, True),  # at the size requests are refused unsent: kept
    (2, 600, True, True),  # refused as too long: kept, and a second reactive compaction runs
])
async def test_an_automatic_compaction_soon_after_another_summarizes_every_round(mock_server, work, rounds, tokens,
                                                                                 refused, kept):
    server = mock_server({"responses": second_compaction(rounds, tokens, refused)})
    messages = await run(server, work, model="opus", env={"CLAUDE_CODE_MAX_RETRIES": "0"})
    first, second = boundaries(messages)
    assert first["preserved_segment"] is not None
    assert (second.get("preserved_segment") is not None) == kept
    assert messages[-1].result == "Finished." and not messages[-1].is_error


async def test_a_refusal_no_other_model_takes_over_is_a_transcript_row(mock_server, work):
    refusal = {"content": [{"type": "text", "text": "Partial"}], "stop_reason": "refusal"}
    server = mock_server({"responses": [refusal, refusal, text_turn("later")]})
    messages = await run(server, work, model="claude-sonnet-4-5")
    notice = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "model_refusal_no_fallback")
    session = messages[-1].session_id
    [path] = (work.parent / "home" / ".claude" / "projects").glob(f"*/{session}.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    [row] = [r for r in rows if r.get("subtype") == "model_refusal_no_fallback"]
    assert row["type"] == "system" and row["level"] == "warning" and row["content"] == ""
    assert row["originalModel"] == "claude-sonnet-4-5"
    assert row["refusedUserMessageUuid"] == notice.data["refused_user_message_uuid"]
    # The message shown for the refused answer goes on from it.
    after = rows[rows.index(row) + 1]
    assert after["parentUuid"] == row["uuid"] and after["type"] == "assistant"


async def test_the_third_compaction_in_a_row_soon_after_the_last_ends_the_turn(mock_server, work):
    def bash(i, tokens):
        return tool_turn(f"toolu_{i}", "Bash", {"command": f"echo {i}"}, usage={"input_tokens": tokens, "output_tokens": 20})
    responses = [bash(1, 100), bash(2, 967010), SUMMARY, bash(3, 967010), SUMMARY, bash(4, 967010), SUMMARY,
                 bash(5, 967010), SUMMARY, text_turn("Finished.")]
    server = mock_server({"responses": responses})
    messages = await run(server, work, model="opus", env={"CLAUDE_CODE_MAX_RETRIES": "0"})
    assert len(boundaries(messages)) == 3
    thrash = ("Autocompact is thrashing: the context refilled to the limit within 3 turns of the previous compact, "
              "3 times in a row.")
    result = messages[-1]
    assert result.is_error and result.subtype == "success" and result.result.startswith(thrash)
    assert result.stop_reason == "stop_sequence"
    shown = messages[-2]
    assert shown.model == "<synthetic>" and shown.error == "invalid_request"
    assert shown.content[0].text == result.result
    # No fourth summary was asked for.
    summaries = [r for r in server.requests() if "Your task is to create a detailed summary" in json.dumps(r)]
    assert len(summaries) == 3
