// Narrowing on the SDKMessage union: every tag reaches its own fields.
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

export function describe(m: SDKMessage): string {
  switch (m.type) {
    case "assistant":
      return m.message.content.map((b) => (b.type === "text" ? b.text : b.type === "tool_use" ? b.name : b.type)).join(" ");
    case "user":
      return typeof m.message.content === "string" ? m.message.content : String(m.parent_tool_use_id);
    case "result":
      return m.subtype === "success" ? `${m.result} ${m.total_cost_usd}` : `${m.subtype}: ${m.errors.join("; ")} ${m.modelUsage}`;
    case "stream_event":
      return m.event.type === "content_block_delta" && m.event.delta.type === "text_delta" ? m.event.delta.text : m.event.type;
    case "system":
      if (m.subtype === "init") return `${m.model} ${m.tools.join(",")} ${m.permissionMode} ${m.session_id}`;
      if (m.subtype === "compact_boundary") return String(m.compact_metadata.pre_tokens);
      if (m.subtype === "api_retry") return `${m.attempt}/${m.max_retries} ${m.error}`;
      if (m.subtype === "task_notification") return m.summary;
      return m.subtype;
    case "tool_progress":
      return m.tool_name;
    case "rate_limit_event":
      return m.rate_limit_info.status;
    default:
      return m.type;
  }
}
