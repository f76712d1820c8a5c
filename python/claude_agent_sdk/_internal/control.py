"""Answers to the control requests a session sends to its host: ``can_use_tool``,
``hook_callback`` and ``mcp_message``. Each answer is the ``response`` payload of a success
control_response; an exception becomes an error control_response with its text (the session
then treats the call as failed: a denied tool, a failed hook, an MCP error), never a hang.

User callbacks may be ``async def`` or plain functions (a plain function runs on the event
loop's thread, like the async ones; it should not block for long).
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from .._permissions import (
    PermissionResultAllow,
    PermissionResultDeny,
    PermissionUpdate,
    ToolPermissionContext,
)
from .options_json import PreparedOptions

logger = logging.getLogger(__name__)


async def call_user(callback: Any, *args: Any) -> Any:
    """Call a sync or async user callback on the current event loop."""
    result = callback(*args)
    if inspect.isawaitable(result):
        result = await result
    return result


def _updates_to_wire(updates: list[PermissionUpdate]) -> list[dict[str, Any]] | None:
    """All updates in wire form, or None (with a warning) if any one cannot be sent: they go
    together or not at all, since the one that failed may be a restriction."""
    wire = []
    for index, update in enumerate(updates):
        try:
            wire.append(update.to_dict())
        except ValueError as e:
            logger.warning(
                "can_use_tool allowed the call, but its permission updates were dropped: "
                "updated_permissions[%d] cannot be sent: %s",
                index,
                e,
            )
            return None
    return wire


async def can_use_tool(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    if prepared.can_use_tool is None:
        raise Exception("canUseTool callback is not provided")
    original_input = request.get("input")
    context = ToolPermissionContext(
        signal=None,
        suggestions=[
            PermissionUpdate.from_dict(s) for s in (request.get("permission_suggestions") or [])
        ],
        tool_use_id=request.get("tool_use_id"),
        agent_id=request.get("agent_id"),
        blocked_path=request.get("blocked_path"),
        decision_reason=request.get("decision_reason"),
        title=request.get("title"),
        display_name=request.get("display_name"),
        description=request.get("description"),
    )
    result = await call_user(prepared.can_use_tool, request["tool_name"], original_input, context)
    if isinstance(result, PermissionResultAllow):
        answer: dict[str, Any] = {
            "behavior": "allow",
            "updatedInput": result.updated_input if result.updated_input is not None else original_input,
        }
        if result.updated_permissions is not None:
            wire = _updates_to_wire(result.updated_permissions)
            if wire is not None:
                answer["updatedPermissions"] = wire
        return answer
    if isinstance(result, PermissionResultDeny):
        answer = {"behavior": "deny", "message": result.message}
        if result.interrupt:
            answer["interrupt"] = True
        return answer
    raise TypeError(
        "Tool permission callback must return PermissionResult (PermissionResultAllow or "
        f"PermissionResultDeny), got {type(result)}"
    )


def hook_output_to_wire(output: Any) -> dict[str, Any]:
    """Top-level ``async_`` / ``continue_`` become ``async`` / ``continue``; nothing else
    changes (``hookSpecificOutput`` stays camelCase)."""
    if not isinstance(output, dict):
        raise TypeError(f"Hook callback must return a dict, got {type(output).__name__}")
    renamed = {"async_": "async", "continue_": "continue"}
    return {renamed.get(key, key): value for key, value in output.items()}


async def hook_callback(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    callback_id = request.get("callback_id")
    callback = prepared.hook_callbacks.get(callback_id)  # type: ignore[arg-type]
    if callback is None:
        raise Exception(f"No hook callback found for ID: {callback_id}")
    output = await call_user(
        callback, request.get("input"), request.get("tool_use_id"), {"signal": None}
    )
    return hook_output_to_wire(output)


async def mcp_message(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    server_name = request.get("server_name")
    message = request.get("message")
    if not server_name or not message:
        raise Exception("Missing server_name or message for MCP request")
    server = prepared.sdk_servers.get(server_name)
    if server is None:
        reply: dict[str, Any] | None = {
            "jsonrpc": "2.0",
            "id": message.get("id"),
            "error": {"code": -32601, "message": f"Server '{server_name}' not found"},
        }
    else:
        try:
            reply = await server.handle(message)
        except Exception as e:  # noqa: BLE001 - reported to the MCP client
            reply = {
                "jsonrpc": "2.0",
                "id": message.get("id"),
                "error": {"code": -32603, "message": str(e) or type(e).__name__},
            }
        if reply is None:
            reply = {"jsonrpc": "2.0", "result": {}}  # a notification still gets its ack
    return {"mcp_response": reply}


async def session_store(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    from .._session_store import answer_store_call

    return await answer_store_call(prepared.session_store, request)


HANDLERS = {
    "can_use_tool": can_use_tool,
    "hook_callback": hook_callback,
    "mcp_message": mcp_message,
    "session_store": session_store,
}


async def answer(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    """The response payload for one control request (raises on failure)."""
    subtype = request.get("subtype")
    handler = HANDLERS.get(subtype)  # type: ignore[arg-type]
    if handler is None:
        raise Exception(f"Unsupported control request subtype: {subtype}")
    return await handler(request, prepared)
