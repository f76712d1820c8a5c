// Shapes of the Anthropic Messages API that SDK messages carry (`assistant.message`,
// `user.message`, `stream_event.event`), declared here so the package needs no other types.
// Unknown block and event kinds can arrive too: compare on `type` and ignore the rest.

/** Prompt-cache write tokens split by the cache entry's lifetime (5 minutes or 1 hour). */
export interface BetaCacheCreation {
  ephemeral_1h_input_tokens: number;
  ephemeral_5m_input_tokens: number;
}

/** How many server-side tool requests (web search, web fetch) a response made. */
export interface BetaServerToolUsage {
  web_search_requests: number;
  web_fetch_requests?: number;
}

/**
 * Token usage of one API response: input, output, cache writes and reads, server tool requests and
 * the service tier. Other keys the API adds pass through.
 */
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

/** Text of the model's answer; `citations` when it cites documents or search results. */
export interface BetaTextBlock {
  type: 'text';
  text: string;
  citations?: unknown[] | null;
}

/**
 * The model's extended thinking; `signature` is the API's check value, sent back unchanged on
 * later turns.
 */
export interface BetaThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** Thinking the API returned encrypted (`data`); kept only to be sent back. */
export interface BetaRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/**
 * A tool call by the model: `id` pairs it with the `tool_result` that answers it; `input` is the
 * arguments.
 */
export interface BetaToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** A call of a tool the API runs itself (web search, code execution, ...). */
export interface BetaServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * A call of a tool on an MCP server the API connected to (the MCP connector), naming the server.
 */
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

/** Any content block of an assistant message; compare on `type`. */
export type BetaContentBlock =
  | BetaTextBlock
  | BetaThinkingBlock
  | BetaRedactedThinkingBlock
  | BetaToolUseBlock
  | BetaServerToolUseBlock
  | BetaMCPToolUseBlock
  | BetaServerToolResultBlock;

/**
 * Why the model stopped: finished (`end_turn`), a limit, a stop sequence, a tool call to run, a
 * paused long turn, or a refusal.
 */
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

/** An image given inline as base64 data with its media type. */
export interface Base64ImageSource {
  type: 'base64';
  media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  data: string;
}

/** An image the API fetches from a URL. */
export interface URLImageSource {
  type: 'url';
  url: string;
}

/** Text sent to the model; `cache_control` marks a prompt-cache breakpoint. */
export interface TextBlockParam {
  type: 'text';
  text: string;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
  citations?: unknown[] | null;
}

/** An image sent to the model, inline or by URL. */
export interface ImageBlockParam {
  type: 'image';
  source: Base64ImageSource | URLImageSource;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

/**
 * A document (PDF, plain text, ...) sent to the model; `title` and `context` describe it,
 * `citations` enables citing it.
 */
export interface DocumentBlockParam {
  type: 'document';
  source: unknown;
  title?: string | null;
  context?: string | null;
  citations?: unknown;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

/**
 * The answer to a tool call, in a user message: `tool_use_id` names the call; `is_error` marks a
 * failure.
 */
export interface ToolResultBlockParam {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<TextBlockParam | ImageBlockParam | DocumentBlockParam>;
  is_error?: boolean;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
}

/** A tool call, as an assistant message of a sent conversation carries it. */
export interface ToolUseBlockParam {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** A thinking block sent back with its signature, as the API returned it. */
export interface ThinkingBlockParam {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** A redacted thinking block sent back as the API returned it. */
export interface RedactedThinkingBlockParam {
  type: 'redacted_thinking';
  data: string;
}

/** Any content block a sent message may carry; compare on `type`. */
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

/** The first stream event of a response: the message with empty content. */
export interface BetaRawMessageStartEvent {
  type: 'message_start';
  message: BetaMessage;
}

/** Near the end of a response: the stop reason and the final output token count. */
export interface BetaRawMessageDeltaEvent {
  type: 'message_delta';
  delta: { stop_reason: BetaStopReason | null; stop_sequence: string | null; container?: unknown };
  usage: Partial<BetaUsage> & { output_tokens: number };
  context_management?: unknown;
}

/** The last stream event of a response. */
export interface BetaRawMessageStopEvent {
  type: 'message_stop';
}

/** A content block begins at position `index` of the message. */
export interface BetaRawContentBlockStartEvent {
  type: 'content_block_start';
  index: number;
  content_block: BetaContentBlock;
}

/**
 * A piece of a content block: text, partial tool-input JSON, thinking, a thinking signature, or a
 * citation.
 */
export type BetaRawContentBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

/** A piece of the content block at `index`. */
export interface BetaRawContentBlockDeltaEvent {
  type: 'content_block_delta';
  index: number;
  delta: BetaRawContentBlockDelta;
}

/** The content block at `index` is complete. */
export interface BetaRawContentBlockStopEvent {
  type: 'content_block_stop';
  index: number;
}

/**
 * Any raw stream event of the Messages API (`SDKPartialAssistantMessage.event`); compare on
 * `type`.
 */
export type BetaRawMessageStreamEvent =
  | BetaRawMessageStartEvent
  | BetaRawMessageDeltaEvent
  | BetaRawMessageStopEvent
  | BetaRawContentBlockStartEvent
  | BetaRawContentBlockDeltaEvent
  | BetaRawContentBlockStopEvent;
