"""In-process MCP servers for the SDK-server scenarios, built with the public API of the
package under test (``tool``, ``create_sdk_mcp_server``, ``ToolAnnotations``) from a JSON
spec shared with ``tools.mjs``:

    {"kit": {"version": "2.0.0", "tools": [
        {"name": "add", "description": "Add two integers.",
         "input": {"a": "integer", "b": "integer"},      # every parameter required
         "json_schema": {...},                            # Python only: instead of "input"
         "annotations": {"readOnlyHint": true},
         "run": {"sum": ["a", "b"]}}]}}

``run`` is one of: ``{"sum": [names]}`` (the sum as text), ``{"text": "x={x}"}`` (the
arguments formatted in), ``{"raise": "message"}``, ``{"return": value}`` (returned as it is;
``null`` returns None).
"""

from __future__ import annotations

import copy
from typing import Any

_TYPES: dict[str, Any] = {"integer": int, "number": float, "string": str, "boolean": bool,
                          "string[]": list[str]}


def _handler(run: dict[str, Any]):
    async def handler(args: dict[str, Any]) -> Any:
        if "sum" in run:
            return {"content": [{"type": "text", "text": str(sum(args[k] for k in run["sum"]))}]}
        if "text" in run:
            return {"content": [{"type": "text", "text": run["text"].format(**args)}]}
        if "raise" in run:
            raise Exception(run["raise"])
        return copy.deepcopy(run["return"])

    return handler


def build_servers(spec: dict[str, Any]) -> dict[str, Any]:
    """``{name: McpSdkServerConfig}`` for ``ClaudeAgentOptions.mcp_servers``."""
    from claude_agent_sdk import ToolAnnotations, create_sdk_mcp_server, tool

    servers = {}
    for name, server in spec.items():
        tools = []
        for t in server.get("tools", []):
            schema = t.get("json_schema") or {k: _TYPES[v] for k, v in t.get("input", {}).items()}
            annotations = ToolAnnotations(**t["annotations"]) if t.get("annotations") else None
            tools.append(tool(t["name"], t.get("description", ""), schema, annotations)(_handler(t["run"])))
        servers[name] = create_sdk_mcp_server(name, server.get("version", "1.0.0"), tools)
    return servers
