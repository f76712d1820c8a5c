"""Hook inputs and outputs: TypedDicts, plain dicts at runtime (snake_case inputs,
camelCase ``hookSpecificOutput``), with the official package's names and keys."""

import sys
from collections.abc import Awaitable, Callable
from typing import Any, Literal, Union

from ._td_config import PermissionMode

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # pragma: no cover - exercised on 3.10 only
    from typing_extensions import NotRequired, TypedDict

HookEvent = Union[
    Literal["PreToolUse"],
    Literal["PostToolUse"],
    Literal["PostToolUseFailure"],
    Literal["UserPromptSubmit"],
    Literal["Stop"],
    Literal["SubagentStop"],
    Literal["PreCompact"],
    Literal["Notification"],
    Literal["SubagentStart"],
    Literal["PermissionRequest"],
]


class HookEffort(TypedDict):
    level: str


class BackgroundTaskSummary(TypedDict):
    id: str
    type: str
    status: str
    description: str
    command: NotRequired[str]
    agent_type: NotRequired[str]
    server: NotRequired[str]
    tool: NotRequired[str]
    name: NotRequired[str]


class SessionCronSummary(TypedDict):
    id: str
    schedule: str
    recurring: bool
    prompt: str


class BaseHookInput(TypedDict):
    session_id: str
    transcript_path: str
    cwd: str
    permission_mode: NotRequired[PermissionMode]
    prompt_id: NotRequired[str]
    effort: NotRequired[HookEffort]


class _SubagentContextMixin(TypedDict):
    agent_id: NotRequired[str]
    agent_type: NotRequired[str]


class PreToolUseHookInput(BaseHookInput, _SubagentContextMixin):
    hook_event_name: Literal["PreToolUse"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str


class PostToolUseHookInput(BaseHookInput, _SubagentContextMixin):
    hook_event_name: Literal["PostToolUse"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_response: Any
    tool_use_id: str
    duration_ms: NotRequired[int]


class PostToolUseFailureHookInput(BaseHookInput, _SubagentContextMixin):
    hook_event_name: Literal["PostToolUseFailure"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str
    error: str
    is_interrupt: NotRequired[bool]
    duration_ms: NotRequired[int]


class UserPromptSubmitHookInput(BaseHookInput):
    hook_event_name: Literal["UserPromptSubmit"]
    prompt: str


class StopHookInput(BaseHookInput):
    hook_event_name: Literal["Stop"]
    stop_hook_active: bool
    last_assistant_message: NotRequired[str]
    background_tasks: NotRequired[list[BackgroundTaskSummary]]
    session_crons: NotRequired[list[SessionCronSummary]]


class SubagentStopHookInput(BaseHookInput):
    hook_event_name: Literal["SubagentStop"]
    stop_hook_active: bool
    agent_id: str
    agent_transcript_path: str
    agent_type: str
    last_assistant_message: NotRequired[str]
    background_tasks: NotRequired[list[BackgroundTaskSummary]]
    session_crons: NotRequired[list[SessionCronSummary]]


class PreCompactHookInput(BaseHookInput):
    hook_event_name: Literal["PreCompact"]
    trigger: Literal["manual", "auto"]
    custom_instructions: str | None


class NotificationHookInput(BaseHookInput):
    hook_event_name: Literal["Notification"]
    message: str
    title: NotRequired[str]
    notification_type: str


class SubagentStartHookInput(BaseHookInput):
    hook_event_name: Literal["SubagentStart"]
    agent_id: str
    agent_type: str


class PermissionRequestHookInput(BaseHookInput, _SubagentContextMixin):
    hook_event_name: Literal["PermissionRequest"]
    tool_name: str
    tool_input: dict[str, Any]
    permission_suggestions: NotRequired[list[Any]]


HookInput = Union[
    PreToolUseHookInput,
    PostToolUseHookInput,
    PostToolUseFailureHookInput,
    UserPromptSubmitHookInput,
    StopHookInput,
    SubagentStopHookInput,
    PreCompactHookInput,
    NotificationHookInput,
    SubagentStartHookInput,
    PermissionRequestHookInput,
]


# --- hookSpecificOutput variants --------------------------------------------------------
class PreToolUseHookSpecificOutput(TypedDict):
    hookEventName: Literal["PreToolUse"]
    permissionDecision: NotRequired[Literal["allow", "deny", "ask", "defer"]]
    permissionDecisionReason: NotRequired[str]
    updatedInput: NotRequired[dict[str, Any]]
    additionalContext: NotRequired[str]


class PostToolUseHookSpecificOutput(TypedDict):
    hookEventName: Literal["PostToolUse"]
    additionalContext: NotRequired[str]
    updatedToolOutput: NotRequired[Any]
    updatedMCPToolOutput: NotRequired[Any]


class PostToolUseFailureHookSpecificOutput(TypedDict):
    hookEventName: Literal["PostToolUseFailure"]
    additionalContext: NotRequired[str]


class UserPromptSubmitHookSpecificOutput(TypedDict):
    hookEventName: Literal["UserPromptSubmit"]
    additionalContext: NotRequired[str]
    sessionTitle: NotRequired[str]
    suppressOriginalPrompt: NotRequired[bool]


class UserPromptExpansionHookSpecificOutput(TypedDict):
    hookEventName: Literal["UserPromptExpansion"]
    additionalContext: NotRequired[str]
    suppressOriginalPrompt: NotRequired[bool]


class SessionStartHookSpecificOutput(TypedDict):
    hookEventName: Literal["SessionStart"]
    additionalContext: NotRequired[str]
    initialUserMessage: NotRequired[str]
    sessionTitle: NotRequired[str]
    watchPaths: NotRequired[list[str]]
    reloadSkills: NotRequired[bool]


class NotificationHookSpecificOutput(TypedDict):
    hookEventName: Literal["Notification"]
    additionalContext: NotRequired[str]


class SubagentStartHookSpecificOutput(TypedDict):
    hookEventName: Literal["SubagentStart"]
    additionalContext: NotRequired[str]


class PermissionRequestHookSpecificOutput(TypedDict):
    hookEventName: Literal["PermissionRequest"]
    decision: dict[str, Any]


class PostToolBatchHookSpecificOutput(TypedDict):
    hookEventName: Literal["PostToolBatch"]
    additionalContext: NotRequired[str]


class StopHookSpecificOutput(TypedDict):
    hookEventName: Literal["Stop"]
    additionalContext: NotRequired[str]


class SubagentStopHookSpecificOutput(TypedDict):
    hookEventName: Literal["SubagentStop"]
    additionalContext: NotRequired[str]


class PermissionDeniedHookSpecificOutput(TypedDict):
    hookEventName: Literal["PermissionDenied"]
    retry: NotRequired[bool]


class PreModelSwitchHookSpecificOutput(TypedDict):
    hookEventName: Literal["PreModelSwitch"]
    permissionDecision: NotRequired[Literal["allow", "deny", "ask"]]
    permissionDecisionReason: NotRequired[str]


class PostModelSwitchHookSpecificOutput(TypedDict):
    hookEventName: Literal["PostModelSwitch"]
    additionalContext: NotRequired[str]


class ElicitationHookSpecificOutput(TypedDict):
    hookEventName: Literal["Elicitation"]
    action: NotRequired[Literal["accept", "decline", "cancel"]]
    content: NotRequired[dict[str, Any]]


class ElicitationResultHookSpecificOutput(TypedDict):
    hookEventName: Literal["ElicitationResult"]
    action: NotRequired[Literal["accept", "decline", "cancel"]]
    content: NotRequired[dict[str, Any]]


class CwdChangedHookSpecificOutput(TypedDict):
    hookEventName: Literal["CwdChanged"]
    watchPaths: NotRequired[list[str]]


class FileChangedHookSpecificOutput(TypedDict):
    hookEventName: Literal["FileChanged"]
    watchPaths: NotRequired[list[str]]


class WorktreeCreateHookSpecificOutput(TypedDict):
    hookEventName: Literal["WorktreeCreate"]
    worktreePath: str


class MessageDisplayHookSpecificOutput(TypedDict):
    hookEventName: Literal["MessageDisplay"]
    displayContent: NotRequired[str]


HookSpecificOutput = Union[
    PreToolUseHookSpecificOutput,
    PostToolUseHookSpecificOutput,
    PostToolUseFailureHookSpecificOutput,
    UserPromptSubmitHookSpecificOutput,
    SessionStartHookSpecificOutput,
    NotificationHookSpecificOutput,
    SubagentStartHookSpecificOutput,
    PermissionRequestHookSpecificOutput,
    UserPromptExpansionHookSpecificOutput,
    PostToolBatchHookSpecificOutput,
    StopHookSpecificOutput,
    SubagentStopHookSpecificOutput,
    PermissionDeniedHookSpecificOutput,
    PreModelSwitchHookSpecificOutput,
    PostModelSwitchHookSpecificOutput,
    ElicitationHookSpecificOutput,
    ElicitationResultHookSpecificOutput,
    CwdChangedHookSpecificOutput,
    FileChangedHookSpecificOutput,
    WorktreeCreateHookSpecificOutput,
    MessageDisplayHookSpecificOutput,
]


class AsyncHookJSONOutput(TypedDict):
    """Defer the hook: ``async_`` is sent as ``async``."""

    async_: Literal[True]
    asyncTimeout: NotRequired[int]


class SyncHookJSONOutput(TypedDict):
    """``continue_`` is sent as ``continue``; ``{}`` means no opinion."""

    continue_: NotRequired[bool]
    suppressOutput: NotRequired[bool]
    stopReason: NotRequired[str]
    decision: NotRequired[Literal["block"]]
    systemMessage: NotRequired[str]
    reason: NotRequired[str]
    hookSpecificOutput: NotRequired[HookSpecificOutput]


HookJSONOutput = Union[AsyncHookJSONOutput, SyncHookJSONOutput]


class HookContext(TypedDict):
    signal: Any | None


HookCallback = Callable[[HookInput, Union[str, None], HookContext], Awaitable[HookJSONOutput]]
