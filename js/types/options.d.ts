// `Options` of query(): every documented field. Fields that configure the documented SDK's
// CLI subprocess are accepted and have no effect (oxagent runs in-process); fields whose
// feature oxagent has not built yet make query() throw a TypeError naming them when set.
import type { CanUseTool, PermissionMode } from './permissions.js';
import type { HookCallbackMatcher, HookEvent } from './hooks.js';
import type { McpServerConfig, McpServerConfigForProcessTransport, OnElicitation, OnUserDialog } from './mcp.js';
import type { EffortLevel, SdkBeta, SettingSource } from './shared.js';

export type ThinkingConfig =
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'enabled'; budgetTokens?: number; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

export type ThinkingAdaptive = Extract<ThinkingConfig, { type: 'adaptive' }>;
export type ThinkingEnabled = Extract<ThinkingConfig, { type: 'enabled' }>;
export type ThinkingDisabled = Extract<ThinkingConfig, { type: 'disabled' }>;

export type OutputFormatType = 'json_schema';
export interface BaseOutputFormat { type: OutputFormatType }
export interface JsonSchemaOutputFormat extends BaseOutputFormat { type: 'json_schema'; schema: Record<string, unknown> }
export type OutputFormat = JsonSchemaOutputFormat;

export type AgentMcpServerSpec = string | Record<string, McpServerConfigForProcessTransport>;

export interface AgentDefinition {
  description: string;
  prompt: string;
  tools?: string[];
  disallowedTools?: string[];
  model?: string;
  mcpServers?: AgentMcpServerSpec[];
  criticalSystemReminder_EXPERIMENTAL?: string;
  skills?: string[];
  initialPrompt?: string;
  maxTurns?: number;
  autoCompactWindow?: number;
  background?: boolean;
  omitClaudeMd?: boolean;
  memory?: 'user' | 'project' | 'local';
  effort?: EffortLevel | number;
  permissionMode?: PermissionMode;
  observer?: string;
  observerMessage?: string;
}

export interface SdkPluginConfig {
  type: 'local';
  path: string;
  skipMcpDiscovery?: boolean;
}

export interface ToolConfig {
  askUserQuestion?: { previewFormat?: 'markdown' | 'html' };
}

export interface SandboxNetworkConfig {
  allowedDomains?: string[];
  deniedDomains?: string[];
  strictAllowlist?: boolean;
  allowManagedDomainsOnly?: boolean;
  allowUnixSockets?: string[];
  allowAllUnixSockets?: boolean;
  allowLocalBinding?: boolean;
  allowMachLookup?: string[];
  httpProxyPort?: number;
  socksProxyPort?: number;
  tlsTerminate?: { caCertPath?: string; caKeyPath?: string };
  [key: string]: unknown;
}

export interface SandboxFilesystemConfig {
  allowWrite?: string[];
  denyWrite?: string[];
  denyRead?: string[];
  allowRead?: string[];
  allowManagedReadPathsOnly?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
}

export interface SandboxCredentialsConfig {
  files?: Record<string, unknown>[];
  envVars?: Record<string, unknown>[];
  allowPlaintextInject?: boolean;
  awsPairs?: { accessKeyIdVar: string; secretAccessKeyVar: string; sessionTokenVar?: string }[];
  sigv4?: { streaming?: unknown; presigned?: unknown; sigv4a?: 'deny' | 'passthrough' };
  [key: string]: unknown;
}

export type SandboxIgnoreViolations = Record<string, string[]>;

export interface SandboxSettings {
  enabled?: boolean;
  failIfUnavailable?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  allowUnsandboxedCommands?: boolean;
  network?: SandboxNetworkConfig;
  filesystem?: SandboxFilesystemConfig;
  credentials?: SandboxCredentialsConfig;
  ignoreViolations?: SandboxIgnoreViolations;
  enableWeakerNestedSandbox?: boolean;
  allowNestedUserNamespaces?: boolean;
  enableWeakerNetworkIsolation?: boolean;
  allowAppleEvents?: boolean;
  excludedCommands?: string[];
  ripgrep?: { command: string; args?: string[] };
  bwrapPath?: string;
  socatPath?: string;
  [key: string]: unknown;
}

/** The settings model (settings.json); the keys most used are typed, the rest pass through. */
export interface Settings {
  permissions?: {
    allow?: string[];
    deny?: string[];
    ask?: string[];
    defaultMode?: PermissionMode | 'manual';
    disableBypassPermissionsMode?: 'disable';
    additionalDirectories?: string[];
    [key: string]: unknown;
  };
  env?: Record<string, string>;
  model?: string;
  hooks?: Record<string, unknown>;
  sandbox?: SandboxSettings;
  [key: string]: unknown;
}

/** Where the tool's transcript goes in an external store (alpha). */
export interface SessionKey {
  projectKey: string;
  sessionId: string;
  subpath?: string;
}

export interface SessionStoreEntry {
  type: string;
  uuid?: string;
  timestamp?: string;
  [key: string]: unknown;
}

export interface SessionStore {
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  listSessions?(projectKey: string): Promise<{ sessionId: string; mtime: number }[]>;
  listSessionSummaries?(projectKey: string): Promise<SessionSummaryEntry[]>;
  delete?(key: SessionKey): Promise<void>;
  listSubkeys?(key: { projectKey: string; sessionId: string }): Promise<string[]>;
}

/** A session's folded summary, kept by a store on append (see `foldSessionSummary`). */
export interface SessionSummaryEntry {
  sessionId: string;
  /** The store's write time (epoch ms), on the same clock as `listSessions`' mtime. */
  mtime: number;
  /** Owned by the SDK: stored as it is. */
  data: Record<string, unknown>;
}

export type SessionStoreFlush = 'batched' | 'eager';

export interface SpawnOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
}

/** A child process as `spawnClaudeCodeProcess` returns it (a Node ChildProcess fits). */
export interface SpawnedProcess {
  stdin: { write(chunk: string): boolean; end(): void };
  stdout: { on(event: 'data', listener: (chunk: unknown) => void): unknown };
  readonly killed: boolean;
  readonly exitCode: number | null;
  readonly signalCode?: string | null;
  kill(signal: string): boolean;
  on(event: 'exit' | 'error', listener: (...args: any[]) => void): unknown;
  once(event: 'exit' | 'error', listener: (...args: any[]) => void): unknown;
  off(event: 'exit' | 'error', listener: (...args: any[]) => void): unknown;
}

export type SystemPromptOption =
  | string
  | string[]
  | { type: 'custom'; prompt: string | string[]; snapshot?: boolean }
  | { type: 'preset'; preset: 'claude_code'; append?: string; excludeDynamicSections?: boolean; snapshot?: boolean };

export interface Options {
  // process, environment, transport
  /** Aborting it stops the session; the iterator then throws AbortError. */
  abortController?: AbortController;
  cwd?: string;
  additionalDirectories?: string[];
  projectConfigRoot?: string;
  /** The session's environment (laid over the process environment). */
  env?: Record<string, string | undefined>;
  executable?: 'bun' | 'deno' | 'node';
  executableArgs?: string[];
  pathToClaudeCodeExecutable?: string;
  /** Accepted; no effect (no CLI process is spawned). */
  spawnClaudeCodeProcess?: (options: SpawnOptions) => SpawnedProcess;
  /** CLI flags: those that spell an option are read as it (unless it is given); others have no effect. */
  extraArgs?: Record<string, string | null>;
  stderr?: (data: string) => void;
  debug?: boolean;
  /** Where the session's diagnostic lines are appended. */
  debugFile?: string;
  // model, thinking, limits
  model?: string;
  fallbackModel?: string;
  thinking?: ThinkingConfig;
  effort?: EffortLevel;
  /** @deprecated use `thinking` */
  maxThinkingTokens?: number;
  maxTurns?: number;
  maxBudgetUsd?: number;
  taskBudget?: { total: number };
  betas?: SdkBeta[];
  outputFormat?: OutputFormat;
  // tools and permissions
  tools?: string[] | { type: 'preset'; preset: 'claude_code' };
  allowedTools?: string[];
  disallowedTools?: string[];
  toolAliases?: Record<string, string>;
  toolConfig?: ToolConfig;
  permissionMode?: PermissionMode;
  allowDangerouslySkipPermissions?: boolean;
  canUseTool?: CanUseTool;
  permissionPromptToolName?: string;
  permissionPrompts?: 'host' | 'none';
  planModeInstructions?: string;
  hooks?: Partial<Record<HookEvent, HookCallbackMatcher[]>>;
  // prompt, agents, skills, plugins, settings
  systemPrompt?: SystemPromptOption;
  /** The main thread runs as this agent: its prompt, tools and model. */
  agent?: string;
  agents?: Record<string, AgentDefinition>;
  skills?: string[] | 'all';
  plugins?: SdkPluginConfig[];
  pluginDelivery?: 'argv' | 'initialize';
  settingSources?: SettingSource[];
  settings?: string | Settings;
  managedSettings?: Settings;
  sandbox?: SandboxSettings;
  strictMcpConfig?: boolean;
  mcpServers?: Record<string, McpServerConfig>;
  mcpServersDelivery?: 'argv' | 'initialize';
  /** The session's title: announced before `init`, saved as its custom title. */
  title?: string;
  // session lifecycle and persistence
  continue?: boolean;
  resume?: string;
  forkSession?: boolean;
  sessionId?: string;
  resumeSessionAt?: string;
  resumeDropsTurn?: string;
  /** `false`: no transcript is written. */
  persistSession?: boolean;
  sessionStore?: SessionStore;
  sessionStoreFlush?: 'batched' | 'eager';
  loadTimeoutMs?: number;
  enableFileCheckpointing?: boolean;
  // output-stream shaping and host capabilities
  includePartialMessages?: boolean;
  includeHookEvents?: boolean;
  forwardSubagentText?: boolean;
  verbatimPrompts?: boolean;
  promptSuggestions?: boolean;
  agentProgressSummaries?: boolean;
  onElicitation?: OnElicitation;
  onUserDialog?: OnUserDialog;
  supportedDialogKinds?: string[];
  perTaskStopAffordance?: boolean;
}
