"""The Python dataclasses against the Rust protocol.

``tests/fixtures/protocol/messages.json`` holds one fully filled message of every kind the Rust
protocol emits (written by ``crates/oxagent/tests/protocol_samples.rs``, which fails when the
file is stale). Each is parsed as the Python face parses it, and:

- every dataclass field is filled from the wire, except the fields oxagent's protocol does not
  carry (listed here, each with why): a key renamed on the Rust side empties a field and fails;
- every wire key is either read into a dataclass or one the documented Python SDK leaves out
  (listed here): a key added on the Rust side must be placed, or it fails.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from claude_agent_sdk import (
    AssistantMessage,
    ResultMessage,
    StreamEvent,
    SystemMessage,
    UserMessage,
)
from claude_agent_sdk._internal.message_parser import parse_message

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "protocol" / "messages.json"
MESSAGES = json.loads(FIXTURE.read_text())["messages"]

# Fields the Python SDK declares that oxagent's protocol does not carry.
NOT_CARRIED = {
    # Set by the reference for prompts sent while another turn ran; oxagent queues prompts.
    "user_message_uuid": "no queued-prompt attribution",
    "user_message_uuids": "no queued-prompt attribution",
}
# The same, for one message type.
NOT_CARRIED_BY_TYPE = {
    # Who authored a prompt; oxagent echoes no prompts back.
    "user": {"origin"},
}

# Wire keys (top level, per message type) the documented Python SDK's parser reads.
READ = {
    "assistant": {"type", "message", "parent_tool_use_id", "error", "session_id", "uuid"},
    "user": {"type", "message", "uuid", "parent_tool_use_id", "tool_use_result"},
    "result": {
        "type", "subtype", "duration_ms", "duration_api_ms", "is_error", "num_turns",
        "session_id", "stop_reason", "total_cost_usd", "usage", "result", "structured_output",
        "modelUsage", "permission_denials", "errors", "api_error_status", "uuid",
        "terminal_reason", "origin", "deferred_tool_use",
    },
    "stream_event": {"type", "uuid", "session_id", "event", "parent_tool_use_id"},
}

# Wire keys the documented Python SDK leaves out of its dataclasses (the TS SDK has them).
DROPPED = {
    "assistant": {
        "is_api_error_message", "api_error_status", "api_error_type", "local_command_source",
        "local_command_run", "local_command_outcome", "tool_use_meta",
        "agent_id", "subagent_type", "task_description", "thinking_display",
    },
    "user": {"isSynthetic", "isReplay", "session_id", "agent_id", "subagent_type", "task_description"},
    "result": {
        "api_error_type", "local_command", "fast_mode_state", "fast_mode_disabled_reason",
        "queued_turn_count", "result_index", "begun_message_ids",
    },
    "stream_event": {"thinking_display", "api_message_id"},
}

# Fields a sample leaves empty on purpose (the other sample of its kind fills them).
EMPTY_BY_KIND = {
    ("result", "success"): {"errors"},
    ("result", "error_max_turns"): {
        "result", "structured_output", "api_error_status", "deferred_tool_use",
    },
}


def _ids(m: dict) -> str:
    return m["type"] + (f"/{m['subtype']}" if "subtype" in m else "")


@pytest.mark.parametrize("wire", MESSAGES, ids=[_ids(m) for m in MESSAGES])
def test_every_field_is_fed_and_every_key_placed(wire: dict) -> None:
    parsed = parse_message(wire)
    assert parsed is not None, f"{_ids(wire)} is skipped by the parser"
    kind = wire["type"]
    if kind == "system":
        assert isinstance(parsed, SystemMessage)
        assert parsed.subtype == wire["subtype"]
        assert parsed.data == wire
        return
    cls = {
        "assistant": AssistantMessage,
        "user": UserMessage,
        "result": ResultMessage,
        "stream_event": StreamEvent,
    }[kind]
    assert isinstance(parsed, cls)
    empty_ok = (
        set(NOT_CARRIED)
        | NOT_CARRIED_BY_TYPE.get(kind, set())
        | EMPTY_BY_KIND.get((kind, wire.get("subtype")), set())
    )
    empty = {
        f.name
        for f in dataclasses.fields(parsed)
        if getattr(parsed, f.name) is None and f.name not in empty_ok
    }
    assert not empty, f"{cls.__name__} fields the Rust protocol does not feed: {sorted(empty)}"
    unplaced = set(wire) - READ[kind] - DROPPED[kind]
    assert not unplaced, f"{kind} keys the Python face neither reads nor knowingly drops: {sorted(unplaced)}"


def test_every_kind_of_message_is_sampled() -> None:
    kinds = {_ids(m) for m in MESSAGES}
    for kind in ("assistant", "user", "result/success", "stream_event", "system/init"):
        assert kind in kinds
