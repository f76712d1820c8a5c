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
    """Text the model wrote (in ``AssistantMessage.content``), or a text part of a user message."""

    text: str


@dataclass
class ThinkingBlock:
    """The model's extended thinking, shown before its answer when thinking is on; ``signature``
    is the API's check value for the block, kept so it can be sent back unchanged."""

    thinking: str
    signature: str


@dataclass
class ToolUseBlock:
    """A tool call by the model: ``id`` pairs it with the later :class:`ToolResultBlock`, ``name``
    is the tool (``mcp__<server>__<tool>`` for MCP tools), ``input`` its arguments."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass
class ToolResultBlock:
    """A tool's answer, carried back to the model in a :class:`UserMessage`: ``tool_use_id`` names
    the call, ``content`` is a string or a list of content dicts, ``is_error`` marks a failed
    call."""

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
    """A user turn: a prompt, or the tool results fed back to the model. ``parent_tool_use_id`` is
    set inside a subagent (the Task call it runs under); ``tool_use_result`` is the tool's
    structured result; ``origin`` says what started the turn."""

    content: str | list[ContentBlock]
    uuid: str | None = None
    parent_tool_use_id: str | None = None
    tool_use_result: dict[str, Any] | None = None
    origin: MessageOrigin | None = None


@dataclass
class AssistantMessage:
    """One response of the model: its content blocks and the model that wrote them. ``error`` is
    set when the API call failed (authentication, billing, rate limit...); ``usage``,
    ``message_id`` and ``stop_reason`` come from the API message; ``parent_tool_use_id`` is set
    inside a subagent."""

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
    """A background task (a subagent, a background shell command...) began: system subtype
    ``task_started``; ``task_id`` names it in the task messages that follow."""

    task_id: str
    description: str
    uuid: str
    session_id: str
    tool_use_id: str | None = None
    task_type: str | None = None


@dataclass
class TaskProgressMessage(SystemMessage):
    """A running task's progress (``task_progress``): its totals so far in ``usage`` (tokens, tool
    uses, milliseconds) and the tool it used last."""

    task_id: str
    description: str
    usage: TaskUsage
    uuid: str
    session_id: str
    tool_use_id: str | None = None
    last_tool_name: str | None = None


@dataclass
class TaskUpdatedMessage(SystemMessage):
    """A task's state changed (``task_updated``): ``patch`` holds the keys that changed, and
    ``status`` is copied from it when it has one."""

    task_id: str
    patch: dict[str, Any]
    status: TaskUpdatedStatus | None = None
    session_id: str | None = None
    uuid: str | None = None


@dataclass
class TaskNotificationMessage(SystemMessage):
    """A task finished (``task_notification``): ``status`` is completed, failed or stopped,
    ``summary`` tells the outcome and ``output_file`` is where its output was written."""

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
    """The tool call a PreToolUse hook deferred (``permissionDecision: "defer"``): the query ends
    with the call pending, and :class:`ResultMessage` reports it here."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass
class ResultMessage:
    """The last message of a query (of each turn with a client). ``subtype`` is ``success`` or the
    error kind (``error_max_turns``, ``error_during_execution``...); it carries durations,
    turns, cost, token usage, the final ``result`` text, and ``structured_output`` when an
    output format was asked for."""

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
    """A raw streaming event of the API (``message_start``, ``content_block_delta``...), yielded
    only with ``include_partial_messages=True``; ``event`` is the event as a dict."""

    uuid: str
    session_id: str
    event: dict[str, Any]
    parent_tool_use_id: str | None = None
    user_message_uuid: str | None = None
    user_message_uuids: list[str] | None = None


@dataclass
class RateLimitInfo:
    """The account's rate-limit state: ``status`` (allowed, allowed_warning, rejected), when the
    window resets, which limit applies and how much of it is used (``utilization``); ``raw``
    keeps the whole wire dict."""

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
    """The account's rate-limit state changed; details in ``rate_limit_info``."""

    rate_limit_info: RateLimitInfo
    uuid: str
    session_id: str


@dataclass
class ConversationResetMessage:
    """The conversation was replaced while the session stayed connected (``/clear``, for example):
    running totals on later result messages start again from zero. ``new_conversation_id``
    identifies the fresh conversation."""

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
