// `Options` of query(): every documented field. Fields that configure the documented SDK's
// CLI subprocess are accepted and have no effect (oxagent runs in-process); fields whose
// feature oxagent has not built yet make query() throw a TypeError naming them when set.
import type { CanUseTool, PermissionMode } from './permissions.js';
import type { HookCallbackMatcher, HookEvent } from './hooks.js';
import type { McpServerConfig, McpServerConfigForProcessTransport, OnElicitation, OnUserDialog } from './mcp.js';
import type { EffortLevel, SdkBeta, SettingSource } from './shared.js';

/**
 * `options.thinking`: adaptive (the model decides when and how much to think), enabled with a
 * token budget, or disabled. `display` asks for summarized thinking text or none.
 */
export type ThinkingConfig =
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'enabled'; budgetTokens?: number; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

/** The adaptive form of `ThinkingConfig`. */
export type ThinkingAdaptive = Extract<ThinkingConfig, { type: 'adaptive' }>;
/** The enabled form of `ThinkingConfig`, with its token budget. */
export type ThinkingEnabled = Extract<ThinkingConfig, { type: 'enabled' }>;
/** The disabled form of `ThinkingConfig`. */
export type ThinkingDisabled = Extract<ThinkingConfig, { type: 'disabled' }>;

/** The kinds of structured output (only JSON Schema). */
export type OutputFormatType = 'json_schema';
/** What every output format has: its kind. */
export interface BaseOutputFormat { type: OutputFormatType }
/**
 * `options.outputFormat`: the final answer must be JSON matching `schema`; the result carries it
 * as `structured_output`.
 */
export interface JsonSchemaOutputFormat extends BaseOutputFormat { type: 'json_schema'; schema: Record<string, unknown> }
/** A structured output format for `options.outputFormat`. */
export type OutputFormat = JsonSchemaOutputFormat;

/**
 * An MCP server for a subagent: the name of one the main session has, or a config of its own keyed
 * by name.
 */
export type AgentMcpServerSpec = string | Record<string, McpServerConfigForProcessTransport>;

/**
 * A subagent the model can delegate to (`options.agents`): when to use it (`description`), its
 * system prompt, and optionally its tools, model, MCP servers, skills and limits.
 */
export interface AgentDefinition {
  /** When the model should use this agent. */
  description: string;
  /** The agent's system prompt. */
  prompt: string;
  /** The tools the agent may use; all of the parent's when left out. */
  tools?: string[];
  disallowedTools?: string[];
  /** A model alias (`sonnet`, `opus`, `haiku`, `inherit`) or id; the parent's when left out. */
  model?: string;
  mcpServers?: AgentMcpServerSpec[];
  /** A reminder repeated to the agent on every turn (experimental). */
  criticalSystemReminder_EXPERIMENTAL?: string;
  skills?: string[];
  /** A prompt sent when the agent starts, before the task. */
  initialPrompt?: string;
  maxTurns?: number;
  autoCompactWindow?: number;
  /** Run the agent in the background by default. */
  background?: boolean;
  /** Leave CLAUDE.md instructions out of the agent's context. */
  omitClaudeMd?: boolean;
  /** Which memory scope the agent reads and writes. */
  memory?: 'user' | 'project' | 'local';
  effort?: EffortLevel | number;
  permissionMode?: PermissionMode;
  observer?: string;
  observerMessage?: string;
}

/** A plugin for `options.plugins`, loaded from the local directory `path`. */
export interface SdkPluginConfig {
  type: 'local';
  path: string;
  /** Do not load the MCP servers the plugin declares. */
  skipMcpDiscovery?: boolean;
}

/** Settings of individual built-in tools (`options.toolConfig`). */
export interface ToolConfig {
  askUserQuestion?: { previewFormat?: 'markdown' | 'html' };
}

/**
 * The network part of `SandboxSettings`: the domains sandboxed commands may or may not reach, the
 * Unix sockets and local ports they may use, and proxy ports.
 */
export interface SandboxNetworkConfig {
  allowedDomains?: string[];
  deniedDomains?: string[];
  strictAllowlist?: boolean;
  /** Only domains allowed by managed settings count. */
  allowManagedDomainsOnly?: boolean;
  allowUnixSockets?: string[];
  allowAllUnixSockets?: boolean;
  /** Let sandboxed commands listen on local ports. */
  allowLocalBinding?: boolean;
  allowMachLookup?: string[];
  /** The port of an HTTP proxy of your own to route traffic through. */
  httpProxyPort?: number;
  /** The port of a SOCKS proxy of your own to route traffic through. */
  socksProxyPort?: number;
  tlsTerminate?: { caCertPath?: string; caKeyPath?: string };
  [key: string]: unknown;
}

/**
 * The filesystem part of `SandboxSettings`: paths sandboxed commands may or may not read and
 * write.
 */
export interface SandboxFilesystemConfig {
  allowWrite?: string[];
  denyWrite?: string[];
  denyRead?: string[];
  allowRead?: string[];
  allowManagedReadPathsOnly?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
}

/**
 * The credentials part of `SandboxSettings`: which secret files and environment variables
 * sandboxed commands may use, and how.
 */
export interface SandboxCredentialsConfig {
  files?: Record<string, unknown>[];
  envVars?: Record<string, unknown>[];
  allowPlaintextInject?: boolean;
  awsPairs?: { accessKeyIdVar: string; secretAccessKeyVar: string; sessionTokenVar?: string }[];
  sigv4?: { streaming?: unknown; presigned?: unknown; sigv4a?: 'deny' | 'passthrough' };
  [key: string]: unknown;
}

/** Sandbox violations not to report, as patterns per kind. */
export type SandboxIgnoreViolations = Record<string, string[]>;

/**
 * `options.sandbox`: Bash commands run in an OS sandbox. `autoAllowBashIfSandboxed` lets sandboxed
 * commands run without asking; `excludedCommands` always run outside it;
 * `allowUnsandboxedCommands` lets the model ask to run a command outside.
 */
export interface SandboxSettings {
  enabled?: boolean;
  /** Refuse to start when the sandbox cannot run on this system. */
  failIfUnavailable?: boolean;
  /** Run sandboxed Bash commands without asking. */
  autoAllowBashIfSandboxed?: boolean;
  /** Let the model ask to run a command outside the sandbox. */
  allowUnsandboxedCommands?: boolean;
  network?: SandboxNetworkConfig;
  filesystem?: SandboxFilesystemConfig;
  credentials?: SandboxCredentialsConfig;
  ignoreViolations?: SandboxIgnoreViolations;
  /** A weaker sandbox that works inside containers (Linux); less safe. */
  enableWeakerNestedSandbox?: boolean;
  allowNestedUserNamespaces?: boolean;
  enableWeakerNetworkIsolation?: boolean;
  allowAppleEvents?: boolean;
  /** Commands that always run outside the sandbox. */
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

/**
 * One transcript line given to or loaded from a store: a JSON object with a `type`; store it as it
 * is.
 */
export interface SessionStoreEntry {
  type: string;
  uuid?: string;
  timestamp?: string;
  [key: string]: unknown;
}

/**
 * Where session transcripts are mirrored (`options.sessionStore`). Only `append` and `load` are
 * required; the optional methods enable listing, deleting and subagent lookups.
 */
export interface SessionStore {
  /** Adds entries to the key's transcript, in order; called by the session as it runs. */
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  /** The key's entries in append order, or `null` when there are none. */
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  /** The project's sessions with their last write times (epoch ms). */
  listSessions?(projectKey: string): Promise<{ sessionId: string; mtime: number }[]>;
  /** The project's session summaries, when the store keeps them on append. */
  listSessionSummaries?(projectKey: string): Promise<SessionSummaryEntry[]>;
  /** Deletes the key's transcript (a main key: with its subpaths). */
  delete?(key: SessionKey): Promise<void>;
  /** The subpaths (subagent transcripts, ...) under a session. */
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

/**
 * When transcript lines reach a session store: `batched` before each result (sooner past a size
 * limit), `eager` as each line is written.
 */
export type SessionStoreFlush = 'batched' | 'eager';

/** What `spawnClaudeCodeProcess` would be given to start the CLI process (oxagent starts none). */
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

/**
 * `options.systemPrompt`: a prompt of your own (a string, or parts), or the Claude Code preset
 * with text appended.
 */
export type SystemPromptOption =
  | string
  | string[]
  | { type: 'custom'; prompt: string | string[]; snapshot?: boolean }
  | { type: 'preset'; preset: 'claude_code'; append?: string; excludeDynamicSections?: boolean; snapshot?: boolean };

/**
 * The options of `query()`; every field is optional. Fields that shape the official SDK's CLI
 * process are accepted without effect; features oxagent lacks make `query()` throw a TypeError
 * naming them.
 */
export interface Options {
  // process, environment, transport
  /** Aborting it stops the session; the iterator then throws AbortError. */
  abortController?: AbortController;
  /** The working directory of the session; the process's when left out. */
  cwd?: string;
  /** More directories the agent may read and edit besides `cwd`. */
  additionalDirectories?: string[];
  projectConfigRoot?: string;
  /** The session's environment (laid over the process environment). */
  env?: Record<string, string | undefined>;
  /** Accepted; no effect (no CLI process is spawned). */
  executable?: 'bun' | 'deno' | 'node';
  /** Accepted; no effect (no CLI process is spawned). */
  executableArgs?: string[];
  /** Accepted; no effect (no CLI process is spawned). */
  pathToClaudeCodeExecutable?: string;
  /** Accepted; no effect (no CLI process is spawned). */
  spawnClaudeCodeProcess?: (options: SpawnOptions) => SpawnedProcess;
  /** CLI flags: those that spell an option are read as it (unless it is given); others have no effect. */
  extraArgs?: Record<string, string | null>;
  /** Receives the session's diagnostic lines. */
  stderr?: (data: string) => void;
  /** Writes the session's diagnostic lines to `~/.claude/debug/<session id>.txt` (under `CLAUDE_CONFIG_DIR` when set), unless `debugFile` names a file. */
  debug?: boolean;
  /** Where the session's diagnostic lines are appended. */
  debugFile?: string;
  // model, thinking, limits
  model?: string;
  /** The model to use when the main one is overloaded or unavailable. */
  fallbackModel?: string;
  thinking?: ThinkingConfig;
  effort?: EffortLevel;
  /** @deprecated use `thinking` */
  maxThinkingTokens?: number;
  /** The most model round trips a query may take; the result is then `error_max_turns`. */
  maxTurns?: number;
  /** The most the query may cost; the result is then `error_max_budget_usd`. */
  maxBudgetUsd?: number;
  /** An advisory token budget for the whole agentic loop; the model is told what remains. */
  taskBudget?: { total: number };
  betas?: SdkBeta[];
  /** Ask for the final answer as JSON matching a schema (`structured_output` of the result). */
  outputFormat?: OutputFormat;
  // tools and permissions
  /** The built-in tools available: a list of names, or the Claude Code preset. */
  tools?: string[] | { type: 'preset'; preset: 'claude_code' };
  /** Tools (or rules like `Bash(npm test)`) that run without asking. */
  allowedTools?: string[];
  /** Tools (or rules) that are always refused and removed from the model's list. */
  disallowedTools?: string[];
  toolAliases?: Record<string, string>;
  toolConfig?: ToolConfig;
  permissionMode?: PermissionMode;
  /** Must be `true` for `permissionMode: 'bypassPermissions'`. */
  allowDangerouslySkipPermissions?: boolean;
  /** Decides tool calls that would otherwise ask. */
  canUseTool?: CanUseTool;
  /** An MCP tool that answers permission requests instead of `canUseTool`. */
  permissionPromptToolName?: string;
  permissionPrompts?: 'host' | 'none';
  planModeInstructions?: string;
  /** Callbacks per hook event. */
  hooks?: Partial<Record<HookEvent, HookCallbackMatcher[]>>;
  // prompt, agents, skills, plugins, settings
  systemPrompt?: SystemPromptOption;
  /** The main thread runs as this agent: its prompt, tools and model. */
  agent?: string;
  /** Subagents the model can delegate to, by name. */
  agents?: Record<string, AgentDefinition>;
  skills?: string[] | 'all';
  plugins?: SdkPluginConfig[];
  pluginDelivery?: 'argv' | 'initialize';
  /** Which settings files to load; all three when left out. */
  settingSources?: SettingSource[];
  settings?: string | Settings;
  managedSettings?: Settings;
  sandbox?: SandboxSettings;
  /** Use only `mcpServers`, ignoring servers from settings files. */
  strictMcpConfig?: boolean;
  mcpServers?: Record<string, McpServerConfig>;
  mcpServersDelivery?: 'argv' | 'initialize';
  /** The session's title: announced before `init`, saved as its custom title. */
  title?: string;
  // session lifecycle and persistence
  /** Continue the most recent session of `cwd`. */
  continue?: boolean;
  /** The id of a session to resume. */
  resume?: string;
  /** With `resume`: continue in a new session id instead of the resumed one. */
  forkSession?: boolean;
  /** The id to give a new session (a UUID). */
  sessionId?: string;
  /** With `resume`: resume from this message uuid, dropping what came after. */
  resumeSessionAt?: string;
  resumeDropsTurn?: string;
  /** `false`: no transcript is written. */
  persistSession?: boolean;
  /** Also write the transcript to this store (and resume from it). */
  sessionStore?: SessionStore;
  sessionStoreFlush?: 'batched' | 'eager';
  loadTimeoutMs?: number;
  /** Record file changes so `Query.rewindFiles()` can restore them. */
  enableFileCheckpointing?: boolean;
  // output-stream shaping and host capabilities
  /** Yield raw stream events (`stream_event`) while the model writes. */
  includePartialMessages?: boolean;
  /** Yield `hook_started`, `hook_progress` and `hook_response` system messages. */
  includeHookEvents?: boolean;
  forwardSubagentText?: boolean;
  verbatimPrompts?: boolean;
  /** Yield `prompt_suggestion` messages after a turn. */
  promptSuggestions?: boolean;
  agentProgressSummaries?: boolean;
  onElicitation?: OnElicitation;
  onUserDialog?: OnUserDialog;
  supportedDialogKinds?: string[];
  perTaskStopAffordance?: boolean;
}
