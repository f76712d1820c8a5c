// Permission modes, rules, updates and the canUseTool callback.

export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

export type PermissionBehavior = 'allow' | 'deny' | 'ask';

export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';

export type PermissionUpdate =
  | { type: 'addRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'replaceRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'removeRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'setMode'; mode: PermissionMode; destination: PermissionUpdateDestination }
  | { type: 'addDirectories'; directories: string[]; destination: PermissionUpdateDestination }
  | { type: 'removeDirectories'; directories: string[]; destination: PermissionUpdateDestination };

export type PermissionDecisionClassification = 'user_temporary' | 'user_permanent' | 'user_reject';

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

export interface CanUseToolOptions {
  /** Aborted when the request is withdrawn (the turn was interrupted or the query closed). */
  signal: AbortSignal;
  suggestions?: PermissionUpdate[];
  blockedPath?: string;
  mcpServer?: McpServerProvenance;
  decisionReason?: string;
  title?: string;
  displayName?: string;
  description?: string;
  defaultToNo?: boolean;
  suppressAlwaysAllowRule?: boolean;
  toolUseID: string;
  agentID?: string;
  /** The id of the control request, for answering out of band. */
  requestId: string;
  matchedAskRule?: { source: string; toolName: string; ruleContent?: string };
}

/**
 * Decides a tool call that would otherwise ask. Resolving to `null` means the host answered
 * out of band: no answer is sent and the tool waits.
 */
export type CanUseTool = (toolName: string, input: Record<string, unknown>, options: CanUseToolOptions) => Promise<PermissionResult | null>;
