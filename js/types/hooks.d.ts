// Hook callbacks: registration, inputs (one per event) and outputs.
import type { PermissionMode, PermissionUpdate, McpServerProvenance } from './permissions.js';
import type { SDKAssistantMessageError } from './messages.js';

/** The events a hook can be registered for (keys of `options.hooks`). */
export type HookEvent =
  | 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PostToolBatch' | 'Notification'
  | 'UserPromptSubmit' | 'UserPromptExpansion' | 'SessionStart' | 'SessionEnd' | 'Stop' | 'StopFailure'
  | 'SubagentStart' | 'SubagentStop' | 'PreCompact' | 'PostCompact' | 'PreModelSwitch' | 'PostModelSwitch'
  | 'PermissionRequest' | 'PermissionDenied' | 'Setup' | 'TeammateIdle' | 'TaskCreated' | 'TaskCompleted'
  | 'Elicitation' | 'ElicitationResult' | 'ConfigChange' | 'WorktreeCreate' | 'WorktreeRemove'
  | 'InstructionsLoaded' | 'CwdChanged' | 'FileChanged' | 'DirectoryAdded' | 'MessageDisplay'
  | 'PreSkillShellCommand';

/** Why a session ended (`SessionEndHookInput.reason`). */
export type ExitReason = 'clear' | 'resume' | 'logout' | 'prompt_input_exit' | 'other';

/**
 * The fields every hook input has: the session id, its transcript file, the working directory, and
 * (when known) the permission mode, the subagent making the call, and the effort level.
 */
export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  /** Identifies the prompt whose turn triggered the hook. */
  prompt_id?: string;
  permission_mode?: PermissionMode | (string & {});
  /** Set when a subagent triggered the hook. */
  agent_id?: string;
  agent_type?: string;
  effort?: { level: string };
}

/**
 * A background task still running when the agent stops (`background_tasks` of Stop and
 * SubagentStop inputs).
 */
export interface BackgroundTaskSummary {
  id: string;
  type: string;
  status: string;
  description: string;
  command?: string;
  agent_type?: string;
  server?: string;
  tool?: string;
  name?: string;
}

/**
 * A prompt the session has scheduled (`session_crons` of Stop and SubagentStop inputs): its cron
 * schedule, whether it repeats, and the prompt.
 */
export interface SessionCronSummary {
  id: string;
  schedule: string;
  recurring: boolean;
  prompt: string;
}

interface ToolHookFields {
  tool_name: string;
  tool_input: unknown;
  mcp_server?: McpServerProvenance;
}

/**
 * Before a tool runs: the tool, its input and the call id. The hook may allow, deny, ask, defer or
 * change the input.
 */
export interface PreToolUseHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PreToolUse'; tool_use_id: string }
/**
 * After a tool succeeded: its input and `tool_response`; `duration_ms` is how long the call took.
 */
export interface PostToolUseHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PostToolUse'; tool_response: unknown; tool_use_id: string; duration_ms?: number }
/**
 * After a tool call failed: `error` is the message; `is_interrupt` is true when the user
 * interrupted the call.
 */
export interface PostToolUseFailureHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PostToolUseFailure'; tool_use_id: string; error: string; is_interrupt?: boolean; duration_ms?: number }
/**
 * After every tool call of one model response has run: the calls with their inputs and responses.
 */
export interface PostToolBatchHookInput extends BaseHookInput { hook_event_name: 'PostToolBatch'; tool_calls: { tool_name: string; tool_input: unknown; tool_use_id: string; tool_response?: unknown }[] }
/** The agent shows a notice (waiting for permission, idle, ...): its message, title and kind. */
export interface NotificationHookInput extends BaseHookInput { hook_event_name: 'Notification'; message: string; title?: string; notification_type: string }
/** A prompt was sent, before the model sees it; `source` says who sent it. */
export interface UserPromptSubmitHookInput extends BaseHookInput { hook_event_name: 'UserPromptSubmit'; prompt: string; source?: 'user' | 'sdk' | 'system' | 'loop_wakeup' | 'schedule_wakeup' | 'poll_event'; session_title?: string }
/**
 * A slash command or MCP prompt is expanded into a prompt: which one, its arguments, and the
 * resulting text.
 */
export interface UserPromptExpansionHookInput extends BaseHookInput { hook_event_name: 'UserPromptExpansion'; expansion_type: 'slash_command' | 'mcp_prompt'; command_name: string; command_args: string; command_source?: string; prompt: string }
/**
 * A session starts: fresh, resumed, after `/clear` or compaction, or forked (`source`), with cache
 * facts for a resumed one.
 */
export interface SessionStartHookInput extends BaseHookInput {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  model?: string;
  session_title?: string;
  /** For a resumed session: how long it sat idle. */
  seconds_since_last_response?: number;
  context_tokens?: number;
  /** Whether the prompt cache has probably expired since the last response. */
  prompt_cache_likely_expired?: boolean;
  estimated_cache_write_usd?: number;
}
/** A session ends, with the reason. */
export interface SessionEndHookInput extends BaseHookInput { hook_event_name: 'SessionEnd'; reason: ExitReason }
/**
 * The agent is about to end its turn. `stop_hook_active` is true when a Stop hook already kept it
 * going once (check it to avoid loops).
 */
export interface StopHookInput extends BaseHookInput { hook_event_name: 'Stop'; stop_hook_active: boolean; last_assistant_message?: string; background_tasks?: BackgroundTaskSummary[]; session_crons?: SessionCronSummary[] }
/** A turn ended on an API error instead of finishing: the error kind and details. */
export interface StopFailureHookInput extends BaseHookInput { hook_event_name: 'StopFailure'; error: SDKAssistantMessageError; error_details?: string; last_assistant_message?: string }
/** A subagent begins: its id and type. */
export interface SubagentStartHookInput extends BaseHookInput { hook_event_name: 'SubagentStart'; agent_id: string; agent_type: string }
/** A subagent finishes: its id, type and transcript file, and `stop_hook_active` as for Stop. */
export interface SubagentStopHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_id: string;
  /** The subagent's own transcript file. */
  agent_transcript_path: string;
  agent_type: string;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
}
/**
 * Before the conversation is compacted: `trigger` is `manual` (`/compact`) or `auto`;
 * `custom_instructions` are those given to `/compact`.
 */
export interface PreCompactHookInput extends BaseHookInput { hook_event_name: 'PreCompact'; trigger: 'manual' | 'auto'; custom_instructions: string | null }
/** After compaction, with the summary that replaced the conversation. */
export interface PostCompactHookInput extends BaseHookInput { hook_event_name: 'PostCompact'; trigger: 'manual' | 'auto'; compact_summary: string }
interface ModelSwitchFields {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
}
/**
 * Before the model changes: both models, where the change comes from, and what it costs (cache
 * state, estimated cache write).
 */
export interface PreModelSwitchHookInput extends BaseHookInput, ModelSwitchFields { hook_event_name: 'PreModelSwitch'; source: 'command' | 'picker' | 'sdk' }
/** After the model changed, with the same facts as PreModelSwitch. */
export interface PostModelSwitchHookInput extends BaseHookInput, ModelSwitchFields { hook_event_name: 'PostModelSwitch'; source: 'command' | 'picker' | 'sdk' | 'auto' | 'resume' }
/**
 * A tool call would ask for permission; `permission_suggestions` are the updates a user could
 * accept.
 */
export interface PermissionRequestHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PermissionRequest'; permission_suggestions?: PermissionUpdate[] }
/** A tool call was denied (by a rule, the auto-mode classifier or a hook), with the reason. */
export interface PermissionDeniedHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PermissionDenied'; tool_use_id: string; reason: string }
/** Repository setup or maintenance runs (`trigger`). */
export interface SetupHookInput extends BaseHookInput { hook_event_name: 'Setup'; trigger: 'init' | 'maintenance' }
/** A teammate of an agent team has nothing left to do. */
export interface TeammateIdleHookInput extends BaseHookInput { hook_event_name: 'TeammateIdle'; teammate_name: string; team_name: string }
interface TaskFields { task_id: string; task_subject: string; task_description?: string; teammate_name?: string; team_name?: string }
/** A task was added to the task list. */
export interface TaskCreatedHookInput extends BaseHookInput, TaskFields { hook_event_name: 'TaskCreated' }
/** A task of the task list was completed. */
export interface TaskCompletedHookInput extends BaseHookInput, TaskFields { hook_event_name: 'TaskCompleted' }
/** An MCP server asks for user input: a form (`requested_schema`) or a URL to open. */
export interface ElicitationHookInput extends BaseHookInput { hook_event_name: 'Elicitation'; mcp_server_name: string; message: string; mode?: 'form' | 'url'; url?: string; elicitation_id?: string; requested_schema?: Record<string, unknown> }
/** The user answered an elicitation, before the answer goes to the MCP server. */
export interface ElicitationResultHookInput extends BaseHookInput { hook_event_name: 'ElicitationResult'; mcp_server_name: string; elicitation_id?: string; mode?: 'form' | 'url'; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
/** A settings file or the skills changed during the session. */
export interface ConfigChangeHookInput extends BaseHookInput { hook_event_name: 'ConfigChange'; source: 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills'; file_path?: string }
/** A git worktree is to be created under `name`; the hook may create it itself. */
export interface WorktreeCreateHookInput extends BaseHookInput { hook_event_name: 'WorktreeCreate'; name: string }
/** A git worktree is to be removed. */
export interface WorktreeRemoveHookInput extends BaseHookInput { hook_event_name: 'WorktreeRemove'; worktree_path: string }
/** An instructions file (CLAUDE.md, a rule file) was loaded: which, of what kind, and why. */
export interface InstructionsLoadedHookInput extends BaseHookInput {
  hook_event_name: 'InstructionsLoaded';
  file_path: string;
  memory_type: 'User' | 'Project' | 'Local' | 'Managed';
  /**
   * Why the file was loaded: at start, while walking into a subdirectory, a path glob match, an
   * include, or after compaction.
   */
  load_reason: 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include' | 'compact';
  globs?: string[];
  trigger_file_path?: string;
  parent_file_path?: string;
}
/** The working directory changed. */
export interface CwdChangedHookInput extends BaseHookInput { hook_event_name: 'CwdChanged'; old_cwd: string; new_cwd: string }
/** A watched file changed, was added or was removed. */
export interface FileChangedHookInput extends BaseHookInput { hook_event_name: 'FileChanged'; file_path: string; event: 'change' | 'add' | 'unlink' }
/** A directory was added to the session's working directories. */
export interface DirectoryAddedHookInput extends BaseHookInput { hook_event_name: 'DirectoryAdded'; directory: string; source: 'slash_command' | 'register_repo_root' }
/**
 * Text of an assistant message is about to be displayed: one `delta` of it, `final` on the last.
 */
export interface MessageDisplayHookInput extends BaseHookInput { hook_event_name: 'MessageDisplay'; turn_id: string; message_id: string; index: number; final: boolean; delta: string }
/**
 * Before a skill or slash command runs a shell command of its own: the command and who invoked it.
 */
export interface PreSkillShellCommandHookInput extends BaseHookInput {
  hook_event_name: 'PreSkillShellCommand';
  tool_name: 'Bash' | 'PowerShell';
  tool_input: { command: string };
  tool_use_id: string;
  command_name: string;
  command_source?: string;
  /** Whether the user or the model invoked the skill. */
  invoked_by: 'user' | 'claude' | 'other';
}

/** The input of any hook; compare on `hook_event_name`. */
export type HookInput =
  | PreToolUseHookInput | PostToolUseHookInput | PostToolUseFailureHookInput | PostToolBatchHookInput
  | NotificationHookInput | UserPromptSubmitHookInput | UserPromptExpansionHookInput | SessionStartHookInput
  | SessionEndHookInput | StopHookInput | StopFailureHookInput | SubagentStartHookInput | SubagentStopHookInput
  | PreCompactHookInput | PostCompactHookInput | PreModelSwitchHookInput | PostModelSwitchHookInput
  | PermissionRequestHookInput | PermissionDeniedHookInput | SetupHookInput | TeammateIdleHookInput
  | TaskCreatedHookInput | TaskCompletedHookInput | ElicitationHookInput | ElicitationResultHookInput
  | ConfigChangeHookInput | WorktreeCreateHookInput | WorktreeRemoveHookInput | InstructionsLoadedHookInput
  | CwdChangedHookInput | FileChangedHookInput | DirectoryAddedHookInput | MessageDisplayHookInput
  | PreSkillShellCommandHookInput;

/**
 * A PreToolUse decision: allow, deny, ask the user, or defer (end the query with the call
 * pending).
 */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/**
 * PreToolUse output: a permission decision and its reason, `updatedInput` to run the tool with,
 * and `additionalContext` for the model.
 */
export interface PreToolUseHookSpecificOutput { hookEventName: 'PreToolUse'; permissionDecision?: HookPermissionDecision; permissionDecisionReason?: string; updatedInput?: Record<string, unknown>; additionalContext?: string }
/**
 * PostToolUse output: `additionalContext` for the model, or a replacement tool output
 * (`updatedMCPToolOutput` for MCP tools).
 */
export interface PostToolUseHookSpecificOutput { hookEventName: 'PostToolUse'; additionalContext?: string; classifierContext?: string; updatedToolOutput?: unknown; updatedMCPToolOutput?: unknown }
/** PostToolUseFailure output: `additionalContext` given to the model with the error. */
export interface PostToolUseFailureHookSpecificOutput { hookEventName: 'PostToolUseFailure'; additionalContext?: string }
/** PostToolBatch output: `additionalContext` for the model. */
export interface PostToolBatchHookSpecificOutput { hookEventName: 'PostToolBatch'; additionalContext?: string }
/** Notification output: `additionalContext` for the model. */
export interface NotificationHookSpecificOutput { hookEventName: 'Notification'; additionalContext?: string }
/**
 * UserPromptSubmit output: `additionalContext` added next to the prompt, a `sessionTitle`, or
 * `suppressOriginalPrompt` to drop the prompt.
 */
export interface UserPromptSubmitHookSpecificOutput { hookEventName: 'UserPromptSubmit'; additionalContext?: string; sessionTitle?: string; suppressOriginalPrompt?: boolean }
/** UserPromptExpansion output: `additionalContext`, or `suppressOriginalPrompt`. */
export interface UserPromptExpansionHookSpecificOutput { hookEventName: 'UserPromptExpansion'; additionalContext?: string; suppressOriginalPrompt?: boolean }
/**
 * SessionStart output: `additionalContext` for the model, a first user message, a session title,
 * paths to watch for FileChanged, or `reloadSkills`.
 */
export interface SessionStartHookSpecificOutput { hookEventName: 'SessionStart'; additionalContext?: string; initialUserMessage?: string; sessionTitle?: string; watchPaths?: string[]; reloadSkills?: boolean }
/** Stop output: `additionalContext` for the model. */
export interface StopHookSpecificOutput { hookEventName: 'Stop'; additionalContext?: string }
/** SubagentStart output: `additionalContext` given to the subagent. */
export interface SubagentStartHookSpecificOutput { hookEventName: 'SubagentStart'; additionalContext?: string }
/** SubagentStop output: `additionalContext` for the model. */
export interface SubagentStopHookSpecificOutput { hookEventName: 'SubagentStop'; additionalContext?: string }
/** PreModelSwitch output: allow, deny or ask about the change of model, with a reason. */
export interface PreModelSwitchHookSpecificOutput { hookEventName: 'PreModelSwitch'; permissionDecision?: 'allow' | 'deny' | 'ask'; permissionDecisionReason?: string }
/** PostModelSwitch output: `additionalContext` for the model. */
export interface PostModelSwitchHookSpecificOutput { hookEventName: 'PostModelSwitch'; additionalContext?: string }
/**
 * PermissionRequest output: `decision` answers the request, allow (with changed input or
 * permission updates) or deny (with a message, optionally interrupting).
 */
export interface PermissionRequestHookSpecificOutput {
  hookEventName: 'PermissionRequest';
  decision:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
    | { behavior: 'deny'; message?: string; interrupt?: boolean };
}
/** PermissionDenied output: `retry` tells the model it may try the call again. */
export interface PermissionDeniedHookSpecificOutput { hookEventName: 'PermissionDenied'; retry?: boolean }
/** Setup output: `additionalContext` for the model. */
export interface SetupHookSpecificOutput { hookEventName: 'Setup'; additionalContext?: string }
/** Elicitation output: answers the request (`action`, with `content`) without asking the user. */
export interface ElicitationHookSpecificOutput { hookEventName: 'Elicitation'; action?: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
/** ElicitationResult output: replaces the user's answer before it goes to the MCP server. */
export interface ElicitationResultHookSpecificOutput { hookEventName: 'ElicitationResult'; action?: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
/** WorktreeCreate output: `worktreePath`, where the hook created the worktree. */
export interface WorktreeCreateHookSpecificOutput { hookEventName: 'WorktreeCreate'; worktreePath: string }
/** CwdChanged output: `watchPaths`, paths to watch for FileChanged. */
export interface CwdChangedHookSpecificOutput { hookEventName: 'CwdChanged'; watchPaths?: string[] }
/** FileChanged output: `watchPaths`, the paths to watch from now on. */
export interface FileChangedHookSpecificOutput { hookEventName: 'FileChanged'; watchPaths?: string[] }
/** MessageDisplay output: `displayContent`, the text to display for the message. */
export interface MessageDisplayHookSpecificOutput { hookEventName: 'MessageDisplay'; displayContent?: string }
/**
 * PreSkillShellCommand output: a permission decision for the command, with a reason, or changed
 * input.
 */
export interface PreSkillShellCommandHookSpecificOutput { hookEventName: 'PreSkillShellCommand'; permissionDecision?: HookPermissionDecision; permissionDecisionReason?: string; updatedInput?: Record<string, unknown> }

/** A hook's answer that it carries on in the background: the session does not wait for it. */
export interface AsyncHookJSONOutput {
  async: true;
  asyncTimeout?: number;
}

/** A hook's answer; `{}` means no opinion. `hookSpecificOutput` carries the event's own fields. */
export interface SyncHookJSONOutput {
  /** `false` stops the agent after this hook. */
  continue?: boolean;
  /** Keep the hook's output out of the transcript. */
  suppressOutput?: boolean;
  /** The message shown when `continue` is false. */
  stopReason?: string;
  /** `block` refuses the action (for Stop: keeps the agent going); `reason` explains it. */
  decision?: 'approve' | 'block';
  /** A notice shown to the user. */
  systemMessage?: string;
  terminalSequence?: string;
  /** Why, for `decision`; shown to the model. */
  reason?: string;
  hookSpecificOutput?:
    | PreToolUseHookSpecificOutput | PostToolUseHookSpecificOutput | PostToolUseFailureHookSpecificOutput
    | PostToolBatchHookSpecificOutput | NotificationHookSpecificOutput | UserPromptSubmitHookSpecificOutput
    | UserPromptExpansionHookSpecificOutput | SessionStartHookSpecificOutput | StopHookSpecificOutput
    | SubagentStartHookSpecificOutput | SubagentStopHookSpecificOutput | PreModelSwitchHookSpecificOutput
    | PostModelSwitchHookSpecificOutput | PermissionRequestHookSpecificOutput | PermissionDeniedHookSpecificOutput
    | SetupHookSpecificOutput | ElicitationHookSpecificOutput | ElicitationResultHookSpecificOutput
    | WorktreeCreateHookSpecificOutput | CwdChangedHookSpecificOutput | FileChangedHookSpecificOutput
    | MessageDisplayHookSpecificOutput | PreSkillShellCommandHookSpecificOutput;
}

/** What a hook callback resolves to. */
export type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;

/** A hook: gets the event's input, the tool_use id (tool events) and an abort signal. */
export type HookCallback = (input: HookInput, toolUseID: string | undefined, options: { signal: AbortSignal }) => Promise<HookJSONOutput>;

/**
 * Hooks for one event (an entry of `options.hooks[event]`), limited to tools whose name matches
 * `matcher`.
 */
export interface HookCallbackMatcher {
  /** Tool-name pattern (`Bash`, `Edit|Write`, a regex); omitted means every call. */
  matcher?: string;
  hooks: HookCallback[];
  /** Seconds, for every hook of this matcher (default 60). */
  timeout?: number;
  /** What a hook that throws or times out means: carry on, or block the action. */
  onFailure?: 'continue' | 'block';
}
