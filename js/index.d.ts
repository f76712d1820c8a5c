// oxagent: the Claude Agent SDK for Node, native. The types of `@anthropic-ai/claude-agent-sdk`,
// written for this package: a program written against that package compiles unchanged.
import type { Options, SessionKey, SessionStore, SessionStoreEntry, SessionSummaryEntry } from './types/options.js';
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

/**
 * oxagent only: a plain function as a tool, without an MCP server. The model sees it under
 * `name`; permissions and hooks treat it as an in-process MCP tool. `input` is a zod raw
 * shape, a zod object or a JSON Schema object. `run`'s string is the result as it is, an MCP
 * result (`{content}`) as it is, anything else as JSON; a throw is a tool error.
 */
export declare function functionTool<Schema extends AnyZodRawShape>(tool: {
  name: string;
  description?: string;
  input?: Schema | Record<string, unknown>;
  run: (args: InferShape<Schema>, extra: unknown) => unknown | Promise<unknown>;
  /** Parallel calls of the tool may run together. */
  readOnly?: boolean;
}): FunctionTool;

/** A tool made by `functionTool()`. */
export interface FunctionTool {
  readonly name: string;
  readonly description: string;
}

/** oxagent only: a copy of `options` that also offers `tools` (from `functionTool()`) to the model. */
export declare function withTools<T extends Options | undefined>(options: T, tools: FunctionTool[]): Options;

/** A saved session, as the listing describes it. Times are milliseconds since the epoch. */
export type SDKSessionInfo = {
  sessionId: string;
  summary: string;
  lastModified: number;
  fileSize?: number;
  /** Set once archiveSession or unarchiveSession marked the session. */
  archived?: boolean;
  customTitle?: string;
  firstPrompt?: string;
  gitBranch?: string;
  cwd?: string;
  tag?: string;
  createdAt?: number;
};

/** One message of a saved conversation: the API message as saved. */
export type SessionMessage = {
  type: 'user' | 'assistant' | 'system';
  uuid: string;
  session_id: string;
  message: unknown;
  parent_tool_use_id: string | null;
  parent_agent_id: string | null;
};

/**
 * Options of `listSessions()`: the project directory (every project when left out), paging,
 * whether to include the directory's git worktrees (yes by default), or a session store to list
 * instead of the disk.
 */
export type ListSessionsOptions = { dir?: string; limit?: number; offset?: number; includeWorktrees?: boolean; sessionStore?: SessionStore };
/**
 * Options of `getSessionInfo()`: the project directory, or a session store to read instead of the
 * disk.
 */
export type GetSessionInfoOptions = { dir?: string; sessionStore?: SessionStore };
/**
 * Options of `getSessionMessages()` and `getSubagentMessages()`: the project directory, paging, or
 * a session store to read instead of the disk.
 */
export type GetSessionMessagesOptions = { dir?: string; limit?: number; offset?: number; sessionStore?: SessionStore };
/**
 * Options of the functions that change a saved session: the project directory, or a session store
 * to change instead of the disk.
 */
export type SessionMutationOptions = { dir?: string; sessionStore?: SessionStore };
/**
 * Options of `forkSession()`: also the message to copy up to (inclusive) and a title for the new
 * session.
 */
export type ForkSessionOptions = SessionMutationOptions & { upToMessageId?: string; title?: string };
/** What `forkSession()` returns: the id of the new session. */
export type ForkSessionResult = { sessionId: string };

/** The saved sessions of `dir` (and its git worktrees), or of every project, newest first. */
export declare function listSessions(options?: ListSessionsOptions): Promise<SDKSessionInfo[]>;
/** One saved session's facts, or `undefined` when there is no such session. */
export declare function getSessionInfo(sessionId: string, options?: GetSessionInfoOptions): Promise<SDKSessionInfo | undefined>;
/** The conversation of a saved session, user and assistant messages from the first. */
export declare function getSessionMessages(sessionId: string, options?: GetSessionMessagesOptions): Promise<SessionMessage[]>;
/** The ids of the subagents a saved session ran. */
export declare function listSubagents(sessionId: string, options?: { dir?: string; sessionStore?: SessionStore }): Promise<string[]>;
/** A subagent's conversation, from its first message. */
export declare function getSubagentMessages(sessionId: string, agentId: string, options?: GetSessionMessagesOptions): Promise<SessionMessage[]>;
/** Sets a saved session's title (an empty title is refused). */
export declare function renameSession(sessionId: string, title: string, options?: SessionMutationOptions): Promise<void>;
/** Tags a saved session; `null` clears the tag. */
export declare function tagSession(sessionId: string, tag: string | null, options?: SessionMutationOptions): Promise<void>;
/** Deletes a saved session's transcript and its folder of side files. */
export declare function deleteSession(sessionId: string, options?: SessionMutationOptions): Promise<void>;
/** Marks a local session archived (listSessions then reports `archived: true`); the transcript is untouched. */
export declare function archiveSession(sessionId: string, options?: SessionMutationOptions): Promise<void>;
/** Clears the archive mark (listSessions then reports `archived: false`). */
export declare function unarchiveSession(sessionId: string, options?: SessionMutationOptions): Promise<void>;
/**
 * What `matchDeniedModels()` found: one flag per model (denied or not), and warnings about the
 * list.
 */
export type DeniedModelsMatch = { denied: boolean[]; warnings: string[] };
/** Which of `models` a `deniedModels` list blocks, by exact name (not an enforcement). */
export declare function matchDeniedModels(models: readonly string[], deniedModels: readonly string[] | undefined): Promise<DeniedModelsMatch>;
/** `resolved.effective` without an escalating `permissions.defaultMode` that a project file set. */
export declare function filterEscalatingDefaultMode(resolved: { effective: Record<string, unknown>; sources?: { source: string; settings: Record<string, unknown> }[] }): Record<string, unknown>;
/** The error of a direct connection to a running session. */
export declare class DirectConnectError extends Error {
    readonly code: string | undefined;
    constructor(message: string, code?: string);
}
/** Copies a saved conversation (up to `upToMessageId`) into a new session and returns its id. */
export declare function forkSession(sessionId: string, options?: ForkSessionOptions): Promise<ForkSessionResult>;

/**
 * Options of `importSessionToStore()`: the project directory, whether to copy the subagents'
 * transcripts too, and how many entries to append at a time.
 */
export type ImportSessionToStoreOptions = { dir?: string; includeSubagents?: boolean; batchSize?: number };
/** Copies a local session (and its subagents' transcripts) into `store`. */
export declare function importSessionToStore(sessionId: string, store: SessionStore, options?: ImportSessionToStoreOptions): Promise<void>;
/** Folds one appended batch into `prev`; `options.mtime` stamps the result (else `prev`'s is kept). */
export declare function foldSessionSummary(prev: SessionSummaryEntry | undefined, key: SessionKey, entries: SessionStoreEntry[], options?: { mtime?: number }): SessionSummaryEntry;
/** A store in this process's memory, for tests and development. */
export declare class InMemorySessionStore implements SessionStore {
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>>;
  listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]>;
  delete(key: SessionKey): Promise<void>;
  listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]>;
  /** Test helper: the entries of a key. */
  getEntries(key: SessionKey): SessionStoreEntry[];
  /** Test helper: how many sessions (main transcripts) are stored. */
  get size(): number;
  /** Test helper: forgets everything. */
  clear(): void;
}

/** Every hook event name, in the official SDK's order. */
export declare const HOOK_EVENTS: readonly [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification',
  'UserPromptSubmit', 'UserPromptExpansion', 'SessionStart', 'SessionEnd', 'Stop', 'StopFailure',
  'SubagentStart', 'SubagentStop', 'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch',
  'PermissionRequest', 'PermissionDenied', 'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted',
  'Elicitation', 'ElicitationResult', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove',
  'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded', 'MessageDisplay',
  'PreSkillShellCommand',
];
/** Every reason a session can end with (`SessionEndHookInput.reason`). */
export declare const EXIT_REASONS: readonly ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'];
/**
 * A marker a string-array `systemPrompt` may hold between its cacheable start and the rest; it is
 * dropped when the parts are joined.
 */
export declare const SYSTEM_PROMPT_DYNAMIC_BOUNDARY = '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__';
/** The names of the built-in tools the official SDK knows. */
export declare const BUILTIN_TOOL_NAMES: readonly string[];
/** Former tool names and the names that replaced them (`Task` is now `Agent`). */
export declare const LEGACY_TOOL_NAME_ALIASES: Readonly<Record<string, string>>;
/** How usage-limit notices begin (for hosts that tell them apart from other text). */
export declare const ORG_POLICY_LIMIT_PREFIXES: readonly string[];
/**
 * How notices that a usage limit was reached begin (oxagent writes none; kept for programs that
 * check them).
 */
export declare const USAGE_LIMIT_ERROR_PREFIXES: readonly string[];
/** How notices that usage moved to credits or extra usage begin. */
export declare const USAGE_TRANSITION_PREFIXES: readonly string[];
/** How notices that a usage limit is near begin. */
export declare const USAGE_WARNING_PREFIXES: readonly string[];
