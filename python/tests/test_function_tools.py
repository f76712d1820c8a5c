"""Plain Python functions as tools (``oxagent.with_tools``): their schema from type hints,
their plain name for the model, and permissions and hooks as for in-process MCP tools."""

from __future__ import annotations

import enum
from typing import Literal

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    HookMatcher,
    PermissionResultDeny,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    query,
)
from oxagent import function_tool, with_tools

ran: list[tuple] = []


class Unit(enum.Enum):
    C = "c"
    F = "f"


def get_weather(city: str, unit: Literal["c", "f"] = "c", days: int | None = None) -> str:
    """The weather in a city.

    Longer notes the model does not need."""
    ran.append(("get_weather", city, unit))
    return f"Sunny in {city} ({unit})"


async def forecast(city: str, unit: Unit, hours: list[int]) -> dict:
    return {"city": city, "unit": unit, "hours": hours}


def broken(reason: str) -> str:
    raise RuntimeError(reason)


def test_the_schema_comes_from_the_signature():
    t = function_tool(get_weather)
    assert (t.name, t.description) == ("get_weather", "The weather in a city.")
    assert t.input_schema == {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["c", "f"], "type": "string"},
            "days": {"type": "integer"},
        },
        "required": ["city"],
    }
    assert function_tool(forecast).input_schema == {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["c", "f"], "type": "string"},
            "hours": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["city", "unit", "hours"],
    }
    named = function_tool(name="weather", description="Ask for the weather", read_only=True)(get_weather)
    assert (named.name, named.description, named.read_only) == ("weather", "Ask for the weather", True)


def test_with_tools_copies_and_checks():
    base = ClaudeAgentOptions(allowed_tools=["get_weather"])
    options = with_tools(base, [get_weather])
    assert isinstance(options, ClaudeAgentOptions) and options is not base
    assert options.allowed_tools == ["get_weather"]
    assert not hasattr(base, "_oxagent_function_tools")
    with pytest.raises(ValueError, match="two tools are named 'get_weather'"):
        with_tools(options, [get_weather])
    with pytest.raises(TypeError, match="a tool must be a function, got int"):
        with_tools(base, [42])
    with pytest.raises(TypeError, match="options must be ClaudeAgentOptions"):
        with_tools({}, [get_weather])


async def _run(server, tmp_path, options, prompt="Weather?"):
    messages = []
    async for m in query(prompt=prompt, options=options):
        messages.append(m)
    return messages


def _options(server, tmp_path, **kw):
    return ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), "HOME": str(tmp_path)},
                              setting_sources=[], **kw)


def _results(messages):
    return [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)]


@requires_native
@pytest.mark.anyio
@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_the_model_calls_a_function_by_its_name(mock_server, tmp_path, anyio_backend):
    ran.clear()
    server = mock_server({"responses": [
        tool_turn("toolu_01", "get_weather", {"city": "Paris"}),
        tool_turn("toolu_02", "broken", {"reason": "no data"}),
        text_turn("It is sunny."),
    ]})
    hooked = []

    async def pre(input, tool_use_id, context):
        hooked.append((input["tool_name"], input["tool_input"]))
        return {}

    options = with_tools(
        _options(server, tmp_path, allowed_tools=["get_weather", "broken"],
                 hooks={"PreToolUse": [HookMatcher(matcher="get_weather", hooks=[pre])]}),
        [get_weather, broken],
    )
    messages = await _run(server, tmp_path, options)
    init = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "init")
    assert "get_weather" in init.data["tools"] and "broken" in init.data["tools"]
    assert not any(s["name"] == "oxagent-functions" for s in init.data["mcp_servers"])
    uses = [b.name for m in messages if isinstance(m, AssistantMessage) for b in m.content
            if isinstance(b, ToolUseBlock)]
    assert uses == ["get_weather", "broken"]
    assert ran == [("get_weather", "Paris", "c")]
    assert hooked == [("get_weather", {"city": "Paris"})]
    results = _results(messages)
    assert results[0].content == [{"type": "text", "text": "Sunny in Paris (c)"}]
    assert not results[0].is_error
    assert results[1].is_error
    assert results[1].content == "RuntimeError: no data"
    assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "It is sunny."


@requires_native
@pytest.mark.anyio
@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_a_function_asks_like_any_tool(mock_server, tmp_path, anyio_backend):
    ran.clear()
    server = mock_server({"responses": [
        tool_turn("toolu_01", "get_weather", {"city": "Oslo", "unit": "f"}),
        text_turn("Could not ask."),
    ]})
    asked = []

    async def can_use_tool(name, input, context):
        asked.append((name, input))
        return PermissionResultDeny(message="not today")

    options = with_tools(_options(server, tmp_path, can_use_tool=can_use_tool), [get_weather])
    async with ClaudeSDKClient(options=options) as client:
        await client.query("Weather?")
        messages = [m async for m in client.receive_response()]
    assert asked == [("get_weather", {"city": "Oslo", "unit": "f"})]
    assert ran == []
    [denied] = _results(messages)
    assert denied.is_error and "not today" in str(denied.content)
    assert messages[-1].permission_denials[0]["tool_name"] == "get_weather"
