// Small types shared by messages, options and control methods.

export type ApiKeySource = 'user' | 'project' | 'org' | 'temporary' | 'oauth' | 'ANTHROPIC_API_KEY' | 'apiKeyHelper' | '/login managed key' | 'none';

export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export type ConfigScope = 'local' | 'user' | 'project';

export type SettingSource = 'user' | 'project' | 'local';

export type SdkBeta = 'context-1m-2025-08-07';

export interface SlashCommand {
  name: string;
  description: string;
  argumentHint: string;
  aliases?: string[];
  builtin?: boolean;
}

export interface ModelInfo {
  value: string;
  resolvedModel?: string;
  displayName: string;
  description: string;
  supportsEffort?: boolean;
  supportedEffortLevels?: EffortLevel[];
  supportsAdaptiveThinking?: boolean;
  supportsFastMode?: boolean;
  supportsAutoMode?: boolean;
}

export interface AgentInfo {
  name: string;
  description: string;
  model?: string;
}

export interface AccountInfo {
  email?: string;
  organization?: string;
  subscriptionType?: string;
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

export interface SDKControlInterruptResponse {
  still_queued: string[];
  cancelled?: string[];
}

export interface McpServerStatusConfigBase {
  type?: string;
  [key: string]: unknown;
}

export interface McpServerStatus {
  name: string;
  status: 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';
  serverInfo?: { name: string; version: string };
  error?: string;
  config?: McpServerStatusConfigBase;
  scope?: string;
  source?: string;
  tools?: { name: string; description?: string; annotations?: { readOnly?: boolean; destructive?: boolean; openWorld?: boolean }; _meta?: Record<string, unknown> }[];
}

export interface McpSetServersResult {
  added: string[];
  removed: string[];
  errors: Record<string, string>;
}

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

export interface SDKControlGetUsageResponse {
  [key: string]: unknown;
}

export interface SDKControlReadFileResponse {
  contents: string;
  absPath: string;
  truncated?: boolean;
  encoding?: 'base64';
  lossy?: boolean;
}

export interface SDKControlReloadPluginsResponse {
  commands: SlashCommand[];
  agents: AgentInfo[];
  plugins: { name: string; path: string; source?: string; version?: string }[];
  mcpServers: McpServerStatus[];
  error_count: number;
  held?: boolean;
  cache_impact?: unknown;
}

export interface RewindFilesResult {
  canRewind: boolean;
  error?: string;
  filesChanged?: string[];
  insertions?: number;
  deletions?: number;
  skippedLinks?: string[];
}
