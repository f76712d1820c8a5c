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

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

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

export interface SdkMcpToolDefinition<Schema extends AnyZodRawShape = AnyZodRawShape> {
  name: string;
  description: string;
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

export interface McpServerToolPolicy {
  name: string;
  permission_policy?: 'always_allow' | 'always_ask' | 'always_deny';
  org_max_permission?: 'allow' | 'ask' | 'blocked';
}

export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  timeout?: number;
  alwaysLoad?: boolean;
}

export interface McpSSEServerConfig {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  alwaysLoad?: boolean;
}

export interface McpHttpServerConfig {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  alwaysLoad?: boolean;
}

export interface McpSdkServerConfig {
  type: 'sdk';
  name: string;
  timeout?: number;
  tools?: McpServerToolPolicy[];
}

export interface McpSdkServerConfigWithInstance extends McpSdkServerConfig {
  instance: McpServer;
}

export interface McpClaudeAIProxyServerConfig {
  type: 'claudeai-proxy';
  url: string;
  id: string;
  timeout?: number;
}

export type McpServerConfig = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig | McpSdkServerConfigWithInstance;
export type McpServerConfigForProcessTransport = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig | McpSdkServerConfig;
export type McpServerStatusConfig = McpServerConfigForProcessTransport | McpClaudeAIProxyServerConfig;

export interface CreateSdkMcpServerOptions {
  name: string;
  version?: string;
  instructions?: string;
  tools?: Array<SdkMcpToolDefinition<any>>;
  alwaysLoad?: boolean;
  /** Milliseconds per call; a positive integer. */
  timeout?: number;
}

export interface ElicitationRequest {
  serverName: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitationId?: string;
  requestedSchema?: Record<string, unknown>;
  title?: string;
  displayName?: string;
  description?: string;
}

export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

export type OnElicitation = (request: ElicitationRequest, options: { signal: AbortSignal; requestId: string }) => Promise<ElicitationResult | null>;

export interface UserDialogRequest {
  dialogKind: string;
  payload: Record<string, unknown>;
  toolUseID?: string;
}

export type UserDialogResult = { behavior: 'completed'; result: unknown } | { behavior: 'cancelled' };

export type OnUserDialog = (request: UserDialogRequest, options: { signal: AbortSignal; requestId: string }) => Promise<UserDialogResult | null>;
