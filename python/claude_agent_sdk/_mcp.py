"""In-process MCP tools: ``@tool``, ``create_sdk_mcp_server``, ``SdkMcpTool``,
``ToolAnnotations``.

The model sees each tool as ``mcp__<server>__<tool>``. The server's JSON-RPC (the handshake,
``tools/list``, argument checks, what a handler's result becomes, error texts) is oxagent's,
in Rust; Python declares the tools (:meth:`SdkMcpServer.definition`) and runs their handlers
when the session asks (``_internal/control.py``).

    @tool("add", "Add two numbers", {"a": float, "b": float})
    async def add(args):
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}

    options = ClaudeAgentOptions(mcp_servers={"calc": create_sdk_mcp_server("calc", tools=[add])})
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._internal.schema import input_json_schema
from ._td_config import McpSdkServerConfig

T = TypeVar("T")

# snake_case spelling -> wire (camelCase) name
_HINT_NAMES = {
    "read_only_hint": "readOnlyHint",
    "destructive_hint": "destructiveHint",
    "idempotent_hint": "idempotentHint",
    "open_world_hint": "openWorldHint",
    "max_result_size_chars": "maxResultSizeChars",
}


class ToolAnnotations:
    """Hints about a tool, in either spelling: ``ToolAnnotations(readOnlyHint=True)`` equals
    ``ToolAnnotations(read_only_hint=True)`` (camelCase wins when both are given). Unknown
    keys are kept. ``maxResultSizeChars`` is sent in the tool's ``_meta``, not as a hint.
    ``readOnlyHint=True`` lets the model's parallel calls of the tool run concurrently."""

    def __init__(self, **data: Any) -> None:
        for snake, wire in _HINT_NAMES.items():
            if snake in data:
                value = data.pop(snake)
                data.setdefault(wire, value)
        self.__dict__["_data"] = data

    def __getattr__(self, name: str) -> Any:
        data = self.__dict__["_data"]
        return data.get(_HINT_NAMES.get(name, name))

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__["_data"][_HINT_NAMES.get(name, name)] = value

    def model_dump(self, exclude_none: bool = False, **_: Any) -> dict[str, Any]:
        data = dict(self.__dict__["_data"])
        return {k: v for k, v in data.items() if v is not None} if exclude_none else data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ToolAnnotations):
            return self.model_dump(exclude_none=True) == other.model_dump(exclude_none=True)
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__["_data"].items())
        return f"ToolAnnotations({inner})"


def _annotations_wire(annotations: Any) -> dict[str, Any] | None:
    """The hints as given, for the server to list. ``maxResultSizeChars`` counts only as an
    attribute (of ``ToolAnnotations`` or a pydantic model), not as a key of a plain dict, as
    in the reference."""
    if annotations is None:
        return None
    if isinstance(annotations, dict):
        return {k: v for k, v in annotations.items() if k != "maxResultSizeChars"}
    if hasattr(annotations, "model_dump"):
        data = annotations.model_dump(exclude_none=True, by_alias=True)
    else:
        data = {k: v for k, v in vars(annotations).items() if not k.startswith("_")}
    size = getattr(annotations, "maxResultSizeChars", None)
    if size is not None:
        data["maxResultSizeChars"] = size
    return data


@dataclass
class SdkMcpTool(Generic[T]):
    """One in-process tool: its name, description, input schema and async handler."""

    name: str
    description: str
    input_schema: type[T] | dict[str, Any]
    handler: Callable[[T], Awaitable[dict[str, Any]]]
    annotations: Any | None = None


class SdkMcpServer:
    """The tools of one ``create_sdk_mcp_server`` call (the ``instance`` of its config)."""

    def __init__(self, name: str, version: str, tools: list[SdkMcpTool[Any]]):
        self.name = name
        self.version = version
        self.tools = {t.name: t for t in tools}

    def definition(self) -> dict[str, Any]:
        """The server as the options JSON declares it."""
        tools = []
        for t in self.tools.values():
            entry: dict[str, Any] = {
                "name": t.name,
                "description": t.description,
                "input_schema": input_json_schema(t.input_schema),
            }
            annotations = _annotations_wire(t.annotations)
            if annotations is not None:
                entry["annotations"] = annotations
            tools.append(entry)
        return {"type": "sdk", "name": self.name, "version": self.version, "dialect": "python",
                "tools": tools}


def tool(
    name: str,
    description: str,
    input_schema: type | dict[str, Any],
    annotations: Any | None = None,
) -> Callable[[Callable[[Any], Awaitable[dict[str, Any]]]], SdkMcpTool[Any]]:
    """Decorate ``async def handler(args: dict) -> {"content": [...], "is_error"?: bool}``
    into an :class:`SdkMcpTool` for :func:`create_sdk_mcp_server`."""

    def decorator(handler: Callable[[Any], Awaitable[dict[str, Any]]]) -> SdkMcpTool[Any]:
        return SdkMcpTool(
            name=name,
            description=description,
            input_schema=input_schema,
            handler=handler,
            annotations=annotations,
        )

    return decorator


def create_sdk_mcp_server(
    name: str, version: str = "1.0.0", tools: list[SdkMcpTool[Any]] | None = None
) -> McpSdkServerConfig:
    """An in-process MCP server for ``ClaudeAgentOptions.mcp_servers``:
    ``{"type": "sdk", "name": name, "instance": <server>}``."""
    server = SdkMcpServer(name=name, version=version, tools=list(tools or []))
    return {"type": "sdk", "name": name, "instance": server}
