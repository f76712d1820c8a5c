"""parse_message: the official parser's mapping, over frames of the TypeScript wire shape."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import SHARED

from claude_agent_sdk import (
    AssistantMessage,
    ConversationResetMessage,
    HookEventMessage,
    RateLimitEvent,
    ResultMessage,
    ServerToolResultBlock,
    ServerToolUseBlock,
    StreamEvent,
    SystemMessage,
    TaskNotificationMessage,
    TaskProgressMessage,
    TaskStartedMessage,
    TaskUpdatedMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
)
from claude_agent_sdk._errors import MessageParseError
from claude_agent_sdk._internal.message_parser import parse_message


def assistant(*blocks, **top):
    return {
        "type": "assistant",
        "message": {"id": "msg_1", "model": "claude-x", "content": list(blocks), "stop_reason": None,
                    "usage": {"input_tokens": 3, "output_tokens": 1}},
        "parent_tool_use_id": None,
        "session_id": "s1",
        "uuid": "u1",
        **top,
    }


def test_assistant_blocks_and_fields():
    m = parse_message(assistant(
        {"type": "thinking", "thinking": "hm", "signature": "sig"},
        {"type": "redacted_thinking", "data": "x"},
        {"type": "text", "text": "hi"},
        {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}},
        {"type": "server_tool_use", "id": "s1", "name": "advisor", "input": {}},
        {"type": "advisor_tool_result", "tool_use_id": "s1", "content": {"k": 1}},
        {"type": "web_search_tool_result", "tool_use_id": "s1", "content": []},
    ))
    assert m == AssistantMessage(
        content=[
            ThinkingBlock("hm", "sig"),
            TextBlock("hi"),
            ToolUseBlock("t1", "Bash", {"command": "ls"}),
            ServerToolUseBlock("s1", "advisor", {}),
            ServerToolResultBlock("s1", {"k": 1}),
        ],
        model="claude-x",
        usage={"input_tokens": 3, "output_tokens": 1},
        message_id="msg_1",
        session_id="s1",
        uuid="u1",
    )


def test_user_string_and_blocks():
    m = parse_message({"type": "user", "message": {"role": "user", "content": "hello"}, "uuid": "u"})
    assert m == UserMessage(content="hello", uuid="u")
    m = parse_message({
        "type": "user",
        "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "ok", "is_error": False},
            {"type": "image", "source": {}},
            {"type": "text", "text": "t"},
        ]},
        "parent_tool_use_id": "p",
        "tool_use_result": {"stdout": "ok"},
        "origin": {"kind": "human"},
    })
    assert m == UserMessage(
        content=[ToolResultBlock("t1", "ok", False), TextBlock("t")],
        parent_tool_use_id="p",
        tool_use_result={"stdout": "ok"},
        origin={"kind": "human"},
    )
    bad_origin = parse_message({"type": "user", "message": {"content": "x"}, "origin": {"kind": 3}})
    assert bad_origin.origin is None


def test_system_keeps_whole_frame():
    frame = {"type": "system", "subtype": "init", "cwd": "/w", "tools": ["Read"], "session_id": "s"}
    m = parse_message(frame)
    assert type(m) is SystemMessage and m.subtype == "init" and m.data is frame


def test_task_messages_are_system_subclasses():
    base = {"type": "system", "uuid": "u", "session_id": "s", "task_id": "t", "description": "d"}
    started = parse_message({**base, "subtype": "task_started", "task_type": "local_agent"})
    assert isinstance(started, TaskStartedMessage) and isinstance(started, SystemMessage)
    assert started.task_type == "local_agent" and started.data["task_id"] == "t"
    usage = {"total_tokens": 1, "tool_uses": 0, "duration_ms": 5}
    progress = parse_message({**base, "subtype": "task_progress", "usage": usage})
    assert isinstance(progress, TaskProgressMessage) and progress.usage == usage
    note = parse_message({**base, "subtype": "task_notification", "status": "completed",
                          "output_file": "/o", "summary": "done"})
    assert isinstance(note, TaskNotificationMessage) and note.summary == "done"
    updated = parse_message({"type": "system", "subtype": "task_updated", "patch": "junk"})
    assert updated == TaskUpdatedMessage(subtype="task_updated", data=updated.data, task_id="",
                                         patch={})
    with pytest.raises(MessageParseError, match="Missing required field in system message"):
        parse_message({"type": "system", "subtype": "task_started"})


def test_hook_events_before_type_check():
    m = parse_message({"type": "system", "subtype": "hook_response", "hook_name": "PreToolUse",
                       "session_id": "s", "uuid": "u", "output": "{}"})
    assert isinstance(m, HookEventMessage) and m.hook_event_name == "PreToolUse"
    assert m.session_id == "s" and m.data["output"] == "{}"


def test_result_maps_model_usage_and_deferred():
    m = parse_message({
        "type": "result", "subtype": "success", "duration_ms": 5, "duration_api_ms": 4,
        "is_error": False, "num_turns": 1, "session_id": "s", "result": "done",
        "modelUsage": {"m": {"inputTokens": 1}}, "total_cost_usd": 0.5,
        "deferred_tool_use": {"id": "t", "name": "Bash", "input": {}},
        "terminal_reason": "completed", "unknown_key": 1,
    })
    assert isinstance(m, ResultMessage)
    assert m.model_usage == {"m": {"inputTokens": 1}} and m.deferred_tool_use.name == "Bash"
    assert m.terminal_reason == "completed" and m.total_cost_usd == 0.5
    with pytest.raises(MessageParseError, match="Missing required field in result message"):
        parse_message({"type": "result", "subtype": "success"})


def test_stream_rate_limit_and_reset():
    ev = parse_message({"type": "stream_event", "uuid": "u", "session_id": "s",
                        "event": {"type": "message_stop"}})
    assert ev == StreamEvent(uuid="u", session_id="s", event={"type": "message_stop"})
    info = {"status": "allowed_warning", "resetsAt": 10, "rateLimitType": "five_hour",
            "utilization": 0.9}
    rl = parse_message({"type": "rate_limit_event", "rate_limit_info": info, "uuid": "u",
                        "session_id": "s"})
    assert isinstance(rl, RateLimitEvent) and rl.rate_limit_info.resets_at == 10
    assert rl.rate_limit_info.rate_limit_type == "five_hour" and rl.rate_limit_info.raw == info
    reset = parse_message({"type": "conversation_reset", "new_conversation_id": "n", "uuid": "u",
                           "session_id": "s"})
    assert reset == ConversationResetMessage("n", "u", "s")


def test_unknown_and_invalid_frames():
    assert parse_message({"type": "command_lifecycle"}) is None
    assert parse_message({"type": "keep_alive"}) is None
    with pytest.raises(MessageParseError, match="missing 'type'"):
        parse_message({"message": {}})
    with pytest.raises(MessageParseError, match="expected dict"):
        parse_message(["not", "a", "dict"])
    with pytest.raises(MessageParseError, match="expected list"):
        parse_message({"type": "assistant", "message": {"model": "m", "content": "text"}})
    with pytest.raises(MessageParseError, match="Missing required field in assistant message"):
        parse_message(assistant({"type": "thinking", "thinking": "no signature"}))
    with pytest.raises(MessageParseError) as info:
        parse_message(assistant("not a block"))
    assert info.value.data["type"] == "assistant"


def _golden_pairs():
    ts_dir, py_dir = SHARED / "conformance/golden-ts", SHARED / "conformance/golden"
    if not ts_dir.is_dir():
        return []
    pairs = []
    for ts_file in sorted(ts_dir.glob("*.json")):
        py_file = py_dir / ts_file.name
        if py_file.is_file():
            pairs.append(pytest.param(ts_file, py_file, id=ts_file.stem))
    return pairs


def _summary(obj):
    """Class names and the fields both traces keep, to compare a parse with the reference."""
    if isinstance(obj, dict) and "type" in obj and obj["type"][:1].isupper():
        kind = obj["type"]
        keep = {k: v for k, v in obj.items() if k in ("subtype", "text", "id", "name", "input",
                                                       "tool_use_id", "is_error", "num_turns",
                                                       "result", "thinking", "model")}
        if "content" in obj:
            keep["content"] = _summary(obj["content"])
        return {"class": kind, **keep}
    if isinstance(obj, list):
        return [_summary(o) for o in obj]
    if dataclasses.is_dataclass(obj):
        d = {"type": type(obj).__name__, **{f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}}
        if "content" in d and isinstance(d["content"], list):
            d["content"] = [{"type": type(b).__name__, **dataclasses.asdict(b)} for b in d["content"]]
        return _summary(d)
    return obj


@pytest.mark.parametrize("ts_file,py_file", _golden_pairs())
def test_parse_matches_reference_traces(ts_file, py_file):
    """Each TS-shaped frame recorded from the reference CLI parses into the class (and kept
    fields) the official Python SDK produced for the same scenario."""
    ts = json.loads(ts_file.read_text())["messages"]
    py = json.loads(py_file.read_text())["messages"]
    parsed = []
    for frame in ts:
        # Normalization dropped the keys that vary between runs; put placeholders back.
        frame = {"uuid": "u", "session_id": "s", **frame}
        if frame.get("type") == "result":
            frame = {"duration_ms": 0, "duration_api_ms": 0, **frame}
        m = parse_message(frame)
        if m is not None:
            parsed.append(m)
    if len(parsed) != len(py):
        pytest.skip(f"{ts_file.stem}: the TS and Python streams differ in length (documented)")
    assert [_summary(m) for m in parsed] == [_summary(m) for m in py]
