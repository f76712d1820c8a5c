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
  setPermissionMode(mode: PermissionMode): Promise<{ mode?: PermissionMode } | undefined>;
  setMcpPermissionModeOverride(serverName: string, mode: 'default' | 'auto' | null): Promise<{ warning?: string }>;
  /** The model of later turns; `undefined` restores the default. */
  setModel(model?: string): Promise<void>;
  /** @deprecated use the `thinking` option */
  setMaxThinkingTokens(maxThinkingTokens: number | null, thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null): Promise<void>;
  applyFlagSettings(settings: { [K in keyof Settings]?: Settings[K] | null }): Promise<void>;
  updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, string>): Promise<void>;
  initializationResult(): Promise<SDKControlInitializeResponse>;
  reinitialize(): Promise<SDKControlInitializeResponse>;
  supportedCommands(): Promise<SlashCommand[]>;
  supportedModels(): Promise<ModelInfo[]>;
  supportedAgents(): Promise<AgentInfo[]>;
  mcpServerStatus(): Promise<McpServerStatus[]>;
  getContextUsage(options?: { detail?: 'summary' | 'full' }): Promise<SDKControlGetContextUsageResponse>;
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(options?: { skipBehaviors?: boolean }): Promise<SDKControlGetUsageResponse>;
  readFile(path: string, options?: { maxBytes?: number; encoding?: 'utf-8' | 'base64' }): Promise<SDKControlReadFileResponse | null>;
  reloadPlugins(options?: { holdOnCacheImpact?: boolean; addPlugins?: SdkPluginConfig[]; refuseIfBusy?: boolean }): Promise<SDKControlReloadPluginsResponse>;
  reloadSkills(): Promise<{ skills: SlashCommand[] }>;
  reloadOutputStyles(): Promise<{ available_output_styles: string[] }>;
  accountInfo(): Promise<AccountInfo>;
  rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult>;
  seedReadState(path: string, mtime: number): Promise<void>;
  reconnectMcpServer(serverName: string): Promise<void>;
  toggleMcpServer(serverName: string, enabled: boolean): Promise<void>;
  readMcpResource(serverName: string, uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string; blob?: string; _meta?: Record<string, unknown> }[] }>;
  setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult>;
  /** Writes more user messages into the session. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  stopTask(taskId: string): Promise<void>;
  backgroundTasks(toolUseId?: string): Promise<boolean>;
  /** Stops the session now; no further messages arrive. */
  close(): void;
}

/** A query prepared ahead of time by `startup()`. */
export interface WarmQuery {
  query(prompt: string | AsyncIterable<SDKUserMessage>): Query;
  close(): void;
}
