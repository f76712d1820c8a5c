"""TypedDicts and literal aliases of configuration, message payloads and the control protocol.

These are plain ``dict`` / ``str`` at runtime (users write literals); they exist for type
checkers and match the official package's names and keys. No ``from __future__ import
annotations`` here: ``NotRequired`` must be seen at class creation for ``__required_keys__``.
"""

import sys
from typing import Any, Literal, Union

if sys.version_info >= (3, 11):
    from typing import NotRequired, Required, TypedDict
else:  # pragma: no cover - exercised on 3.10 only
    from typing_extensions import NotRequired, Required, TypedDict

# --- literal aliases --------------------------------------------------------------------
PermissionMode = Literal["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"]
EffortLevel = Literal["low", "medium", "high", "xhigh", "max"]
SettingSource = Literal["user", "project", "local"]
SdkBeta = Literal["context-1m-2025-08-07"]
ThinkingDisplay = Literal["summarized", "omitted"]
SessionStoreFlushMode = Literal["batched", "eager"]
PermissionBehavior = Literal["allow", "deny", "ask"]
PermissionUpdateDestination = Literal["userSettings", "projectSettings", "localSettings", "session"]
AssistantMessageError = Literal[
    "authentication_failed", "billing_error", "rate_limit", "invalid_request", "server_error", "unknown"
]
ServerToolName = Literal[
    "advisor",
    "web_search",
    "web_fetch",
    "code_execution",
    "bash_code_execution",
    "text_editor_code_execution",
    "tool_search_tool_regex",
    "tool_search_tool_bm25",
]
TaskNotificationStatus = Literal["completed", "failed", "stopped"]
TaskUpdatedStatus = Literal["pending", "running", "paused", "completed", "failed", "killed"]
RateLimitStatus = Literal["allowed", "allowed_warning", "rejected"]
RateLimitType = Literal["five_hour", "seven_day", "seven_day_opus", "seven_day_sonnet", "overage"]
MessageOriginKind = Literal[
    "human",
    "channel",
    "peer",
    "task-notification",
    "coordinator",
    "unclassified",
    "observer",
    "auto-continuation",
    "observer-activity",
]
TaskNotificationOriginSubkind = Literal["scheduled-trigger", "peer-send-message"]
FastModeState = Literal["off", "cooldown", "on"]
FastModeDisabledReason = Literal[
    "free",
    "preference",
    "extra_usage_disabled",
    "network_error",
    "unknown",
    "not_first_party",
    "disabled_by_env",
    "model_not_allowed",
    "sdk_opt_in_required",
    "pending",
]
McpServerConnectionStatus = Literal["connected", "failed", "needs-auth", "pending", "disabled"]
SandboxIgnoreViolations = dict[str, list[str]]

TERMINAL_TASK_STATUSES = frozenset({"completed", "failed", "stopped", "killed"})


# --- options sub-configurations ---------------------------------------------------------
class SystemPromptPreset(TypedDict):
    type: Literal["preset"]
    preset: Literal["claude_code"]
    append: NotRequired[str]
    exclude_dynamic_sections: NotRequired[bool]
    snapshot: NotRequired[bool]


class SystemPromptCustom(TypedDict):
    type: Literal["custom"]
    prompt: str
    snapshot: NotRequired[bool]


class SystemPromptFile(TypedDict):
    type: Literal["file"]
    path: str


class ToolsPreset(TypedDict):
    type: Literal["preset"]
    preset: Literal["claude_code"]


class TaskBudget(TypedDict):
    """The ``task_budget`` option: an advisory token budget (``total``) for the whole agentic
    loop; the model is told what remains and paces its work to it."""

    total: int


class ThinkingConfigAdaptive(TypedDict):
    """``thinking={"type": "adaptive"}``: the model decides when and how much to think.
    ``display`` asks for summarized thinking text or none."""

    type: Literal["adaptive"]
    display: NotRequired[ThinkingDisplay]


class ThinkingConfigEnabled(TypedDict):
    """``thinking={"type": "enabled", "budget_tokens": n}``: extended thinking on every
    response, up to ``budget_tokens`` tokens."""

    type: Literal["enabled"]
    budget_tokens: int
    display: NotRequired[ThinkingDisplay]


class ThinkingConfigDisabled(TypedDict):
    """``thinking={"type": "disabled"}``: no extended thinking."""

    type: Literal["disabled"]


ThinkingConfig = Union[ThinkingConfigAdaptive, ThinkingConfigEnabled, ThinkingConfigDisabled]


class SandboxNetworkConfig(TypedDict, total=False):
    """The network part of :class:`SandboxSettings`: domains sandboxed commands may or may not
    reach, the Unix sockets and local ports they may use, and the ports of proxies to route
    through."""

    allowedDomains: list[str]
    deniedDomains: list[str]
    allowManagedDomainsOnly: bool
    allowUnixSockets: list[str]
    allowAllUnixSockets: bool
    allowLocalBinding: bool
    allowMachLookup: list[str]
    httpProxyPort: int
    socksProxyPort: int


class SandboxSettings(TypedDict, total=False):
    """The ``sandbox`` option: Bash commands run in an OS sandbox. ``autoAllowBashIfSandboxed``
    lets sandboxed commands run without asking; ``excludedCommands`` always run outside it;
    ``allowUnsandboxedCommands`` lets the model ask to run a command outside."""

    enabled: bool
    autoAllowBashIfSandboxed: bool
    excludedCommands: list[str]
    allowUnsandboxedCommands: bool
    network: SandboxNetworkConfig
    ignoreViolations: SandboxIgnoreViolations
    enableWeakerNestedSandbox: bool


class SdkPluginConfig(TypedDict):
    """A plugin for the ``plugins`` option, loaded from the local directory ``path``."""

    type: Literal["local"]
    path: str


# --- MCP server configurations ----------------------------------------------------------
class McpStdioServerConfig(TypedDict):
    type: NotRequired[Literal["stdio"]]
    command: str
    args: NotRequired[list[str]]
    env: NotRequired[dict[str, str]]


class McpSSEServerConfig(TypedDict):
    type: Literal["sse"]
    url: str
    headers: NotRequired[dict[str, str]]


class McpHttpServerConfig(TypedDict):
    type: Literal["http"]
    url: str
    headers: NotRequired[dict[str, str]]


class McpSdkServerConfig(TypedDict):
    """An in-process MCP server in ``mcp_servers``, as :func:`create_sdk_mcp_server` returns
    it; ``instance`` is the server object that runs the tools."""

    type: Literal["sdk"]
    name: str
    instance: Any


class McpSdkServerConfigStatus(TypedDict):
    type: Literal["sdk"]
    name: str


class McpClaudeAIProxyServerConfig(TypedDict):
    type: Literal["claudeai-proxy"]
    url: str
    id: str


McpServerConfig = Union[McpStdioServerConfig, McpSSEServerConfig, McpHttpServerConfig, McpSdkServerConfig]
McpServerStatusConfig = Union[
    McpStdioServerConfig,
    McpSSEServerConfig,
    McpHttpServerConfig,
    McpSdkServerConfigStatus,
    McpClaudeAIProxyServerConfig,
]


class McpServerInfo(TypedDict):
    """The name and version an MCP server announced when it connected."""

    name: str
    version: str


class McpToolAnnotations(TypedDict, total=False):
    """The hints an MCP tool declared (read-only, destructive, open-world), as status reports
    show them."""

    readOnly: bool
    destructive: bool
    openWorld: bool


class McpToolInfo(TypedDict):
    """One tool of an MCP server, as status reports list it."""

    name: str
    description: NotRequired[str]
    annotations: NotRequired[McpToolAnnotations]


class McpServerStatus(TypedDict):
    """One MCP server's state in :meth:`ClaudeSDKClient.get_mcp_status`: ``status`` (connected,
    failed, needs-auth, pending, disabled), what the server announced, the error when it
    failed, its config, scope and tools."""

    name: str
    status: McpServerConnectionStatus
    serverInfo: NotRequired[McpServerInfo]
    error: NotRequired[str]
    config: NotRequired[McpServerStatusConfig]
    scope: NotRequired[str]
    tools: NotRequired[list[McpToolInfo]]


class McpStatusResponse(TypedDict):
    """What :meth:`ClaudeSDKClient.get_mcp_status` returns: ``mcpServers``, one status per
    configured server."""

    mcpServers: list[McpServerStatus]


class ContextUsageCategory(TypedDict):
    """One share of the context window (system prompt, tools, messages...) with its token
    count; ``color`` is for drawing it, ``isDeferred`` marks tools loaded on demand."""

    name: str
    tokens: int
    color: str
    isDeferred: NotRequired[bool]


class ContextUsageResponse(TypedDict):
    """What :meth:`ClaudeSDKClient.get_context_usage` returns (the ``/context`` view): the
    context window split by category, the tokens used (``totalTokens``) against the window's
    size, the percentage used (0-100), the auto-compaction state, and detail lists."""

    categories: list[ContextUsageCategory]
    totalTokens: int
    maxTokens: int
    rawMaxTokens: int
    percentage: float
    model: str
    isAutoCompactEnabled: bool
    memoryFiles: list[dict[str, Any]]
    mcpTools: list[dict[str, Any]]
    agents: list[dict[str, Any]]
    gridRows: list[list[dict[str, Any]]]
    autoCompactThreshold: NotRequired[int]
    deferredBuiltinTools: NotRequired[list[dict[str, Any]]]
    systemTools: NotRequired[list[dict[str, Any]]]
    systemPromptSections: NotRequired[list[dict[str, Any]]]
    slashCommands: NotRequired[dict[str, Any]]
    skills: NotRequired[dict[str, Any]]
    messageBreakdown: NotRequired[dict[str, Any]]
    apiUsage: NotRequired[dict[str, Any]]


# --- payloads carried by messages -------------------------------------------------------
class TaskUsage(TypedDict):
    """A task's running totals: tokens, tool uses and elapsed milliseconds."""

    total_tokens: int
    tool_uses: int
    duration_ms: int


class ModelUsage(TypedDict):
    """One model's usage over a query (``ResultMessage.model_usage``, keyed by model): tokens
    by kind, web searches, the cost in USD, and the model's context window and output limit."""

    inputTokens: int
    outputTokens: int
    cacheReadInputTokens: int
    cacheCreationInputTokens: int
    webSearchRequests: int
    costUSD: float
    contextWindow: int
    maxOutputTokens: int
    canonicalModel: NotRequired[str]
    provider: NotRequired[str]


MessageOrigin = TypedDict(
    "MessageOrigin",
    {
        "kind": Required[Union[MessageOriginKind, str]],
        "server": str,
        "from": str,
        "name": str,
        "fromSession": str,
        "senderTaskId": str,
        "body": str,
        "verifiedPeerPid": int,
        "subkind": TaskNotificationOriginSubkind,
    },
    total=False,
)
MessageOrigin.__doc__ = (
    "What started a turn (``UserMessage.origin``, ``ResultMessage.origin``): ``kind`` is "
    "``human`` for a prompt the application sent, otherwise the source (a task notification, "
    "a peer session, a channel...); the other keys depend on the kind."
)


class SystemInitMcpServer(TypedDict):
    """An MCP server as the ``init`` message lists it, with its connection status."""

    name: str
    status: str
    source: NotRequired[str]


class SystemInitPlugin(TypedDict):
    """A loaded plugin as the ``init`` message lists it."""

    name: str
    path: str
    version: NotRequired[str]


class SystemInitPluginError(TypedDict):
    """A plugin that failed to load, as the ``init`` message reports it."""

    plugin: str
    type: str
    message: str
    path: NotRequired[str]


class SystemInitData(TypedDict):
    """The ``data`` of the first :class:`SystemMessage` of a session (subtype ``init``): its
    id, model, working directory, permission mode, tools, MCP servers, slash commands,
    skills, plugins and agents."""

    type: Literal["system"]
    subtype: Literal["init"]
    uuid: str
    session_id: str
    agents: NotRequired[list[str]]
    apiKeySource: str
    betas: NotRequired[list[str]]
    claude_code_version: str
    cwd: str
    tools: list[str]
    mcp_servers: list[SystemInitMcpServer]
    model: str
    permissionMode: PermissionMode
    slash_commands: list[str]
    terminal_slash_commands: NotRequired[list[str]]
    output_style: str
    skills: list[str]
    plugins: list[SystemInitPlugin]
    plugin_errors: NotRequired[list[SystemInitPluginError]]
    fast_mode_state: NotRequired[FastModeState]
    fast_mode_disabled_reason: NotRequired[FastModeDisabledReason]
    capabilities: NotRequired[list[str]]


# --- the control protocol (frames between the SDK and the session) ----------------------
class SDKControlInterruptRequest(TypedDict):
    subtype: Literal["interrupt"]


class SDKControlPermissionRequest(TypedDict):
    subtype: Literal["can_use_tool"]
    tool_name: str
    input: dict[str, Any]
    permission_suggestions: list[Any] | None
    blocked_path: str | None
    decision_reason: NotRequired[str]
    title: NotRequired[str]
    display_name: NotRequired[str]
    description: NotRequired[str]
    tool_use_id: str
    agent_id: NotRequired[str]


class SDKControlInitializeRequest(TypedDict):
    subtype: Literal["initialize"]
    hooks: dict[str, Any] | None
    agents: NotRequired[dict[str, dict[str, Any]]]
    excludeDynamicSections: NotRequired[bool]
    systemPromptSnapshot: NotRequired[bool]
    skills: NotRequired[list[str]]
    forwardSubagentText: NotRequired[bool]


class SDKControlSetPermissionModeRequest(TypedDict):
    subtype: Literal["set_permission_mode"]
    mode: str


class SDKHookCallbackRequest(TypedDict):
    subtype: Literal["hook_callback"]
    callback_id: str
    input: Any
    tool_use_id: str | None


class SDKControlMcpMessageRequest(TypedDict):
    subtype: Literal["mcp_message"]
    server_name: str
    message: Any


class SDKControlRewindFilesRequest(TypedDict):
    subtype: Literal["rewind_files"]
    user_message_id: str


class SDKControlMcpReconnectRequest(TypedDict):
    subtype: Literal["mcp_reconnect"]
    serverName: str


class SDKControlMcpToggleRequest(TypedDict):
    subtype: Literal["mcp_toggle"]
    serverName: str
    enabled: bool


class SDKControlStopTaskRequest(TypedDict):
    subtype: Literal["stop_task"]
    task_id: str


class SDKControlRequest(TypedDict):
    type: Literal["control_request"]
    request_id: str
    request: Union[
        SDKControlInterruptRequest,
        SDKControlPermissionRequest,
        SDKControlInitializeRequest,
        SDKControlSetPermissionModeRequest,
        SDKHookCallbackRequest,
        SDKControlMcpMessageRequest,
        SDKControlRewindFilesRequest,
        SDKControlMcpReconnectRequest,
        SDKControlMcpToggleRequest,
        SDKControlStopTaskRequest,
    ]


class ControlResponse(TypedDict):
    subtype: Literal["success"]
    request_id: str
    response: dict[str, Any] | None


class ControlErrorResponse(TypedDict):
    subtype: Literal["error"]
    request_id: str
    error: str


class SDKControlResponse(TypedDict):
    type: Literal["control_response"]
    response: Union[ControlResponse, ControlErrorResponse]
