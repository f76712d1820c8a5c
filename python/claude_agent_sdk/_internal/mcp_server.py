"""The in-process MCP server behind ``create_sdk_mcp_server``: answers the JSON-RPC messages
the session forwards in ``mcp_message`` control requests.

    server = SdkMcpServer("calc", "1.0.0", [add])
    await server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    # {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "add", ...}]}}

Tool failures (unknown tool, invalid arguments, a handler that raises) are tool results with
``isError: true``, never JSON-RPC errors, so the model can react to them.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from .schema import input_json_schema, validation_error

logger = logging.getLogger(__name__)

_PROTOCOL_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
_METHOD_NOT_FOUND = -32601


def _annotations_wire(annotations: Any) -> dict[str, Any] | None:
    """Hints as sent in tools/list (None values and maxResultSizeChars left out)."""
    if annotations is None:
        return None
    if isinstance(annotations, dict):
        data = dict(annotations)
    elif hasattr(annotations, "model_dump"):
        data = annotations.model_dump(exclude_none=True, by_alias=True)
    else:
        data = {k: v for k, v in vars(annotations).items() if not k.startswith("_")}
    data = {k: v for k, v in data.items() if v is not None and k != "maxResultSizeChars"}
    return data or None


def _max_result_size(annotations: Any) -> Any:
    if annotations is None:
        return None
    if isinstance(annotations, dict):
        return annotations.get("maxResultSizeChars")
    return getattr(annotations, "maxResultSizeChars", None)


def _content_block(item: Any) -> dict[str, Any] | None:
    """One block of a handler's result as MCP content (text and image pass through)."""
    kind = item.get("type") if isinstance(item, dict) else None
    if kind == "text":
        return {"type": "text", "text": item["text"]}
    if kind == "image":
        return {"type": "image", "data": item["data"], "mimeType": item["mimeType"]}
    if kind == "resource_link":
        parts = [str(p) for p in (item.get("name"), item.get("uri"), item.get("description")) if p]
        return {"type": "text", "text": "\n".join(parts) if parts else "Resource link"}
    if kind == "resource":
        resource = item.get("resource") or {}
        if "text" in resource:
            return {"type": "text", "text": resource["text"]}
        logger.warning("binary embedded resource in a tool result cannot be sent; skipped")
        return None
    logger.warning("unsupported content type %r in a tool result; skipped", kind)
    return None


def _error_result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": True}


class SdkMcpServer:
    """Tools of one ``create_sdk_mcp_server`` call, served over JSON-RPC dicts."""

    def __init__(self, name: str, version: str, tools: list[Any]):
        self.name = name
        self.version = version
        self.tools = {t.name: t for t in tools}
        self._schemas = {t.name: input_json_schema(t.input_schema) for t in tools}

    def list_tools(self) -> list[dict[str, Any]]:
        listed = []
        for name, t in self.tools.items():
            entry: dict[str, Any] = {
                "name": name,
                "description": t.description,
                "inputSchema": self._schemas[name],
            }
            annotations = _annotations_wire(t.annotations)
            if annotations:
                entry["annotations"] = annotations
            size = _max_result_size(t.annotations)
            if size is not None:
                entry["_meta"] = {"anthropic/maxResultSizeChars": size}
            listed.append(entry)
        return listed

    async def call_tool(self, name: str, arguments: Any) -> dict[str, Any]:
        t = self.tools.get(name)
        if t is None:
            return _error_result(f"Tool '{name}' not found")
        try:
            problem = validation_error(arguments, self._schemas[name])
            if problem is not None:
                return _error_result(f"Input validation error: {problem}")
            result = t.handler(arguments)
            if inspect.isawaitable(result):
                result = await result
            content = [
                block
                for block in (_content_block(i) for i in (result.get("content") or []))
                if block is not None
            ]
            return {"content": content, "isError": bool(result.get("is_error", False))}
        except Exception as e:  # noqa: BLE001 - a failing tool is a tool result
            return _error_result(str(e))

    async def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The JSON-RPC reply to ``message``, or None for a notification."""
        method = message.get("method")
        if "id" not in message:
            return None
        msg_id = message["id"]
        params = message.get("params") or {}
        if method == "initialize":
            requested = params.get("protocolVersion")
            version = requested if requested in _PROTOCOL_VERSIONS else _PROTOCOL_VERSIONS[-1]
            result: dict[str, Any] = {
                "protocolVersion": version,
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": self.name, "version": self.version},
            }
        elif method == "ping":
            result = {}
        elif method == "tools/list":
            result = {"tools": self.list_tools()}
        elif method == "tools/call":
            result = await self.call_tool(params.get("name", ""), params.get("arguments") or {})
        else:
            return {
                "jsonrpc": "2.0",
                "id": msg_id,
                "error": {"code": _METHOD_NOT_FOUND, "message": "Method not found"},
            }
        return {"jsonrpc": "2.0", "id": msg_id, "result": result}
