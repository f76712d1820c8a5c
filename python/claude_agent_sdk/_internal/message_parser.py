"""Wire frame -> message dataclass, with the official parser's rules.

- unknown top-level ``type`` -> ``None`` (skipped, forward compatible);
- unknown content block types are dropped (user: only text / tool_use / tool_result are
  kept; assistant: also thinking, server_tool_use and advisor_tool_result);
- a missing required key -> ``MessageParseError("Missing required field in <kind> message:
  '<key>'")``.

    >>> parse_message({"type": "assistant", "message": {"model": "m", "content": []}})
    AssistantMessage(content=[], model='m', ...)
"""

from __future__ import annotations

from typing import Any

from .._errors import MessageParseError
from .._messages import (
    AssistantMessage,
    ContentBlock,
    ConversationResetMessage,
    DeferredToolUse,
    HookEventMessage,
    Message,
    MirrorErrorMessage,
    RateLimitEvent,
    RateLimitInfo,
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

_HOOK_EVENT_SUBTYPES = ("hook_started", "hook_response")


def _origin(data: dict[str, Any]) -> Any:
    origin = data.get("origin")
    if isinstance(origin, dict) and isinstance(origin.get("kind"), str):
        return origin
    return None


def _block_dict(block: Any, data: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(block, dict):
        raise MessageParseError(
            f"Invalid content block (expected dict, got {type(block).__name__})", data
        )
    return block


def _common_block(block: dict[str, Any]) -> ContentBlock | None:
    kind = block["type"]
    if kind == "text":
        return TextBlock(text=block["text"])
    if kind == "tool_use":
        return ToolUseBlock(id=block["id"], name=block["name"], input=block["input"])
    if kind == "tool_result":
        return ToolResultBlock(
            tool_use_id=block["tool_use_id"],
            content=block.get("content"),
            is_error=block.get("is_error"),
        )
    return None


def _assistant_block(block: dict[str, Any]) -> Any:
    kind = block["type"]
    if kind == "thinking":
        return ThinkingBlock(thinking=block["thinking"], signature=block["signature"])
    if kind == "server_tool_use":
        return ServerToolUseBlock(id=block["id"], name=block["name"], input=block["input"])
    if kind == "advisor_tool_result":
        return ServerToolResultBlock(tool_use_id=block["tool_use_id"], content=block["content"])
    return _common_block(block)


def _user(data: dict[str, Any]) -> UserMessage:
    content = data["message"]["content"]
    if isinstance(content, list):
        blocks = []
        for raw in content:
            block = _common_block(_block_dict(raw, data))
            if block is not None:
                blocks.append(block)
        content = blocks
    return UserMessage(
        content=content,
        uuid=data.get("uuid"),
        parent_tool_use_id=data.get("parent_tool_use_id"),
        tool_use_result=data.get("tool_use_result"),
        origin=_origin(data),
    )


def _assistant(data: dict[str, Any]) -> AssistantMessage:
    message = data["message"]
    raw_content = message["content"]
    if not isinstance(raw_content, list):
        raise MessageParseError(
            f"Invalid assistant content (expected list, got {type(raw_content).__name__})", data
        )
    blocks = []
    for raw in raw_content:
        block = _assistant_block(_block_dict(raw, data))
        if block is not None:
            blocks.append(block)
    return AssistantMessage(
        content=blocks,
        model=message["model"],
        parent_tool_use_id=data.get("parent_tool_use_id"),
        error=data.get("error"),
        usage=message.get("usage"),
        message_id=message.get("id"),
        stop_reason=message.get("stop_reason"),
        session_id=data.get("session_id"),
        uuid=data.get("uuid"),
        user_message_uuid=data.get("user_message_uuid"),
        user_message_uuids=data.get("user_message_uuids"),
    )


def _system(data: dict[str, Any]) -> SystemMessage:
    subtype = data["subtype"]
    if subtype == "task_started":
        return TaskStartedMessage(
            subtype=subtype,
            data=data,
            task_id=data["task_id"],
            description=data["description"],
            uuid=data["uuid"],
            session_id=data["session_id"],
            tool_use_id=data.get("tool_use_id"),
            task_type=data.get("task_type"),
        )
    if subtype == "task_progress":
        return TaskProgressMessage(
            subtype=subtype,
            data=data,
            task_id=data["task_id"],
            description=data["description"],
            usage=data["usage"],
            uuid=data["uuid"],
            session_id=data["session_id"],
            tool_use_id=data.get("tool_use_id"),
            last_tool_name=data.get("last_tool_name"),
        )
    if subtype == "task_notification":
        return TaskNotificationMessage(
            subtype=subtype,
            data=data,
            task_id=data["task_id"],
            status=data["status"],
            output_file=data["output_file"],
            summary=data["summary"],
            uuid=data["uuid"],
            session_id=data["session_id"],
            tool_use_id=data.get("tool_use_id"),
            usage=data.get("usage"),
        )
    if subtype == "task_updated":
        # Never raises: a lifecycle patch may lack any of its keys.
        patch = data.get("patch")
        patch = patch if isinstance(patch, dict) else {}
        return TaskUpdatedMessage(
            subtype=subtype,
            data=data,
            task_id=data.get("task_id", ""),
            patch=patch,
            status=patch.get("status"),
            session_id=data.get("session_id"),
            uuid=data.get("uuid"),
        )
    if subtype == "mirror_error":
        key = data.get("key")
        if isinstance(key, dict) and "projectKey" in key:
            # The core's wire key is the TypeScript SDK's; the Python SDK's is snake_case.
            key = {"project_key": key.get("projectKey"), "session_id": key.get("sessionId"),
                   **({"subpath": key["subpath"]} if key.get("subpath") else {})}
            data = {**data, "key": key}
        return MirrorErrorMessage(subtype=subtype, data=data, key=key, error=data.get("error", ""))
    return SystemMessage(subtype=subtype, data=data)


def _result(data: dict[str, Any]) -> ResultMessage:
    deferred = data.get("deferred_tool_use")
    return ResultMessage(
        subtype=data["subtype"],
        duration_ms=data["duration_ms"],
        duration_api_ms=data["duration_api_ms"],
        is_error=data["is_error"],
        num_turns=data["num_turns"],
        session_id=data["session_id"],
        stop_reason=data.get("stop_reason"),
        total_cost_usd=data.get("total_cost_usd"),
        usage=data.get("usage"),
        result=data.get("result"),
        structured_output=data.get("structured_output"),
        model_usage=data.get("modelUsage"),
        permission_denials=data.get("permission_denials"),
        deferred_tool_use=(
            DeferredToolUse(id=deferred["id"], name=deferred["name"], input=deferred["input"])
            if deferred
            else None
        ),
        errors=data.get("errors"),
        api_error_status=data.get("api_error_status"),
        uuid=data.get("uuid"),
        terminal_reason=data.get("terminal_reason"),
        origin=_origin(data),
        user_message_uuid=data.get("user_message_uuid"),
        user_message_uuids=data.get("user_message_uuids"),
    )


def _stream_event(data: dict[str, Any]) -> StreamEvent:
    return StreamEvent(
        uuid=data["uuid"],
        session_id=data["session_id"],
        event=data["event"],
        parent_tool_use_id=data.get("parent_tool_use_id"),
        user_message_uuid=data.get("user_message_uuid"),
        user_message_uuids=data.get("user_message_uuids"),
    )


def _rate_limit_event(data: dict[str, Any]) -> RateLimitEvent:
    info = data["rate_limit_info"]
    return RateLimitEvent(
        rate_limit_info=RateLimitInfo(
            status=info["status"],
            resets_at=info.get("resetsAt"),
            rate_limit_type=info.get("rateLimitType"),
            utilization=info.get("utilization"),
            overage_status=info.get("overageStatus"),
            overage_resets_at=info.get("overageResetsAt"),
            overage_disabled_reason=info.get("overageDisabledReason"),
            raw=info,
        ),
        uuid=data["uuid"],
        session_id=data["session_id"],
    )


def _conversation_reset(data: dict[str, Any]) -> ConversationResetMessage:
    return ConversationResetMessage(
        new_conversation_id=data["new_conversation_id"],
        uuid=data["uuid"],
        session_id=data["session_id"],
    )


_PARSERS = {
    "user": _user,
    "assistant": _assistant,
    "system": _system,
    "result": _result,
    "stream_event": _stream_event,
    "rate_limit_event": _rate_limit_event,
    "conversation_reset": _conversation_reset,
}


def parse_message(data: dict[str, Any]) -> Message | None:
    """The message for one wire frame, or ``None`` for a frame type this SDK skips."""
    if not isinstance(data, dict):
        raise MessageParseError(
            f"Invalid message data type (expected dict, got {type(data).__name__})", data
        )
    if data.get("type") == "system" and data.get("subtype") in _HOOK_EVENT_SUBTYPES:
        return HookEventMessage(
            subtype=data["subtype"],
            data=data,
            hook_event_name=(
                data.get("hook_event") or data.get("hook_name") or data.get("hook_event_name") or ""
            ),
            session_id=data.get("session_id"),
            uuid=data.get("uuid"),
        )
    kind = data.get("type")
    if not kind:
        raise MessageParseError("Message missing 'type' field", data)
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        return None
    try:
        return parser(data)
    except KeyError as e:
        raise MessageParseError(f"Missing required field in {kind} message: {e}", data) from e
