"""Messages and content blocks: dataclasses with the official package's fields, order and
defaults (so ``isinstance``, ``==``, ``dataclasses.asdict`` and positional ``match`` work the
same). ``_internal/message_parser.py`` builds them from wire frames."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from ._td_config import (
    AssistantMessageError,
    MessageOrigin,
    ModelUsage,
    RateLimitStatus,
    RateLimitType,
    ServerToolName,
    TaskNotificationStatus,
    TaskUpdatedStatus,
    TaskUsage,
)


# --- content blocks ---------------------------------------------------------------------
@dataclass
class TextBlock:
    text: str


@dataclass
class ThinkingBlock:
    thinking: str
    signature: str


@dataclass
class ToolUseBlock:
    id: str
    name: str
    input: dict[str, Any]


@dataclass
class ToolResultBlock:
    tool_use_id: str
    content: str | list[dict[str, Any]] | None = None
    is_error: bool | None = None


@dataclass
class ServerToolUseBlock:
    """A tool the API ran on its side (web search, code execution, advisor...)."""

    id: str
    name: ServerToolName
    input: dict[str, Any]


@dataclass
class ServerToolResultBlock:
    """The result of a server-side tool, kept as the raw block content."""

    tool_use_id: str
    content: dict[str, Any]


ContentBlock = Union[TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock]


# --- messages ---------------------------------------------------------------------------
@dataclass
class UserMessage:
    content: str | list[ContentBlock]
    uuid: str | None = None
    parent_tool_use_id: str | None = None
    tool_use_result: dict[str, Any] | None = None
    origin: MessageOrigin | None = None


@dataclass
class AssistantMessage:
    content: list[ContentBlock]
    model: str
    parent_tool_use_id: str | None = None
    error: AssistantMessageError | None = None
    usage: dict[str, Any] | None = None
    message_id: str | None = None
    stop_reason: str | None = None
    session_id: str | None = None
    uuid: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: list[str] | None = None


@dataclass
class SystemMessage:
    """A system frame; ``data`` is the whole raw frame (``type``, ``subtype`` included)."""

    subtype: str
    data: dict[str, Any]


@dataclass
class TaskStartedMessage(SystemMessage):
    task_id: str
    description: str
    uuid: str
    session_id: str
    tool_use_id: str | None = None
    task_type: str | None = None


@dataclass
class TaskProgressMessage(SystemMessage):
    task_id: str
    description: str
    usage: TaskUsage
    uuid: str
    session_id: str
    tool_use_id: str | None = None
    last_tool_name: str | None = None


@dataclass
class TaskUpdatedMessage(SystemMessage):
    task_id: str
    patch: dict[str, Any]
    status: TaskUpdatedStatus | None = None
    session_id: str | None = None
    uuid: str | None = None


@dataclass
class TaskNotificationMessage(SystemMessage):
    task_id: str
    status: TaskNotificationStatus
    output_file: str
    summary: str
    uuid: str
    session_id: str
    tool_use_id: str | None = None
    usage: TaskUsage | None = None


@dataclass
class MirrorErrorMessage(SystemMessage):
    """A session-store mirror write failed (synthesized by the SDK, never by the core)."""

    key: dict[str, Any] | None = None
    error: str = ""


@dataclass
class HookEventMessage(SystemMessage):
    """``hook_started`` / ``hook_response`` (with ``include_hook_events``)."""

    hook_event_name: str = ""
    session_id: str | None = None
    uuid: str | None = None


@dataclass
class DeferredToolUse:
    id: str
    name: str
    input: dict[str, Any]


@dataclass
class ResultMessage:
    subtype: str
    duration_ms: int
    duration_api_ms: int
    is_error: bool
    num_turns: int
    session_id: str
    stop_reason: str | None = None
    total_cost_usd: float | None = None
    usage: dict[str, Any] | None = None
    result: str | None = None
    structured_output: Any = None
    model_usage: dict[str, ModelUsage] | None = None
    permission_denials: list[Any] | None = None
    deferred_tool_use: DeferredToolUse | None = None
    errors: list[str] | None = None
    api_error_status: int | None = None
    uuid: str | None = None
    terminal_reason: str | None = None
    origin: MessageOrigin | None = None
    user_message_uuid: str | None = None
    user_message_uuids: list[str] | None = None


@dataclass
class StreamEvent:
    uuid: str
    session_id: str
    event: dict[str, Any]
    parent_tool_use_id: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: list[str] | None = None


@dataclass
class RateLimitInfo:
    status: RateLimitStatus
    resets_at: int | None = None
    rate_limit_type: RateLimitType | None = None
    utilization: float | None = None
    overage_status: RateLimitStatus | None = None
    overage_resets_at: int | None = None
    overage_disabled_reason: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)


@dataclass
class RateLimitEvent:
    rate_limit_info: RateLimitInfo
    uuid: str
    session_id: str


@dataclass
class ConversationResetMessage:
    new_conversation_id: str
    uuid: str
    session_id: str


Message = Union[
    UserMessage,
    AssistantMessage,
    SystemMessage,
    ResultMessage,
    StreamEvent,
    RateLimitEvent,
    ConversationResetMessage,
]
