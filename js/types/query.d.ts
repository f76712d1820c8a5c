// The Query object query() returns: an async generator of messages plus control methods.
import type { SDKMessage, SDKUserMessage } from './messages.js';
import type { PermissionMode } from './permissions.js';
import type { McpServerConfig } from './mcp.js';
import type { SdkPluginConfig, Settings } from './options.js';
import type {
  AccountInfo,
  AgentInfo,
  McpServerStatus,
  McpSetServersResult,
  ModelInfo,
  RewindFilesResult,
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlInterruptResponse,
  SDKControlReadFileResponse,
  SDKControlReloadPluginsResponse,
  SlashCommand,
} from './shared.js';

/**
 * The messages of one session, in order, with methods to steer it. Breaking out of
 * `for await` (or calling `return()`) stops the session. Methods that oxagent does not
 * support yet reject with the session's error.
 */
export interface Query extends AsyncGenerator<SDKMessage, void> {
  /** Stops the current turn; it ends with a result. */
  interrupt(): Promise<SDKControlInterruptResponse | undefined>;
  /** Changes the permission mode for the rest of the session. */
  setPermissionMode(mode: PermissionMode): Promise<{ mode?: PermissionMode } | undefined>;
  /** Sets (or with `null` clears) a permission mode for one MCP server's tools. */
  setMcpPermissionModeOverride(serverName: string, mode: 'default' | 'auto' | null): Promise<{ warning?: string }>;
  /** The model of later turns; `undefined` restores the default. */
  setModel(model?: string): Promise<void>;
  /** @deprecated use the `thinking` option */
  setMaxThinkingTokens(maxThinkingTokens: number | null, thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null): Promise<void>;
  /**
   * Applies settings at the command-line flag layer, above the settings files; `null` unsets a
   * key.
   */
  applyFlagSettings(settings: { [K in keyof Settings]?: Settings[K] | null }): Promise<void>;
  /** Writes keys to the local or user settings file. */
  updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, string>): Promise<void>;
  /**
   * What the session reported when it started: commands, agents, models, account, output styles.
   */
  initializationResult(): Promise<SDKControlInitializeResponse>;
  /** Asks the session to report its start-up facts again. */
  reinitialize(): Promise<SDKControlInitializeResponse>;
  /** The slash commands the session accepts. */
  supportedCommands(): Promise<SlashCommand[]>;
  /** The models the session can switch to. */
  supportedModels(): Promise<ModelInfo[]>;
  /** The subagents the session offers. */
  supportedAgents(): Promise<AgentInfo[]>;
  /** The state of every MCP server. */
  mcpServerStatus(): Promise<McpServerStatus[]>;
  /** How the context window is used, by category. */
  getContextUsage(options?: { detail?: 'summary' | 'full' }): Promise<SDKControlGetContextUsageResponse>;
  /** Usage figures of the account; experimental, and its shape may change. */
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(options?: { skipBehaviors?: boolean }): Promise<SDKControlGetUsageResponse>;
  /** Reads a file through the session; `null` when it cannot be read. */
  readFile(path: string, options?: { maxBytes?: number; encoding?: 'utf-8' | 'base64' }): Promise<SDKControlReadFileResponse | null>;
  /** Loads the plugins again (and any in `addPlugins`), returning what is now loaded. */
  reloadPlugins(options?: { holdOnCacheImpact?: boolean; addPlugins?: SdkPluginConfig[]; refuseIfBusy?: boolean }): Promise<SDKControlReloadPluginsResponse>;
  /** Loads the skills again. */
  reloadSkills(): Promise<{ skills: SlashCommand[] }>;
  /** Loads the output styles again. */
  reloadOutputStyles(): Promise<{ available_output_styles: string[] }>;
  /** The signed-in account. */
  accountInfo(): Promise<AccountInfo>;
  /**
   * Restores the files as they were at a user message (needs `enableFileCheckpointing`); `dryRun`
   * only reports.
   */
  rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult>;
  /** Records that `path` was read at modification time `mtime`, as if the session had read it. */
  seedReadState(path: string, mtime: number): Promise<void>;
  /** Reconnects an MCP server. */
  reconnectMcpServer(serverName: string): Promise<void>;
  /** Turns an MCP server on or off. */
  toggleMcpServer(serverName: string, enabled: boolean): Promise<void>;
  /** Reads a resource from an MCP server. */
  readMcpResource(serverName: string, uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string; blob?: string; _meta?: Record<string, unknown> }[] }>;
  /** Replaces the session's added MCP servers with `servers`. */
  setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult>;
  /** Writes more user messages into the session. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /** Stops a running task (a subagent or background command) by its id. */
  stopTask(taskId: string): Promise<void>;
  /**
   * Moves running tool calls (or the one `toolUseId` names) to the background; whether any moved.
   */
  backgroundTasks(toolUseId?: string): Promise<boolean>;
  /** Stops the session now; no further messages arrive. */
  close(): void;
}

/** A query prepared ahead of time by `startup()`. */
export interface WarmQuery {
  /** Starts the prepared session with `prompt`. */
  query(prompt: string | AsyncIterable<SDKUserMessage>): Query;
  /** Drops the prepared session without starting it. */
  close(): void;
}
