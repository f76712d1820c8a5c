// Hook callbacks: registration, inputs (one per event) and outputs.
import type { PermissionMode, PermissionUpdate, McpServerProvenance } from './permissions.js';
import type { SDKAssistantMessageError } from './messages.js';

export type HookEvent =
  | 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PostToolBatch' | 'Notification'
  | 'UserPromptSubmit' | 'UserPromptExpansion' | 'SessionStart' | 'SessionEnd' | 'Stop' | 'StopFailure'
  | 'SubagentStart' | 'SubagentStop' | 'PreCompact' | 'PostCompact' | 'PreModelSwitch' | 'PostModelSwitch'
  | 'PermissionRequest' | 'PermissionDenied' | 'Setup' | 'TeammateIdle' | 'TaskCreated' | 'TaskCompleted'
  | 'Elicitation' | 'ElicitationResult' | 'ConfigChange' | 'WorktreeCreate' | 'WorktreeRemove'
  | 'InstructionsLoaded' | 'CwdChanged' | 'FileChanged' | 'DirectoryAdded' | 'MessageDisplay'
  | 'PreSkillShellCommand';

export type ExitReason = 'clear' | 'resume' | 'logout' | 'prompt_input_exit' | 'other';

export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  prompt_id?: string;
  permission_mode?: PermissionMode | (string & {});
  agent_id?: string;
  agent_type?: string;
  effort?: { level: string };
}

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

export interface PreToolUseHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PreToolUse'; tool_use_id: string }
export interface PostToolUseHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PostToolUse'; tool_response: unknown; tool_use_id: string; duration_ms?: number }
export interface PostToolUseFailureHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PostToolUseFailure'; tool_use_id: string; error: string; is_interrupt?: boolean; duration_ms?: number }
export interface PostToolBatchHookInput extends BaseHookInput { hook_event_name: 'PostToolBatch'; tool_calls: { tool_name: string; tool_input: unknown; tool_use_id: string; tool_response?: unknown }[] }
export interface NotificationHookInput extends BaseHookInput { hook_event_name: 'Notification'; message: string; title?: string; notification_type: string }
export interface UserPromptSubmitHookInput extends BaseHookInput { hook_event_name: 'UserPromptSubmit'; prompt: string; source?: 'user' | 'sdk' | 'system' | 'loop_wakeup' | 'schedule_wakeup' | 'poll_event'; session_title?: string }
export interface UserPromptExpansionHookInput extends BaseHookInput { hook_event_name: 'UserPromptExpansion'; expansion_type: 'slash_command' | 'mcp_prompt'; command_name: string; command_args: string; command_source?: string; prompt: string }
export interface SessionStartHookInput extends BaseHookInput {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  model?: string;
  session_title?: string;
  seconds_since_last_response?: number;
  context_tokens?: number;
  prompt_cache_likely_expired?: boolean;
  estimated_cache_write_usd?: number;
}
export interface SessionEndHookInput extends BaseHookInput { hook_event_name: 'SessionEnd'; reason: ExitReason }
export interface StopHookInput extends BaseHookInput { hook_event_name: 'Stop'; stop_hook_active: boolean; last_assistant_message?: string; background_tasks?: BackgroundTaskSummary[]; session_crons?: SessionCronSummary[] }
export interface StopFailureHookInput extends BaseHookInput { hook_event_name: 'StopFailure'; error: SDKAssistantMessageError; error_details?: string; last_assistant_message?: string }
export interface SubagentStartHookInput extends BaseHookInput { hook_event_name: 'SubagentStart'; agent_id: string; agent_type: string }
export interface SubagentStopHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_id: string;
  agent_transcript_path: string;
  agent_type: string;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
}
export interface PreCompactHookInput extends BaseHookInput { hook_event_name: 'PreCompact'; trigger: 'manual' | 'auto'; custom_instructions: string | null }
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
export interface PreModelSwitchHookInput extends BaseHookInput, ModelSwitchFields { hook_event_name: 'PreModelSwitch'; source: 'command' | 'picker' | 'sdk' }
export interface PostModelSwitchHookInput extends BaseHookInput, ModelSwitchFields { hook_event_name: 'PostModelSwitch'; source: 'command' | 'picker' | 'sdk' | 'auto' | 'resume' }
export interface PermissionRequestHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PermissionRequest'; permission_suggestions?: PermissionUpdate[] }
export interface PermissionDeniedHookInput extends BaseHookInput, ToolHookFields { hook_event_name: 'PermissionDenied'; tool_use_id: string; reason: string }
export interface SetupHookInput extends BaseHookInput { hook_event_name: 'Setup'; trigger: 'init' | 'maintenance' }
export interface TeammateIdleHookInput extends BaseHookInput { hook_event_name: 'TeammateIdle'; teammate_name: string; team_name: string }
interface TaskFields { task_id: string; task_subject: string; task_description?: string; teammate_name?: string; team_name?: string }
export interface TaskCreatedHookInput extends BaseHookInput, TaskFields { hook_event_name: 'TaskCreated' }
export interface TaskCompletedHookInput extends BaseHookInput, TaskFields { hook_event_name: 'TaskCompleted' }
export interface ElicitationHookInput extends BaseHookInput { hook_event_name: 'Elicitation'; mcp_server_name: string; message: string; mode?: 'form' | 'url'; url?: string; elicitation_id?: string; requested_schema?: Record<string, unknown> }
export interface ElicitationResultHookInput extends BaseHookInput { hook_event_name: 'ElicitationResult'; mcp_server_name: string; elicitation_id?: string; mode?: 'form' | 'url'; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
export interface ConfigChangeHookInput extends BaseHookInput { hook_event_name: 'ConfigChange'; source: 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills'; file_path?: string }
export interface WorktreeCreateHookInput extends BaseHookInput { hook_event_name: 'WorktreeCreate'; name: string }
export interface WorktreeRemoveHookInput extends BaseHookInput { hook_event_name: 'WorktreeRemove'; worktree_path: string }
export interface InstructionsLoadedHookInput extends BaseHookInput {
  hook_event_name: 'InstructionsLoaded';
  file_path: string;
  memory_type: 'User' | 'Project' | 'Local' | 'Managed';
  load_reason: 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include' | 'compact';
  globs?: string[];
  trigger_file_path?: string;
  parent_file_path?: string;
}
export interface CwdChangedHookInput extends BaseHookInput { hook_event_name: 'CwdChanged'; old_cwd: string; new_cwd: string }
export interface FileChangedHookInput extends BaseHookInput { hook_event_name: 'FileChanged'; file_path: string; event: 'change' | 'add' | 'unlink' }
export interface DirectoryAddedHookInput extends BaseHookInput { hook_event_name: 'DirectoryAdded'; directory: string; source: 'slash_command' | 'register_repo_root' }
export interface MessageDisplayHookInput extends BaseHookInput { hook_event_name: 'MessageDisplay'; turn_id: string; message_id: string; index: number; final: boolean; delta: string }
export interface PreSkillShellCommandHookInput extends BaseHookInput {
  hook_event_name: 'PreSkillShellCommand';
  tool_name: 'Bash' | 'PowerShell';
  tool_input: { command: string };
  tool_use_id: string;
  command_name: string;
  command_source?: string;
  invoked_by: 'user' | 'claude' | 'other';
}

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

export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

export interface PreToolUseHookSpecificOutput { hookEventName: 'PreToolUse'; permissionDecision?: HookPermissionDecision; permissionDecisionReason?: string; updatedInput?: Record<string, unknown>; additionalContext?: string }
export interface PostToolUseHookSpecificOutput { hookEventName: 'PostToolUse'; additionalContext?: string; classifierContext?: string; updatedToolOutput?: unknown; updatedMCPToolOutput?: unknown }
export interface PostToolUseFailureHookSpecificOutput { hookEventName: 'PostToolUseFailure'; additionalContext?: string }
export interface PostToolBatchHookSpecificOutput { hookEventName: 'PostToolBatch'; additionalContext?: string }
export interface NotificationHookSpecificOutput { hookEventName: 'Notification'; additionalContext?: string }
export interface UserPromptSubmitHookSpecificOutput { hookEventName: 'UserPromptSubmit'; additionalContext?: string; sessionTitle?: string; suppressOriginalPrompt?: boolean }
export interface UserPromptExpansionHookSpecificOutput { hookEventName: 'UserPromptExpansion'; additionalContext?: string; suppressOriginalPrompt?: boolean }
export interface SessionStartHookSpecificOutput { hookEventName: 'SessionStart'; additionalContext?: string; initialUserMessage?: string; sessionTitle?: string; watchPaths?: string[]; reloadSkills?: boolean }
export interface StopHookSpecificOutput { hookEventName: 'Stop'; additionalContext?: string }
export interface SubagentStartHookSpecificOutput { hookEventName: 'SubagentStart'; additionalContext?: string }
export interface SubagentStopHookSpecificOutput { hookEventName: 'SubagentStop'; additionalContext?: string }
export interface PreModelSwitchHookSpecificOutput { hookEventName: 'PreModelSwitch'; permissionDecision?: 'allow' | 'deny' | 'ask'; permissionDecisionReason?: string }
export interface PostModelSwitchHookSpecificOutput { hookEventName: 'PostModelSwitch'; additionalContext?: string }
export interface PermissionRequestHookSpecificOutput {
  hookEventName: 'PermissionRequest';
  decision:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
    | { behavior: 'deny'; message?: string; interrupt?: boolean };
}
export interface PermissionDeniedHookSpecificOutput { hookEventName: 'PermissionDenied'; retry?: boolean }
export interface SetupHookSpecificOutput { hookEventName: 'Setup'; additionalContext?: string }
export interface ElicitationHookSpecificOutput { hookEventName: 'Elicitation'; action?: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
export interface ElicitationResultHookSpecificOutput { hookEventName: 'ElicitationResult'; action?: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
export interface WorktreeCreateHookSpecificOutput { hookEventName: 'WorktreeCreate'; worktreePath: string }
export interface CwdChangedHookSpecificOutput { hookEventName: 'CwdChanged'; watchPaths?: string[] }
export interface FileChangedHookSpecificOutput { hookEventName: 'FileChanged'; watchPaths?: string[] }
export interface MessageDisplayHookSpecificOutput { hookEventName: 'MessageDisplay'; displayContent?: string }
export interface PreSkillShellCommandHookSpecificOutput { hookEventName: 'PreSkillShellCommand'; permissionDecision?: HookPermissionDecision; permissionDecisionReason?: string; updatedInput?: Record<string, unknown> }

export interface AsyncHookJSONOutput {
  async: true;
  asyncTimeout?: number;
}

export interface SyncHookJSONOutput {
  /** `false` stops the agent after this hook. */
  continue?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  terminalSequence?: string;
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

export type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;

/** A hook: gets the event's input, the tool_use id (tool events) and an abort signal. */
export type HookCallback = (input: HookInput, toolUseID: string | undefined, options: { signal: AbortSignal }) => Promise<HookJSONOutput>;

export interface HookCallbackMatcher {
  /** Tool-name pattern (`Bash`, `Edit|Write`, a regex); omitted means every call. */
  matcher?: string;
  hooks: HookCallback[];
  /** Seconds, for every hook of this matcher (default 60). */
  timeout?: number;
  onFailure?: 'continue' | 'block';
}
