// The SDKMessage union: what `for await (const message of query(...))` yields. Each member is
// a plain object tagged by `type` (and `subtype` for system and result messages). Ignore
// types, subtypes and fields you do not know: new ones can appear.
import type { BetaMessage, BetaRawMessageStreamEvent, BetaUsage, MessageParam } from './api.js';
import type { PermissionMode } from './permissions.js';
import type { ApiKeySource, EffortLevel, McpServerStatus, SlashCommand } from './shared.js';

/** A UUID string (Node's `crypto.UUID`). */
export type UUID = `${string}-${string}-${string}-${string}-${string}`;

interface SDKMessageBase {
  uuid: UUID;
  session_id: string;
}

/** Why an API call failed, on `SDKAssistantMessage.error` and on retry notices. */
export type SDKAssistantMessageError =
  | 'authentication_failed'
  | 'oauth_org_not_allowed'
  | 'account_on_hold'
  | 'verification_required'
  | 'billing_error'
  | 'rate_limit'
  | 'overloaded'
  | 'invalid_request'
  | 'model_not_found'
  | 'server_error'
  | 'unknown'
  | 'max_output_tokens'
  | 'cloud_credential_error';

/** Who authored a user message or started a turn; absent means unattributed. */
export type SDKMessageOrigin =
  | { kind: 'human' }
  | { kind: 'channel'; server: string }
  | { kind: 'peer'; from: string; fromMode?: 'bypass' | 'prompting'; name?: string; fromSession?: string; senderTaskId?: string; body?: string; verifiedPeerPid?: number }
  | { kind: 'task-notification'; subkind?: 'scheduled-trigger' | 'peer-send-message' | 'projects-relay' | 'session-inbox' | 'external-event'; fireReason?: string; runId?: string; producer?: string }
  | { kind: 'coordinator' }
  | { kind: 'unclassified' }
  | { kind: 'observer'; from: string; senderTaskId: string }
  | { kind: 'auto-continuation' }
  | { kind: 'observer-activity' };

/** One completed content block of the model's answer (blocks of one response share `message.id`). */
export interface SDKAssistantMessage extends SDKMessageBase {
  type: 'assistant';
  message: BetaMessage;
  /** Set inside a subagent: the Task tool call it runs under. */
  parent_tool_use_id: string | null;
  /** Set when the API call failed; the message then stands for the failure. */
  error?: SDKAssistantMessageError;
  request_id?: string;
  /** The user message this response answers. */
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  resumed_from_incomplete_thinking?: true;
  /** Earlier messages this one replaces (after a retry). */
  supersedes?: UUID[];
  aborted?: true;
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
  /** On a thinking block's message: how thinking is shown, as the request asked. */
  thinking_display?: string;
  timestamp?: string;
  context_usage?: SDKContextUsage;
  usage_report?: unknown;
  /** On a synthetic message that stands for a failed API call. */
  is_api_error_message?: boolean;
  api_error_status?: number | null;
  api_error_type?: string;
  /** On a synthetic message that reports a local command's (`/compact`) failure. */
  local_command_source?: string;
  local_command_run?: { command: string; args: string };
  local_command_outcome?: { kind: string };
  /** For a call of an MCP tool: how it is named for display. */
  tool_use_meta?: { display_name?: string; server_display_name?: string; tool_name?: string };
}

/** A user message: a prompt the caller sends, or tool results the session adds. */
export interface SDKUserMessage {
  type: 'user';
  message: MessageParam;
  /** Set inside a subagent; `null` for the main conversation. */
  parent_tool_use_id: string | null;
  /** Added by the session, not typed by a user. */
  isSynthetic?: boolean;
  /** The tool's structured output (not the text the model sees); a string on error. */
  tool_use_result?: unknown;
  /** For a message sent while a turn runs: interrupt now, go next, or wait until later. */
  priority?: 'now' | 'next' | 'later';
  origin?: SDKMessageOrigin;
  /** `false` adds the message to the conversation without asking the model. */
  shouldQuery?: boolean;
  timestamp?: string;
  client_composed?: true;
  uuid?: UUID;
  session_id?: string;
  pasted_content?: MessageParam['content'][];
  inline_pastes?: string[];
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
}

/** A replay or acknowledgement of a user message. */
export interface SDKUserMessageReplay extends Omit<SDKUserMessage, 'uuid' | 'session_id'>, SDKMessageBase {
  isReplay: true;
  file_attachments?: unknown[];
}

/** Raw stream events of the model's answer (with `includePartialMessages`). */
export interface SDKPartialAssistantMessage extends SDKMessageBase {
  type: 'stream_event';
  event: BetaRawMessageStreamEvent;
  parent_tool_use_id: string | null;
  /** How thinking is displayed, on `message_start` and on each thinking block's start. */
  thinking_display?: string;
  /** The id of the API response the event belongs to. */
  api_message_id?: string;
  /** On the `message_stop` closing a response a stream error broke off: the blocks given up. */
  abandoned_blocks?: { api_message_id: string; from_block_index: number };
  ttft_ms?: number;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
}

/** The usage of a result: the API's named usage fields, never null; any other field as sent. */
export type NonNullableUsage = {
  [K in keyof BetaUsage as string extends K ? never : K]: NonNullable<BetaUsage[K]>;
} & { [key: string]: unknown };

/**
 * One model's usage over the query (`modelUsage` of a result, keyed by model): tokens by kind, web
 * searches, the cost in USD, and the model's context window and output limit.
 */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  thinkingTokens?: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  cacheCreationEphemeral5mInputTokens?: number;
  cacheCreationEphemeral1hInputTokens?: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
  canonicalModel?: string;
  provider?: string;
  costBasis?: 'list' | 'managed' | 'unknown';
}

/** A tool call that was refused during the query (`permission_denials` of a result). */
export interface SDKPermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

/**
 * Why the query's loop stopped (`terminal_reason` of a result): completed, a limit, an abort, a
 * hook, a deferred tool, or an error.
 */
export type TerminalReason =
  | 'blocking_limit'
  | 'rapid_refill_breaker'
  | 'prompt_too_long'
  | 'image_error'
  | 'model_error'
  | 'api_error'
  | 'malformed_tool_use_exhausted'
  | 'aborted_streaming'
  | 'aborted_tools'
  | 'stop_hook_prevented'
  | 'hook_stopped'
  | 'tool_deferred'
  | 'max_turns'
  | 'background_requested'
  | 'completed'
  | 'budget_exhausted'
  | 'structured_output_retry_exhausted'
  | 'tool_deferred_unavailable'
  | 'turn_setup_failed';

/** Why a session could not start (`startup_failure_reason` of an error result). */
export type SDKStartupFailureReason =
  | 'org_pin_api_key_conflict' | 'provider_not_allowed' | 'org_verify_failed' | 'org_pin_mismatch'
  | 'managed_settings_invalid' | 'remote_settings_required_unavailable' | 'gateway_signin_required'
  | 'gateway_access_denied' | 'proxy_invalid' | 'temp_dir_unusable' | 'cwd_unavailable'
  | 'shell_tool_missing' | 'session_held_by_background' | 'worktree_resume_refused'
  | 'worktree_unverified' | 'cli_version_too_old' | 'bypass_root' | 'org_config_required_unavailable'
  | 'org_config_refused' | 'sandbox_required_unavailable' | 'initialize_not_first'
  | 'config_file_invalid' | 'managed_settings_not_delivered' | 'initialize_fields_not_delivered'
  | 'sideload_flags_disabled';

/** Whether fast mode is on, off, or cooling down after a rate limit. */
export type FastModeState = 'off' | 'cooldown' | 'on';
/** Why fast mode is unavailable. */
export type FastModeDisabledReason =
  | 'free' | 'preference' | 'extra_usage_disabled' | 'network_error' | 'unknown' | 'not_first_party'
  | 'disabled_by_env' | 'model_not_allowed' | 'sdk_opt_in_required' | 'pending';

interface SDKResultBase extends SDKMessageBase {
  type: 'result';
  duration_ms: number;
  duration_api_ms: number;
  is_error: boolean;
  num_turns: number;
  /** The API's stop reason of the last response. */
  stop_reason: string | null;
  /** Cumulative over the query() call. */
  total_cost_usd: number;
  /** Main loop, this turn only. */
  usage: NonNullableUsage;
  /** Per model, cumulative. */
  modelUsage: Record<string, ModelUsage>;
  /** The tool calls refused during the turn. */
  permission_denials: SDKPermissionDenial[];
  /** Why the loop stopped. */
  terminal_reason?: TerminalReason;
  queued_turn_count?: number;
  result_index?: number;
  /** With partial messages: the API messages whose streams began since the previous result. */
  begun_message_ids?: string[];
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  credential_expires_at?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  origin?: SDKMessageOrigin;
  ttft_ms?: number;
  ttft_stream_ms?: number;
  time_to_request_ms?: number;
  first_content_frame_ms?: number;
}

/** A turn that completed (`is_error` is still true when it ended on an API error). */
export interface SDKResultSuccess extends SDKResultBase {
  subtype: 'success';
  /** The final text of the turn. */
  result: string;
  api_error_status?: number | null;
  /** The API's `error.type` when an API error ended the turn (`is_error` is then true). */
  api_error_type?: string;
  /** The answer as JSON, when `outputFormat` asked for one. */
  structured_output?: unknown;
  /** The tool call a PreToolUse hook deferred; the turn ended with it pending. */
  deferred_tool_use?: { id: string; name: string; input: Record<string, unknown> };
  local_command?: string;
}

/** A turn that stopped on a limit or a failure. */
export interface SDKResultError extends SDKResultBase {
  subtype: 'error_during_execution' | 'error_max_turns' | 'error_max_budget_usd' | 'error_max_structured_output_retries';
  /** What went wrong, as messages. */
  errors: string[];
  startup_failure_reason?: SDKStartupFailureReason;
  invalid_config_file?: { path: string; is_global: boolean; backup_searched: boolean; backup_path?: string };
}

/**
 * The last message of each turn: success (with the final text) or an error subtype; both carry
 * durations, turns, cost and usage.
 */
export type SDKResultMessage = SDKResultSuccess | SDKResultError;

/** `system/init`: the session's tools, model, mode and servers, at the start of each turn. */
export interface SDKSystemMessage extends SDKMessageBase {
  type: 'system';
  subtype: 'init';
  /** Where the API credential came from. */
  apiKeySource: ApiKeySource;
  /** The version of the Claude Code CLI behind the session; oxagent runs none and leaves it out. */
  claude_code_version?: string;
  cwd: string;
  tools: string[];
  /** Each MCP server with its connection status. */
  mcp_servers: { name: string; status: string; source?: string }[];
  model: string;
  permissionMode: PermissionMode;
  /** The slash commands the session accepts. */
  slash_commands: string[];
  terminal_slash_commands?: string[];
  /** The output style in use. */
  output_style: string;
  skills: string[];
  plugins: { name: string; path: string; version?: string; source?: string }[];
  plugin_errors?: { plugin: string; type: string; message: string; path?: string }[];
  agents?: string[];
  betas?: string[];
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  effort?: EffortLevel | null;
  view_mode?: 'focus' | 'default';
  capabilities?: string[];
  /** The session's directories besides `cwd` (`additionalDirectories`). */
  additional_directories?: string[];
}

/**
 * How full the context window is, as carried on assistant messages: tokens used against the window
 * and the categories that use them.
 */
export interface SDKContextUsage {
  model: string;
  total_tokens: number;
  raw_max_tokens: number;
  percentage: number;
  over_limit?: boolean;
  categories: { name: string; tokens: number; kind: 'used' | 'free' | 'buffer' | 'deferred' }[];
  mcp_tools: unknown[];
  memory_files: unknown[];
  agents: unknown[];
  skills?: unknown[];
}

/** A link to an MCP resource, attached to a task notification. */
export interface SDKMcpResourceLink {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: unknown;
}

interface SDKSystemBase extends SDKMessageBase {
  type: 'system';
}

/**
 * `system/compact_boundary`: the conversation was compacted here; `compact_metadata` says whether
 * by hand or automatically and the token counts before and after.
 */
export interface SDKCompactBoundaryMessage extends SDKSystemBase {
  subtype: 'compact_boundary';
  compact_metadata: {
    trigger: 'manual' | 'auto';
    pre_tokens: number;
    post_tokens?: number;
    cumulative_dropped_tokens?: number;
    duration_ms?: number;
    preserved_segment?: { head_uuid: UUID; anchor_uuid: UUID; tail_uuid: UUID };
    preserved_messages?: { anchor_uuid: UUID; uuids: UUID[]; all_uuids?: UUID[] };
  };
  /** The message before the boundary, in the conversation as it was. */
  logical_parent_uuid?: UUID | null;
}

/**
 * `system/status`: the session's activity changed (compacting, requesting, or idle when `null`),
 * or the permission mode changed.
 */
export interface SDKStatusMessage extends SDKSystemBase {
  subtype: 'status';
  status: 'compacting' | 'requesting' | null;
  permissionMode?: PermissionMode;
  compact_result?: 'success' | 'failed';
  compact_error?: string;
  compact_output_chars?: number;
}

/**
 * `system/api_retry`: an API call failed and will be retried after `retry_delay_ms` (attempt
 * `attempt` of `max_retries`).
 */
export interface SDKAPIRetryMessage extends SDKSystemBase {
  subtype: 'api_retry';
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: SDKAssistantMessageError;
  no_response?: { waited_ms: number; retry_wait_ms: number };
}

/**
 * `system/control_request_progress`: progress of a long control request (started, or retrying the
 * API).
 */
export interface SDKControlRequestProgressMessage extends SDKSystemBase {
  subtype: 'control_request_progress';
  request_id: string;
  status: 'started' | 'api_retry';
  attempt?: number;
  max_retries?: number;
  retry_delay_ms?: number;
  error_status?: number | null;
}

/**
 * `system/model_refusal_fallback`: the model refused and the turn switched to `fallback_model`;
 * `retracted_message_uuids` are the messages withdrawn.
 */
export interface SDKModelRefusalFallbackMessage extends SDKSystemBase {
  subtype: 'model_refusal_fallback';
  trigger: 'refusal';
  direction: 'retry' | 'revert' | 'sticky';
  scope?: 'session' | 'local';
  original_model: string;
  fallback_model: string;
  request_id: string | null;
  api_refusal_category?: string;
  api_refusal_explanation?: string;
  retracted_message_uuids?: UUID[];
  refused_user_message_uuid?: UUID;
  content: string;
}

/** `system/model_refusal_no_fallback`: the model refused and no fallback model was available. */
export interface SDKModelRefusalNoFallbackMessage extends SDKSystemBase {
  subtype: 'model_refusal_no_fallback';
  original_model: string;
  request_id: string | null;
  api_refusal_category?: string;
  api_refusal_explanation?: string;
  refused_user_message_uuid?: UUID;
  content: string;
}

/**
 * `system/local_command_output`: the text output of a local slash command (`/cost`, `/context`,
 * ...).
 */
export interface SDKLocalCommandOutputMessage extends SDKSystemBase {
  subtype: 'local_command_output';
  content: string;
}

/**
 * `system/hook_started` (with `includeHookEvents`): a hook began; `hook_id` pairs it with its
 * progress and response.
 */
export interface SDKHookStartedMessage extends SDKSystemBase {
  subtype: 'hook_started';
  hook_id: string;
  hook_name: string;
  hook_event: string;
}

/** `system/hook_progress` (with `includeHookEvents`): output a running hook has written so far. */
export interface SDKHookProgressMessage extends SDKSystemBase {
  subtype: 'hook_progress';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  stdout: string;
  stderr: string;
  output: string;
}

/**
 * `system/hook_response` (with `includeHookEvents`): a hook finished, with its output, exit code
 * and outcome.
 */
export interface SDKHookResponseMessage extends SDKSystemBase {
  subtype: 'hook_response';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  output: string;
  stdout: string;
  stderr: string;
  exit_code?: number;
  outcome: 'success' | 'error' | 'cancelled';
}

/** `system/plugin_install`: progress of installing the session's plugins. */
export interface SDKPluginInstallMessage extends SDKSystemBase {
  subtype: 'plugin_install';
  status: 'started' | 'installed' | 'failed' | 'completed';
  name?: string;
  error?: string;
}

/** `tool_progress`: a tool call is still running after `elapsed_time_seconds`. */
export interface SDKToolProgressMessage extends SDKMessageBase {
  type: 'tool_progress';
  tool_use_id: string;
  tool_name: string;
  parent_tool_use_id: string | null;
  elapsed_time_seconds: number;
  task_id?: string;
  /** A keep-alive with no new information. */
  heartbeat?: boolean;
  subagent_type?: string;
  subagent_retry?: { agent_id: string; attempt: number; max_retries: number; retry_delay_ms: number; error_status: number | null; error_category: string };
}

/** `auth_status`: progress of an authentication flow, with its output lines and any error. */
export interface SDKAuthStatusMessage extends SDKMessageBase {
  type: 'auth_status';
  isAuthenticating: boolean;
  output: string[];
  error?: string;
}

/**
 * `system/task_started`: a task (a subagent, a background command, ...) began; `task_id` names it
 * in the task messages that follow.
 */
export interface SDKTaskStartedMessage extends SDKSystemBase {
  subtype: 'task_started';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  is_backgrounded?: boolean;
  spawn_depth?: number;
  parent_task_id?: string;
  task_type?: string;
  workflow_name?: string;
  prompt?: string;
  skip_transcript?: boolean;
  ambient?: boolean;
}

/**
 * `system/task_progress`: a running task's totals so far (tokens, tool uses, milliseconds) and the
 * tool it used last.
 */
export interface SDKTaskProgressMessage extends SDKSystemBase {
  subtype: 'task_progress';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  usage: { total_tokens: number; tool_uses: number; duration_ms: number };
  last_tool_name?: string;
  summary?: string;
}

/** `system/task_updated`: a task's state changed; `patch` holds the fields that changed. */
export interface SDKTaskUpdatedMessage extends SDKSystemBase {
  subtype: 'task_updated';
  task_id: string;
  run_id?: string;
  patch: {
    status?: 'pending' | 'running' | 'completed' | 'failed' | 'killed' | 'paused';
    description?: string;
    end_time?: number;
    total_paused_ms?: number;
    error?: string;
    is_backgrounded?: boolean;
  };
}

/**
 * `system/task_notification`: a task finished (completed, failed or stopped), with a summary and
 * the file holding its output.
 */
export interface SDKTaskNotificationMessage extends SDKSystemBase {
  subtype: 'task_notification';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  status: 'completed' | 'failed' | 'stopped';
  reason?: 'worker_restart';
  output_file: string;
  summary: string;
  usage?: { total_tokens: number; tool_uses: number; duration_ms: number };
  /** A background subagent's `summary` is its final report. */
  summary_is_report?: boolean;
  resource_links?: SDKMcpResourceLink[];
  skip_transcript?: boolean;
  ambient?: boolean;
}

/** `system/background_tasks_changed`: the full list of background tasks now running. */
export interface SDKBackgroundTasksChangedMessage extends SDKSystemBase {
  subtype: 'background_tasks_changed';
  tasks: { task_id: string; run_id?: string; task_type: string; subagent_type?: string; description: string; parent_task_id?: string; ambient?: boolean }[];
}

/**
 * `system/thinking_tokens`: an estimate of the tokens the model has spent thinking so far in this
 * response.
 */
export interface SDKThinkingTokensMessage extends SDKSystemBase {
  subtype: 'thinking_tokens';
  estimated_tokens: number;
  estimated_tokens_delta: number;
  user_message_uuid?: string;
}

/**
 * `system/session_state_changed`: the session became idle, started running, or waits for the host
 * (a permission or dialog).
 */
export interface SDKSessionStateChangedMessage extends SDKSystemBase {
  subtype: 'session_state_changed';
  state: 'idle' | 'running' | 'requires_action';
}

/** `system/worker_shutting_down`: the session's worker is stopping, with the reason. */
export interface SDKWorkerShuttingDownMessage extends SDKSystemBase {
  subtype: 'worker_shutting_down';
  reason: string;
}

/** `system/commands_changed`: the slash commands available changed; `commands` is the new list. */
export interface SDKCommandsChangedMessage extends SDKSystemBase {
  subtype: 'commands_changed';
  commands: SlashCommand[];
}

/** `system/notification`: a notice for the user; a later notice with the same `key` replaces it. */
export interface SDKNotificationMessage extends SDKSystemBase {
  subtype: 'notification';
  key: string;
  text: string;
  priority: 'low' | 'medium' | 'high' | 'immediate';
  color?: string;
  /** How long to show the notice. */
  timeout_ms?: number;
}

/**
 * `system/files_persisted`: files were uploaded to the Files API, with their ids, and those that
 * failed.
 */
export interface SDKFilesPersistedEvent extends SDKSystemBase {
  subtype: 'files_persisted';
  files: { filename: string; file_id: string }[];
  failed: { filename: string; error: string }[];
  processed_at: string;
}

/** `tool_use_summary`: a short summary of the tool calls listed in `preceding_tool_use_ids`. */
export interface SDKToolUseSummaryMessage extends SDKMessageBase {
  type: 'tool_use_summary';
  summary: string;
  preceding_tool_use_ids: string[];
}

/** `system/memory_recall`: memories were recalled for the turn, with their scope. */
export interface SDKMemoryRecallMessage extends SDKSystemBase {
  subtype: 'memory_recall';
  mode: 'select' | 'synthesize';
  memories: { path: string; scope: 'personal' | 'team' | 'organization'; content?: string }[];
}

/**
 * The account's rate-limit state: `status`, when the window resets, which limit applies, how much
 * is used (`utilization`), and the overage (extra usage) state.
 */
export interface SDKRateLimitInfo {
  status: 'allowed' | 'allowed_warning' | 'rejected';
  /** When the current window resets. */
  resetsAt?: number;
  rateLimitType?: 'five_hour' | 'seven_day' | 'seven_day_opus' | 'seven_day_sonnet' | 'seven_day_overage_included' | 'overage';
  /** How much of the limit is used. */
  utilization?: number;
  /** The state of extra usage beyond the plan's limit. */
  overageStatus?: 'allowed' | 'allowed_warning' | 'rejected';
  overageResetsAt?: number;
  overageDisabledReason?: string;
  isUsingOverage?: boolean;
  overageInUse?: boolean;
  overageEnabled?: boolean;
  surpassedThreshold?: number;
  limitScope?: string;
  errorCode?: 'credits_required';
  canUserPurchaseCredits?: boolean;
  hasChargeableSavedPaymentMethod?: boolean;
}

/** `rate_limit_event`: the account's rate-limit state changed. */
export interface SDKRateLimitEvent extends SDKMessageBase {
  type: 'rate_limit_event';
  rate_limit_info: SDKRateLimitInfo;
}

/** `system/elicitation_complete`: an MCP server reported a URL-mode elicitation as done. */
export interface SDKElicitationCompleteMessage extends SDKSystemBase {
  subtype: 'elicitation_complete';
  mcp_server_name: string;
  elicitation_id: string;
}

/**
 * `system/permission_denied`: a tool call was refused, with the reason and the message the model
 * got.
 */
export interface SDKPermissionDeniedMessage extends SDKSystemBase {
  subtype: 'permission_denied';
  tool_name: string;
  tool_use_id: string;
  agent_id?: string;
  decision_reason_type?: string;
  decision_reason_code?: string;
  decision_reason?: string;
  message: string;
}

/** `prompt_suggestion` (with `promptSuggestions`): a prompt the user might send next. */
export interface SDKPromptSuggestionMessage extends SDKMessageBase {
  type: 'prompt_suggestion';
  suggestion: string;
}

/**
 * `system/mirror_error`: writing the transcript to `options.sessionStore` failed for `key`; the
 * session goes on.
 */
export interface SDKMirrorErrorMessage extends SDKSystemBase {
  subtype: 'mirror_error';
  error: string;
  key: { projectKey: string; sessionId: string; subpath?: string };
}

/**
 * `system/informational`: a notice to show the user at `level`, such as a hook refusing a prompt.
 */
export interface SDKInformationalMessage extends SDKSystemBase {
  subtype: 'informational';
  content: string;
  level: 'info' | 'notice' | 'suggestion' | 'warning';
  tool_use_id?: string;
  prevent_continuation?: boolean;
  tag?: string;
  /** How UserPromptSubmit hooks refused the prompt. */
  prompt_submit_outcome?: { kind: 'blocked_by_hook' | 'stopped_by_hook'; prompt_kept: boolean; reason?: string };
}

/**
 * `conversation_reset`: the conversation was replaced while the session stayed connected
 * (`/clear`, for example); running totals on later results start again from zero.
 */
export interface SDKConversationResetMessage extends SDKMessageBase {
  type: 'conversation_reset';
  /** Identifies the fresh conversation (not the session id of later messages). */
  new_conversation_id: UUID;
  trigger?: 'clear' | 'plan_mode_exit' | 'fresh_session' | 'onboarding';
  user_message_uuid?: string;
  timestamp?: string;
}

/**
 * `system/session_writes_lost`: the disk was full or over quota, so the transcript or the global
 * config could not be written.
 */
export interface SDKSessionWritesLostMessage extends SDKSystemBase {
  subtype: 'session_writes_lost';
  error_code: 'ENOSPC' | 'EDQUOT';
  lost: ('transcript' | 'global_config')[];
  transcript_session_ids?: string[];
}

/** On the wire but not part of SDKMessage. */
export interface SDKActiveGoalMessage extends SDKMessageBase {
  type: 'active_goal';
  value: { condition: string; iterations: number; set_at: string; tokens_at_start: number; last_reason?: string } | null;
}

/**
 * Any message the query yields; compare on `type` (and `subtype`), and ignore kinds you do not
 * know.
 */
export type SDKMessage =
  | SDKAssistantMessage
  | SDKUserMessage
  | SDKUserMessageReplay
  | SDKResultMessage
  | SDKSystemMessage
  | SDKPartialAssistantMessage
  | SDKCompactBoundaryMessage
  | SDKStatusMessage
  | SDKAPIRetryMessage
  | SDKControlRequestProgressMessage
  | SDKModelRefusalFallbackMessage
  | SDKModelRefusalNoFallbackMessage
  | SDKLocalCommandOutputMessage
  | SDKHookStartedMessage
  | SDKHookProgressMessage
  | SDKHookResponseMessage
  | SDKPluginInstallMessage
  | SDKToolProgressMessage
  | SDKAuthStatusMessage
  | SDKTaskStartedMessage
  | SDKTaskProgressMessage
  | SDKTaskUpdatedMessage
  | SDKTaskNotificationMessage
  | SDKBackgroundTasksChangedMessage
  | SDKThinkingTokensMessage
  | SDKSessionStateChangedMessage
  | SDKWorkerShuttingDownMessage
  | SDKCommandsChangedMessage
  | SDKNotificationMessage
  | SDKFilesPersistedEvent
  | SDKToolUseSummaryMessage
  | SDKMemoryRecallMessage
  | SDKRateLimitEvent
  | SDKElicitationCompleteMessage
  | SDKPermissionDeniedMessage
  | SDKPromptSuggestionMessage
  | SDKMirrorErrorMessage
  | SDKInformationalMessage
  | SDKConversationResetMessage
  | SDKSessionWritesLostMessage;
