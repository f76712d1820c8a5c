// oxagent: the Claude Agent SDK for Node, native. The types of `@anthropic-ai/claude-agent-sdk`,
// written for this package: a program written against that package compiles unchanged.
import type { Options } from './types/options.js';
import type { SDKUserMessage } from './types/messages.js';
import type { Query, WarmQuery } from './types/query.js';
import type {
  AnyZodRawShape,
  CallToolResult,
  CreateSdkMcpServerOptions,
  InferShape,
  McpSdkServerConfigWithInstance,
  SdkMcpToolDefinition,
  ToolAnnotations,
} from './types/mcp.js';

export type * from './types/api.js';
export type * from './types/messages.js';
export type * from './types/shared.js';
export type * from './types/permissions.js';
export type * from './types/hooks.js';
export type * from './types/mcp.js';
export type * from './types/options.js';
export type * from './types/query.js';

/** Thrown by the message iterator when `options.abortController` aborts. */
export declare class AbortError extends Error {}

/**
 * Runs an agent session. `prompt` is a string (one turn) or an async iterable of user
 * messages (one turn each, for as long as it yields). Options are checked at once: a wrong
 * one throws a TypeError naming it.
 */
export declare function query(params: { prompt: string | AsyncIterable<SDKUserMessage>; options?: Options }): Query;

/** Validates the options now and returns a query to start later. */
export declare function startup(params?: { options?: Options; initializeTimeoutMs?: number }): Promise<WarmQuery>;

/** Defines an in-process tool for `createSdkMcpServer()`; `inputSchema` is a zod (3 or 4) raw shape. */
export declare function tool<Schema extends AnyZodRawShape>(
  name: string,
  description: string,
  inputSchema: Schema,
  handler: (args: InferShape<Schema>, extra: unknown) => Promise<CallToolResult>,
  extras?: { annotations?: ToolAnnotations; searchHint?: string; alwaysLoad?: boolean },
): SdkMcpToolDefinition<Schema>;

/** An in-process MCP server; pass it in `options.mcpServers` (its tools are `mcp__<name>__<tool>`). */
export declare function createSdkMcpServer(options: CreateSdkMcpServerOptions): McpSdkServerConfigWithInstance;

export declare const HOOK_EVENTS: readonly [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification',
  'UserPromptSubmit', 'UserPromptExpansion', 'SessionStart', 'SessionEnd', 'Stop', 'StopFailure',
  'SubagentStart', 'SubagentStop', 'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch',
  'PermissionRequest', 'PermissionDenied', 'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted',
  'Elicitation', 'ElicitationResult', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove',
  'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded', 'MessageDisplay',
  'PreSkillShellCommand',
];
export declare const EXIT_REASONS: readonly ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'];
export declare const SYSTEM_PROMPT_DYNAMIC_BOUNDARY = '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__';
export declare const BUILTIN_TOOL_NAMES: readonly string[];
export declare const LEGACY_TOOL_NAME_ALIASES: Readonly<Record<string, string>>;
