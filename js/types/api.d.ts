// Shapes of the Anthropic Messages API that SDK messages carry (`assistant.message`,
// `user.message`, `stream_event.event`), declared here so the package needs no other types.
// Unknown block and event kinds can arrive too: compare on `type` and ignore the rest.

export interface BetaCacheCreation {
  ephemeral_1h_input_tokens: number;
  ephemeral_5m_input_tokens: number;
}

export interface BetaServerToolUsage {
  web_search_requests: number;
  web_fetch_requests?: number;
}

export interface BetaUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
  cache_creation?: BetaCacheCreation | null;
  server_tool_use?: BetaServerToolUsage | null;
  service_tier?: 'standard' | 'priority' | 'batch' | null;
  [key: string]: unknown;
}

export interface BetaTextBlock {
  type: 'text';
  text: string;
  citations?: unknown[] | null;
}

export interface BetaThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface BetaRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export interface BetaToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface BetaServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface BetaMCPToolUseBlock {
  type: 'mcp_tool_use';
  id: string;
  name: string;
  server_name: string;
  input: unknown;
}

/** Result blocks of server tools (web search, web fetch, code execution, ...). */
export interface BetaServerToolResultBlock {
  type:
    | 'web_search_tool_result'
    | 'web_fetch_tool_result'
    | 'code_execution_tool_result'
    | 'bash_code_execution_tool_result'
    | 'text_editor_code_execution_tool_result'
    | 'mcp_tool_result'
    | 'container_upload';
  tool_use_id?: string;
  content?: unknown;
  [key: string]: unknown;
}

export type BetaContentBlock =
  | BetaTextBlock
  | BetaThinkingBlock
  | BetaRedactedThinkingBlock
  | BetaToolUseBlock
  | BetaServerToolUseBlock
  | BetaMCPToolUseBlock
  | BetaServerToolResultBlock;

export type BetaStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

/** A complete assistant message as the API returns it. */
export interface BetaMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: BetaContentBlock[];
  stop_reason: BetaStopReason | null;
  stop_sequence: string | null;
  usage: BetaUsage;
  container?: unknown;
  context_management?: unknown;
}

// --- what the caller sends -------------------------------------------------------------------

export interface Base64ImageSource {
  type: 'base64';
  media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  data: string;
}

export interface URLImageSource {
  type: 'url';
  url: string;
}

export interface TextBlockParam {
  type: 'text';
  text: string;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
  citations?: unknown[] | null;
}

export interface ImageBlockParam {
  type: 'image';
  source: Base64ImageSource | URLImageSource;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

export interface DocumentBlockParam {
  type: 'document';
  source: unknown;
  title?: string | null;
  context?: string | null;
  citations?: unknown;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

export interface ToolResultBlockParam {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<TextBlockParam | ImageBlockParam | DocumentBlockParam>;
  is_error?: boolean;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

export interface ToolUseBlockParam {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface ThinkingBlockParam {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface RedactedThinkingBlockParam {
  type: 'redacted_thinking';
  data: string;
}

export type ContentBlockParam =
  | TextBlockParam
  | ImageBlockParam
  | DocumentBlockParam
  | ToolResultBlockParam
  | ToolUseBlockParam
  | ThinkingBlockParam
  | RedactedThinkingBlockParam;

/** One message of a conversation, as sent to the API. */
export interface MessageParam {
  role: 'user' | 'assistant';
  content: string | ContentBlockParam[];
}

// --- stream events (includePartialMessages) --------------------------------------------------

export interface BetaRawMessageStartEvent {
  type: 'message_start';
  message: BetaMessage;
}

export interface BetaRawMessageDeltaEvent {
  type: 'message_delta';
  delta: { stop_reason: BetaStopReason | null; stop_sequence: string | null; container?: unknown };
  usage: Partial<BetaUsage> & { output_tokens: number };
  context_management?: unknown;
}

export interface BetaRawMessageStopEvent {
  type: 'message_stop';
}

export interface BetaRawContentBlockStartEvent {
  type: 'content_block_start';
  index: number;
  content_block: BetaContentBlock;
}

export type BetaRawContentBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

export interface BetaRawContentBlockDeltaEvent {
  type: 'content_block_delta';
  index: number;
  delta: BetaRawContentBlockDelta;
}

export interface BetaRawContentBlockStopEvent {
  type: 'content_block_stop';
  index: number;
}

export type BetaRawMessageStreamEvent =
  | BetaRawMessageStartEvent
  | BetaRawMessageDeltaEvent
  | BetaRawMessageStopEvent
  | BetaRawContentBlockStartEvent
  | BetaRawContentBlockDeltaEvent
  | BetaRawContentBlockStopEvent;
