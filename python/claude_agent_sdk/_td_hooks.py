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
    """The effort level the session runs at (``effort`` of a hook input)."""

    level: str


class BackgroundTaskSummary(TypedDict):
    """A background task still running when the agent stops (``background_tasks`` of Stop and
    SubagentStop inputs): its id, kind, status and description, plus the command, agent,
    server or tool it concerns."""

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
    """A prompt the session has scheduled (``session_crons`` of Stop and SubagentStop inputs):
    its cron ``schedule``, whether it repeats, and the prompt."""

    id: str
    schedule: str
    recurring: bool
    prompt: str


class BaseHookInput(TypedDict):
    """The keys every hook input has: the session id, its transcript file, the working
    directory, and (when known) the permission mode and effort."""

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
    """Input of a PreToolUse hook, called before a tool runs: the tool, its input and the call
    id. The hook may allow, deny, ask, defer or change the input."""

    hook_event_name: Literal["PreToolUse"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str


class PostToolUseHookInput(BaseHookInput, _SubagentContextMixin):
    """Input of a PostToolUse hook, called after a tool succeeded: the tool, its input and
    ``tool_response``; ``duration_ms`` is how long the call took."""

    hook_event_name: Literal["PostToolUse"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_response: Any
    tool_use_id: str
    duration_ms: NotRequired[int]


class PostToolUseFailureHookInput(BaseHookInput, _SubagentContextMixin):
    """Input of a PostToolUseFailure hook, called after a tool call failed: ``error`` is the
    message; ``is_interrupt`` is true when the user interrupted the call."""

    hook_event_name: Literal["PostToolUseFailure"]
    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str
    error: str
    is_interrupt: NotRequired[bool]
    duration_ms: NotRequired[int]


class UserPromptSubmitHookInput(BaseHookInput):
    """Input of a UserPromptSubmit hook, called when a prompt is sent, before the model sees
    it."""

    hook_event_name: Literal["UserPromptSubmit"]
    prompt: str


class StopHookInput(BaseHookInput):
    """Input of a Stop hook, called when the agent is about to end its turn.
    ``stop_hook_active`` is true when a Stop hook already kept it going once (check it to
    avoid loops)."""

    hook_event_name: Literal["Stop"]
    stop_hook_active: bool
    last_assistant_message: NotRequired[str]
    background_tasks: NotRequired[list[BackgroundTaskSummary]]
    session_crons: NotRequired[list[SessionCronSummary]]


class SubagentStopHookInput(BaseHookInput):
    """Input of a SubagentStop hook, called when a subagent finishes: the agent's id, type and
    transcript file, and ``stop_hook_active`` as for Stop."""

    hook_event_name: Literal["SubagentStop"]
    stop_hook_active: bool
    agent_id: str
    agent_transcript_path: str
    agent_type: str
    last_assistant_message: NotRequired[str]
    background_tasks: NotRequired[list[BackgroundTaskSummary]]
    session_crons: NotRequired[list[SessionCronSummary]]


class PreCompactHookInput(BaseHookInput):
    """Input of a PreCompact hook, called before the conversation is compacted: ``trigger`` is
    ``manual`` (``/compact``) or ``auto``; ``custom_instructions`` are those given to
    ``/compact``."""

    hook_event_name: Literal["PreCompact"]
    trigger: Literal["manual", "auto"]
    custom_instructions: str | None


class NotificationHookInput(BaseHookInput):
    """Input of a Notification hook, called when the agent shows a notice (waiting for
    permission, idle...): its message, title and kind."""

    hook_event_name: Literal["Notification"]
    message: str
    title: NotRequired[str]
    notification_type: str


class SubagentStartHookInput(BaseHookInput):
    """Input of a SubagentStart hook, called when a subagent begins: its id and type."""

    hook_event_name: Literal["SubagentStart"]
    agent_id: str
    agent_type: str


class PermissionRequestHookInput(BaseHookInput, _SubagentContextMixin):
    """Input of a PermissionRequest hook, called when a tool call would ask for permission;
    ``permission_suggestions`` are the rule updates a user could accept."""

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
    """``hookSpecificOutput`` of a PreToolUse hook: ``permissionDecision`` (allow, deny, ask,
    or defer to end the query with the call pending) and its reason, ``updatedInput`` to run
    the tool with, and ``additionalContext`` for the model."""

    hookEventName: Literal["PreToolUse"]
    permissionDecision: NotRequired[Literal["allow", "deny", "ask", "defer"]]
    permissionDecisionReason: NotRequired[str]
    updatedInput: NotRequired[dict[str, Any]]
    additionalContext: NotRequired[str]


class PostToolUseHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PostToolUse hook: ``additionalContext`` for the model, or a
    replacement tool output (``updatedMCPToolOutput`` for MCP tools)."""

    hookEventName: Literal["PostToolUse"]
    additionalContext: NotRequired[str]
    updatedToolOutput: NotRequired[Any]
    updatedMCPToolOutput: NotRequired[Any]


class PostToolUseFailureHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PostToolUseFailure hook: ``additionalContext`` given to the
    model with the error."""

    hookEventName: Literal["PostToolUseFailure"]
    additionalContext: NotRequired[str]


class UserPromptSubmitHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a UserPromptSubmit hook: ``additionalContext`` added next to
    the prompt, a ``sessionTitle`` to set, or ``suppressOriginalPrompt`` to drop the prompt."""

    hookEventName: Literal["UserPromptSubmit"]
    additionalContext: NotRequired[str]
    sessionTitle: NotRequired[str]
    suppressOriginalPrompt: NotRequired[bool]


class UserPromptExpansionHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a UserPromptExpansion hook (a slash command or MCP prompt
    being expanded): ``additionalContext``, or ``suppressOriginalPrompt``."""

    hookEventName: Literal["UserPromptExpansion"]
    additionalContext: NotRequired[str]
    suppressOriginalPrompt: NotRequired[bool]


class SessionStartHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a SessionStart hook: ``additionalContext`` for the model, a
    first user message, a session title, paths to watch for FileChanged, or
    ``reloadSkills``."""

    hookEventName: Literal["SessionStart"]
    additionalContext: NotRequired[str]
    initialUserMessage: NotRequired[str]
    sessionTitle: NotRequired[str]
    watchPaths: NotRequired[list[str]]
    reloadSkills: NotRequired[bool]


class NotificationHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a Notification hook: ``additionalContext`` for the model."""

    hookEventName: Literal["Notification"]
    additionalContext: NotRequired[str]


class SubagentStartHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a SubagentStart hook: ``additionalContext`` given to the
    subagent."""

    hookEventName: Literal["SubagentStart"]
    additionalContext: NotRequired[str]


class PermissionRequestHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PermissionRequest hook: ``decision`` answers the request,
    ``{"behavior": "allow", "updatedInput"?, "updatedPermissions"?}`` or ``{"behavior":
    "deny", "message"?, "interrupt"?}``."""

    hookEventName: Literal["PermissionRequest"]
    decision: dict[str, Any]


class PostToolBatchHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PostToolBatch hook (after the tool calls of one response all
    ran): ``additionalContext`` for the model."""

    hookEventName: Literal["PostToolBatch"]
    additionalContext: NotRequired[str]


class StopHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a Stop hook: ``additionalContext`` for the model."""

    hookEventName: Literal["Stop"]
    additionalContext: NotRequired[str]


class SubagentStopHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a SubagentStop hook: ``additionalContext`` for the model."""

    hookEventName: Literal["SubagentStop"]
    additionalContext: NotRequired[str]


class PermissionDeniedHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PermissionDenied hook: ``retry`` lets the model try the call
    again."""

    hookEventName: Literal["PermissionDenied"]
    retry: NotRequired[bool]


class PreModelSwitchHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PreModelSwitch hook: allow, deny or ask about the change of
    model, with a reason."""

    hookEventName: Literal["PreModelSwitch"]
    permissionDecision: NotRequired[Literal["allow", "deny", "ask"]]
    permissionDecisionReason: NotRequired[str]


class PostModelSwitchHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a PostModelSwitch hook: ``additionalContext`` for the model."""

    hookEventName: Literal["PostModelSwitch"]
    additionalContext: NotRequired[str]


class ElicitationHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of an Elicitation hook: answers an MCP server's request for user
    input (``action`` accept, decline or cancel, with ``content``) without asking the user."""

    hookEventName: Literal["Elicitation"]
    action: NotRequired[Literal["accept", "decline", "cancel"]]
    content: NotRequired[dict[str, Any]]


class ElicitationResultHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of an ElicitationResult hook: replaces the user's answer to an
    elicitation before it goes to the MCP server."""

    hookEventName: Literal["ElicitationResult"]
    action: NotRequired[Literal["accept", "decline", "cancel"]]
    content: NotRequired[dict[str, Any]]


class CwdChangedHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a CwdChanged hook: ``watchPaths``, paths to watch for
    FileChanged."""

    hookEventName: Literal["CwdChanged"]
    watchPaths: NotRequired[list[str]]


class FileChangedHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a FileChanged hook: ``watchPaths``, the paths to watch from
    now on."""

    hookEventName: Literal["FileChanged"]
    watchPaths: NotRequired[list[str]]


class WorktreeCreateHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a WorktreeCreate hook: ``worktreePath``, where the hook
    created the worktree."""

    hookEventName: Literal["WorktreeCreate"]
    worktreePath: str


class MessageDisplayHookSpecificOutput(TypedDict):
    """``hookSpecificOutput`` of a MessageDisplay hook: ``displayContent``, the text to display
    for the message."""

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
    """The third argument of a hook callback; ``signal`` is reserved for an abort signal and is
    None for now."""

    signal: Any | None


HookCallback = Callable[[HookInput, Union[str, None], HookContext], Awaitable[HookJSONOutput]]
