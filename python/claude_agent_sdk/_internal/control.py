"""Answers to the control requests a session sends to its host: ``can_use_tool``,
``hook_callback``, ``mcp_tool_call`` (run one tool handler of an in-process MCP server) and
``mcp_message`` (JSON-RPC for such a server, from a remote session behind a custom
``Transport``). Each answer is the ``response`` payload of a success control_response; an
exception becomes an error control_response with its text (the session then treats the call
as failed: a denied tool, a failed hook, a tool that raised), never a hang.

User callbacks may be ``async def`` or plain functions (a plain function runs on the event
loop's thread, like the async ones; it should not block for long).
"""

from __future__ import annotations

import inspect
import json
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
        if not prepared.needs_host:
            # The documented SDK closes its input once a string prompt is sent when nothing
            # needs answering (no callbacks, hooks or SDK servers): a question asked over
            # `permission_prompt_tool_name="stdio"` then finds the stream closed.
            raise Exception("AbortError: Stream closed")
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


async def _run_tool(prepared: PreparedOptions, server_name: Any, tool_name: Any, arguments: Any) -> Any:
    """What the tool's handler returns, unchanged (the server makes the MCP result of it);
    raises what the handler raises."""
    server = prepared.sdk_servers.get(server_name)
    if server is None:
        raise Exception(f"Server '{server_name}' not found")
    tool = server.tools.get(tool_name)
    if tool is None:
        raise Exception(f"Tool '{tool_name}' not found")
    result = await call_user(tool.handler, arguments)
    try:
        json.dumps(result)
    except (TypeError, ValueError) as e:
        if not isinstance(result, dict):
            # The server would have called .get on it, as the reference does.
            raise AttributeError(f"'{type(result).__name__}' object has no attribute 'get'") from e
        raise TypeError(f"the result of tool '{tool_name}' is not JSON: {e}") from e
    return result


async def mcp_tool_call(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    result = await _run_tool(
        prepared, request.get("server_name"), request.get("tool_name"), request.get("arguments")
    )
    return {"result": result}


def _native_server(prepared: PreparedOptions, name: str) -> Any:
    """The Rust JSON-RPC server of one SDK server, made on first use."""
    server = prepared.mcp_servers_native.get(name)
    if server is None:
        from .. import _native

        definition = prepared.json["mcp_servers"][name]
        server = prepared.mcp_servers_native[name] = _native.SdkMcpServer(json.dumps(definition))
    return server


async def mcp_message(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    server_name = request.get("server_name")
    message = request.get("message")
    if not server_name or not message:
        raise Exception("Missing server_name or message for MCP request")
    if server_name not in prepared.sdk_servers:
        reply: Any = {
            "jsonrpc": "2.0",
            "id": message.get("id"),
            "error": {"code": -32601, "message": f"Server '{server_name}' not found"},
        }
        return {"mcp_response": reply}
    server = _native_server(prepared, server_name)
    step = json.loads(server.handle(json.dumps(message)))
    if "call" in step:
        call = step["call"]
        try:
            outcome = {"result": await _run_tool(prepared, server_name, call["tool"], call["arguments"])}
        except Exception as e:  # noqa: BLE001 - a failing tool is a tool result
            outcome = {"error": str(e)}
        reply = json.loads(server.finish(call["call_id"], json.dumps(outcome)))
    else:
        reply = step["reply"]
    if reply is None:
        reply = {"jsonrpc": "2.0", "result": {}}  # a notification still gets its ack
    return {"mcp_response": reply}


async def session_store(request: dict[str, Any], prepared: PreparedOptions) -> dict[str, Any]:
    from .._session_store import answer_store_call

    return await answer_store_call(prepared.session_store, request)


HANDLERS = {
    "can_use_tool": can_use_tool,
    "hook_callback": hook_callback,
    "mcp_tool_call": mcp_tool_call,
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
