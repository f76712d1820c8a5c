// Permission modes, rules, updates and the canUseTool callback.

/**
 * How tool calls are approved: `default` asks, `acceptEdits` allows file edits,
 * `bypassPermissions` allows everything, `plan` only plans, `dontAsk` denies what would ask,
 * `auto` lets a classifier decide.
 */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

/** What a permission rule does to a matching call: allow, deny or ask. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/**
 * One permission rule: the tool and, optionally, what it matches (`npm test` for Bash); without
 * `ruleContent` it covers every use of the tool.
 */
export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

/**
 * Where a permission update is saved: a settings file, the session only, or the command line's
 * rules.
 */
export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';

/**
 * A change to the session's permissions: add, replace or remove rules, set the mode, or add or
 * remove working directories, saved to `destination`.
 */
export type PermissionUpdate =
  | { type: 'addRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'replaceRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'removeRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'setMode'; mode: PermissionMode; destination: PermissionUpdateDestination }
  | { type: 'addDirectories'; directories: string[]; destination: PermissionUpdateDestination }
  | { type: 'removeDirectories'; directories: string[]; destination: PermissionUpdateDestination };

/**
 * How the user answered a permission request, for telemetry: allowed once, allowed for good, or
 * rejected.
 */
export type PermissionDecisionClassification = 'user_temporary' | 'user_permanent' | 'user_reject';

/**
 * The answer of `canUseTool`: allow (optionally with changed input and permission updates) or deny
 * with a message for the model.
 */
export type PermissionResult =
  | {
      behavior: 'allow';
      /** The input the tool runs with; the original input when left out. */
      updatedInput?: Record<string, unknown>;
      updatedPermissions?: PermissionUpdate[];
      toolUseID?: string;
      decisionClassification?: PermissionDecisionClassification;
    }
  | {
      behavior: 'deny';
      message: string;
      /** Stop the whole turn, not just this tool call. */
      interrupt?: boolean;
      toolUseID?: string;
      decisionClassification?: PermissionDecisionClassification;
    };

/** Where an MCP tool comes from; only `'sdk'` (an in-process server) is trustworthy. */
export interface McpServerProvenance {
  name: string;
  source: 'sdk' | 'plugin' | 'user' | 'project' | 'local' | 'dynamic' | 'managed' | 'enterprise' | 'claudeai' | 'agent' | (string & {});
}

/**
 * What `canUseTool` learns besides the tool name and input: an abort signal, suggested permission
 * updates, the call's ids, and why it is asking.
 */
export interface CanUseToolOptions {
  /** Aborted when the request is withdrawn (the turn was interrupted or the query closed). */
  signal: AbortSignal;
  /** Permission updates that would stop this question recurring (for an "always allow" button). */
  suggestions?: PermissionUpdate[];
  /** The path outside the allowed directories that triggered the request. */
  blockedPath?: string;
  mcpServer?: McpServerProvenance;
  /** Why the call needs a decision. */
  decisionReason?: string;
  title?: string;
  displayName?: string;
  description?: string;
  defaultToNo?: boolean;
  suppressAlwaysAllowRule?: boolean;
  /** The id of the tool call. */
  toolUseID: string;
  /** The subagent making the call, when not the main agent. */
  agentID?: string;
  /** The id of the control request, for answering out of band. */
  requestId: string;
  /** The `ask` rule that matched the call, when one did. */
  matchedAskRule?: { source: string; toolName: string; ruleContent?: string };
}

/**
 * Decides a tool call that would otherwise ask. Resolving to `null` means the host answered
 * out of band: no answer is sent and the tool waits.
 */
export type CanUseTool = (toolName: string, input: Record<string, unknown>, options: CanUseToolOptions) => Promise<PermissionResult | null>;
