// Small types shared by messages, options and control methods.

/** Where the session's API credential came from (`init`'s `apiKeySource`). */
export type ApiKeySource = 'user' | 'project' | 'org' | 'temporary' | 'oauth' | 'ANTHROPIC_API_KEY' | 'apiKeyHelper' | '/login managed key' | 'none';

/** How much effort the model spends on an answer (`options.effort`); higher levels think longer. */
export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** The settings file a configuration belongs to: local, user or project. */
export type ConfigScope = 'local' | 'user' | 'project';

/**
 * A settings file to load (`options.settingSources`): `user` (~/.claude/settings.json), `project`
 * (.claude/settings.json) or `local` (.claude/settings.local.json).
 */
export type SettingSource = 'user' | 'project' | 'local';

/** An API beta to turn on (`options.betas`). */
export type SdkBeta = 'context-1m-2025-08-07';

/** A slash command the session offers: its name, description and argument hint. */
export interface SlashCommand {
  name: string;
  description: string;
  /** How the arguments are written, for display (`<file>`). */
  argumentHint: string;
  aliases?: string[];
  builtin?: boolean;
}

/**
 * A model the session can use: the value to pass as `model`, a display name and description, and
 * which effort levels, thinking and modes it supports.
 */
export interface ModelInfo {
  /** What to pass as `model` to use this model. */
  value: string;
  /** The full model id `value` stands for. */
  resolvedModel?: string;
  displayName: string;
  description: string;
  supportsEffort?: boolean;
  supportedEffortLevels?: EffortLevel[];
  supportsAdaptiveThinking?: boolean;
  supportsFastMode?: boolean;
  supportsAutoMode?: boolean;
}

/** A subagent the session offers: its name, description and model. */
export interface AgentInfo {
  name: string;
  description: string;
  model?: string;
}

/**
 * The signed-in account: email, organization, subscription, and where its credential and API come
 * from.
 */
export interface AccountInfo {
  email?: string;
  organization?: string;
  subscriptionType?: string;
  /** Where the auth token came from. */
  tokenSource?: string;
  apiKeySource?: string;
  apiProvider?: 'firstParty' | 'bedrock' | 'vertex' | 'foundry' | 'anthropicAws' | 'anthropicGoogleCloud' | 'mantle' | 'gateway';
}

/** What the session answers to `initialize` (see `Query.initializationResult()`). */
export interface SDKControlInitializeResponse {
  commands: SlashCommand[];
  agents: AgentInfo[];
  output_style: string;
  available_output_styles: string[];
  models: ModelInfo[];
  account: AccountInfo;
  hooks_applied?: boolean;
  hook_on_failure_supported?: boolean;
  plugins_applied?: boolean;
  mcp_servers_applied?: boolean;
  sdk_mcp_manifests_parked?: boolean;
  claude_code_version?: string;
  fast_mode_state?: 'off' | 'cooldown' | 'on';
  fast_mode_disabled_reason?: string;
}

/** What `Query.interrupt()` learns: the queued prompts that still wait, and those it cancelled. */
export interface SDKControlInterruptResponse {
  /** Ids of queued prompts the interrupt left waiting. */
  still_queued: string[];
  cancelled?: string[];
}

/** An MCP server's configuration as a status report shows it (secrets left out). */
export interface McpServerStatusConfigBase {
  type?: string;
  [key: string]: unknown;
}

/**
 * One MCP server's state (`Query.mcpServerStatus()`): connected, failed, needs-auth, pending or
 * disabled, with what the server announced, the error, its config, scope and tools.
 */
export interface McpServerStatus {
  name: string;
  status: 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';
  serverInfo?: { name: string; version: string };
  error?: string;
  config?: McpServerStatusConfigBase;
  /** Which configuration declared the server (user, project, local, ...). */
  scope?: string;
  source?: string;
  tools?: { name: string; description?: string; annotations?: { readOnly?: boolean; destructive?: boolean; openWorld?: boolean }; _meta?: Record<string, unknown> }[];
}

/**
 * What `Query.setMcpServers()` did: the servers added and removed, and an error per server that
 * failed.
 */
export interface McpSetServersResult {
  added: string[];
  removed: string[];
  errors: Record<string, string>;
}

/**
 * The context window by category (`Query.getContextUsage()`, the `/context` view): tokens used
 * against the window, the percentage, and detail lists.
 */
export interface SDKControlGetContextUsageResponse {
  categories: { id?: string; name: string; tokens: number; color: string; isDeferred?: boolean; kind?: string }[];
  totalTokens: number;
  maxTokens: number;
  rawMaxTokens: number;
  percentage: number;
  gridRows: unknown[];
  model: string;
  memoryFiles: unknown[];
  mcpTools: unknown[];
  agents: unknown[];
  isAutoCompactEnabled: boolean;
  apiUsage: unknown;
  [key: string]: unknown;
}

/**
 * What the experimental `Query.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET()`
 * returns; its shape is not settled.
 */
export interface SDKControlGetUsageResponse {
  [key: string]: unknown;
}

/**
 * A file read through the session: its contents (base64 when `encoding` says so), its absolute
 * path, and whether it was cut short.
 */
export interface SDKControlReadFileResponse {
  contents: string;
  absPath: string;
  /** The file was longer than the read returned. */
  truncated?: boolean;
  encoding?: 'base64';
  /** Bytes that were not valid UTF-8 were replaced. */
  lossy?: boolean;
}

/**
 * What `Query.reloadPlugins()` found: the commands, agents, plugins and MCP servers now loaded,
 * and how many failed.
 */
export interface SDKControlReloadPluginsResponse {
  commands: SlashCommand[];
  agents: AgentInfo[];
  plugins: { name: string; path: string; source?: string; version?: string }[];
  mcpServers: McpServerStatus[];
  /** How many plugins failed to load. */
  error_count: number;
  held?: boolean;
  cache_impact?: unknown;
}

/**
 * What `Query.rewindFiles()` did or would do: whether the files can be rewound, the error if not,
 * and the files and lines changed.
 */
export interface RewindFilesResult {
  /** Whether the checkpoint exists and the files can be restored. */
  canRewind: boolean;
  error?: string;
  filesChanged?: string[];
  insertions?: number;
  deletions?: number;
  /** Symbolic links left alone. */
  skippedLinks?: string[];
}
