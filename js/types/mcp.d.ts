// MCP server configurations and in-process tools (`tool()`, `createSdkMcpServer()`).
// zod schemas are matched structurally, so zod 3 and zod 4 shapes both work without this
// package importing zod's types.

/** A zod 3 schema, as far as these types need it. */
export interface ZodV3TypeLike<Output = unknown> {
  readonly _output: Output;
  readonly _def: unknown;
}

/** A zod 4 schema (classic or mini), as far as these types need it. */
export interface ZodV4TypeLike<Output = unknown> {
  readonly _zod: { readonly output: Output };
}

/** An object whose values are zod schemas (zod 3 or 4), e.g. `{ path: z.string() }`. */
export type AnyZodRawShape = { [key: string]: ZodV3TypeLike | ZodV4TypeLike };

type OutputOf<S> = S extends { readonly _zod: { readonly output: infer O } } ? O : S extends { readonly _output: infer O } ? O : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The handler's argument type for a raw shape; fields that accept `undefined` are optional. */
export type InferShape<Shape> = Flatten<
  { [K in keyof Shape as undefined extends OutputOf<Shape[K]> ? never : K]: OutputOf<Shape[K]> } & {
    [K in keyof Shape as undefined extends OutputOf<Shape[K]> ? K : never]?: OutputOf<Shape[K]>;
  }
>;

/**
 * MCP hints about a tool: a title, and whether it only reads, may destroy, is idempotent, or
 * reaches outside systems. `readOnlyHint` lets parallel calls run together.
 */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/**
 * One piece of a tool's result: text, an image or audio (base64), a link to a resource, or an
 * embedded resource.
 */
export type CallToolResultContent =
  | { type: 'text'; text: string; _meta?: Record<string, unknown> }
  | { type: 'image'; data: string; mimeType: string; _meta?: Record<string, unknown> }
  | { type: 'audio'; data: string; mimeType: string; _meta?: Record<string, unknown> }
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

/** What a tool handler returns (the MCP `CallToolResult`). */
export interface CallToolResult {
  content: CallToolResultContent[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * An in-process tool, as `tool()` makes it: name, description, zod input shape, hints and handler.
 */
export interface SdkMcpToolDefinition<Schema extends AnyZodRawShape = AnyZodRawShape> {
  name: string;
  description: string;
  /** A zod raw shape; the handler's `args` are typed from it. */
  inputSchema: Schema;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
  handler: (args: InferShape<Schema>, extra: unknown) => Promise<CallToolResult>;
}

/** The in-process server object behind an sdk server config. */
export interface McpServer {
  readonly name: string;
  readonly version: string;
}

/** A per-tool permission policy of a remote MCP server. */
export interface McpServerToolPolicy {
  name: string;
  permission_policy?: 'always_allow' | 'always_ask' | 'always_deny';
  org_max_permission?: 'allow' | 'ask' | 'blocked';
}

/** An MCP server run as a child process speaking over stdin/stdout. */
export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Milliseconds one tool call may take; from 1000 up, over `MCP_TOOL_TIMEOUT`. */
  timeout?: number;
  /** Load the server's tools up front, not on demand through tool search. */
  alwaysLoad?: boolean;
}

/** A remote MCP server reached over server-sent events. */
export interface McpSSEServerConfig {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  /** Load the server's tools up front, not on demand through tool search. */
  alwaysLoad?: boolean;
}

/** A remote MCP server reached over streamable HTTP. */
export interface McpHttpServerConfig {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  /** Load the server's tools up front, not on demand through tool search. */
  alwaysLoad?: boolean;
}

/** An in-process MCP server, by name (the serializable part of its config). */
export interface McpSdkServerConfig {
  type: 'sdk';
  name: string;
  timeout?: number;
  tools?: McpServerToolPolicy[];
}

/**
 * An in-process MCP server as `createSdkMcpServer()` returns it, with the server object that runs
 * the tools.
 */
export interface McpSdkServerConfigWithInstance extends McpSdkServerConfig {
  instance: McpServer;
}

/** A claude.ai connector reached through the claude.ai proxy; status reports show it. */
export interface McpClaudeAIProxyServerConfig {
  type: 'claudeai-proxy';
  url: string;
  id: string;
  timeout?: number;
}

/** An entry of `options.mcpServers`: a stdio, SSE, HTTP or in-process server. */
export type McpServerConfig = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig | McpSdkServerConfigWithInstance;
/** An MCP server config that can be serialized (an in-process server by name only). */
export type McpServerConfigForProcessTransport = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig | McpSdkServerConfig;
/** An MCP server config as status reports show it. */
export type McpServerStatusConfig = McpServerConfigForProcessTransport | McpClaudeAIProxyServerConfig;

/**
 * The options of `createSdkMcpServer()`: the server's name and version, instructions for the
 * model, and its tools.
 */
export interface CreateSdkMcpServerOptions {
  name: string;
  version?: string;
  /** Text telling the model how to use the server's tools. */
  instructions?: string;
  tools?: Array<SdkMcpToolDefinition<any>>;
  /** Load the tools up front, not on demand through tool search. */
  alwaysLoad?: boolean;
  /** Milliseconds per call; a positive integer. */
  timeout?: number;
}

/**
 * An MCP server's request for user input (`options.onElicitation`): a form (`requestedSchema`) or
 * a URL to open.
 */
export interface ElicitationRequest {
  serverName: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  /** Identifies a URL-mode elicitation; its completion is announced with this id. */
  elicitationId?: string;
  /** The JSON Schema of the form to fill, in form mode. */
  requestedSchema?: Record<string, unknown>;
  title?: string;
  displayName?: string;
  description?: string;
}

/** The answer to an elicitation: accept (with the form's `content`), decline or cancel. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

/**
 * Answers MCP elicitation requests. Resolving to `null` means the host answers out of band with
 * the request id.
 */
export type OnElicitation = (request: ElicitationRequest, options: { signal: AbortSignal; requestId: string }) => Promise<ElicitationResult | null>;

/**
 * A dialog the session asks the host to show (`options.onUserDialog`); `dialogKind` says which,
 * `payload` holds its data.
 */
export interface UserDialogRequest {
  dialogKind: string;
  payload: Record<string, unknown>;
  toolUseID?: string;
}

/** The answer to a dialog: completed with a result, or cancelled. */
export type UserDialogResult = { behavior: 'completed'; result: unknown } | { behavior: 'cancelled' };

/**
 * Shows dialogs the session asks for; only kinds in `options.supportedDialogKinds` arrive. `null`
 * means answered out of band.
 */
export type OnUserDialog = (request: UserDialogRequest, options: { signal: AbortSignal; requestId: string }) => Promise<UserDialogResult | null>;
