"""Plain Python functions as tools, without an MCP server (``oxagent.with_tools``).

A function's name is the tool's name, its docstring the description, its parameters and
their type hints the input schema (a parameter with a default is optional). The model sees
the tool under that plain name; permissions and hooks treat it as they treat an in-process
MCP tool (rules name it as ``get_weather``, a PreToolUse matcher as ``get_weather``).

    def get_weather(city: str, unit: Literal["c", "f"] = "c") -> str:
        \"\"\"The weather in a city.\"\"\"
        return f"Sunny in {city}"

    options = with_tools(ClaudeAgentOptions(allowed_tools=["get_weather"]), [get_weather])

What the function returns becomes the tool result: a string as it is, an MCP result dict
(``{"content": [...], "is_error": ...}``) as it is, anything else as JSON. An exception is
a tool error with its message. Sync functions run in a worker thread; async ones are awaited.
"""

from __future__ import annotations

import copy
import inspect
import json
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import anyio

from ._internal.schema import python_type_schema
from ._mcp import SdkMcpServer, SdkMcpTool

# The key of the hidden server in the options JSON (never shown: its tools keep their names).
SERVER = "oxagent-functions"
_ATTR = "_oxagent_function_tools"


@dataclass
class FunctionTool:
    """A function and what the model is told about it."""

    name: str
    description: str
    input_schema: dict[str, Any]
    function: Callable[..., Any]
    read_only: bool = False


def function_tool(
    function: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    read_only: bool = False,
) -> Any:
    """Describe a function as a tool, overriding its name or description (optional: plain
    functions given to :func:`with_tools` are described from their signature). Usable bare
    (``@function_tool``) or with arguments. ``read_only=True`` lets parallel calls of the
    tool run together."""

    def make(fn: Callable[..., Any]) -> FunctionTool:
        return FunctionTool(
            name=name or fn.__name__,
            description=description or _doc(fn),
            input_schema=_signature_schema(fn),
            function=fn,
            read_only=read_only,
        )

    return make(function) if function is not None else make


def with_tools(options: Any, tools: Sequence[Callable[..., Any] | FunctionTool]) -> Any:
    """A copy of ``options`` (a ``ClaudeAgentOptions``) that also offers ``tools`` to the model
    under their own names. The options dataclass itself is unchanged."""
    from ._options import ClaudeAgentOptions

    if not isinstance(options, ClaudeAgentOptions):
        raise TypeError(f"with_tools: options must be ClaudeAgentOptions, got {type(options).__name__}")
    described = list(getattr(options, _ATTR, ()))
    for t in tools:
        if isinstance(t, FunctionTool):
            described.append(t)
        elif callable(t):
            described.append(function_tool(t))
        else:
            raise TypeError(f"with_tools: a tool must be a function, got {type(t).__name__}")
    names = [t.name for t in described]
    doubled = sorted({n for n in names if names.count(n) > 1})
    if doubled:
        raise ValueError(f"with_tools: two tools are named {doubled[0]!r}")
    out = copy.copy(options)
    object.__setattr__(out, _ATTR, described)
    return out


def function_tools_of(options: Any) -> list[FunctionTool]:
    return list(getattr(options, _ATTR, ()))


def server_of(tools: list[FunctionTool]) -> SdkMcpServer:
    """The hidden in-process server that runs ``tools`` when the session calls them."""
    return SdkMcpServer(
        name=SERVER,
        version="1.0.0",
        tools=[
            SdkMcpTool(
                name=t.name,
                description=t.description,
                input_schema=t.input_schema,
                handler=_handler(t.function),
                annotations={"readOnlyHint": True} if t.read_only else None,
            )
            for t in tools
        ],
    )


def _doc(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn) or ""
    return doc.split("\n\n", 1)[0].strip() or fn.__name__


def _signature_schema(fn: Callable[..., Any]) -> dict[str, Any]:
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception:
        hints = {}
    properties: dict[str, Any] = {}
    required: list[str] = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        hint = hints.get(p.name, p.annotation)
        schema = python_type_schema(hint) if hint is not inspect.Parameter.empty else {}
        # A default stays the function's: the model may leave the parameter out.
        if p.default is inspect.Parameter.empty:
            required.append(p.name)
        properties[p.name] = schema
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    return out


def _handler(fn: Callable[..., Any]) -> Callable[[dict[str, Any]], Any]:
    async def run(args: dict[str, Any]) -> dict[str, Any]:
        try:
            if inspect.iscoroutinefunction(fn):
                value = await fn(**args)
            else:
                value = await anyio.to_thread.run_sync(lambda: fn(**args))
        except Exception as e:  # the model reads what went wrong
            return {"content": [{"type": "text", "text": f"{type(e).__name__}: {e}"}], "is_error": True}
        return _result(value)

    return run


def _result(value: Any) -> dict[str, Any]:
    if isinstance(value, dict) and isinstance(value.get("content"), list):
        return value
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, default=str)
        except (TypeError, ValueError):
            text = str(value)
    return {"content": [{"type": "text", "text": text}]}
