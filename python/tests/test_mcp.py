"""@tool, create_sdk_mcp_server and the in-process JSON-RPC server."""


from typing import Annotated, TypedDict

import pytest

from claude_agent_sdk import SdkMcpTool, ToolAnnotations, create_sdk_mcp_server, tool
from claude_agent_sdk._internal.schema import _first_error, input_json_schema

if __import__("sys").version_info >= (3, 11):
    from typing import NotRequired
else:
    from typing_extensions import NotRequired


class Point(TypedDict):
    x: int
    y: Annotated[float, "vertical"]
    label: NotRequired[str]


def test_schema_conversion():
    assert input_json_schema({"a": float, "n": int, "ok": bool, "tags": list[str], "meta": dict,
                              "maybe": str | None, "either": int | str}) == {
        "type": "object",
        "properties": {
            "a": {"type": "number"}, "n": {"type": "integer"}, "ok": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}}, "meta": {"type": "object"},
            "maybe": {"type": "string"},
            "either": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        },
        "required": ["a", "n", "ok", "tags", "meta", "maybe", "either"],
    }
    assert input_json_schema(Point) == {
        "type": "object",
        "properties": {"x": {"type": "integer"},
                       "y": {"type": "number", "description": "vertical"},
                       "label": {"type": "string"}},
        "required": ["x", "y"],
    }
    full = {"type": "object", "properties": {"q": {"type": "string"}}}
    assert input_json_schema(full) is full
    # The reference's quirk: a schema without "properties" reads as a parameter map.
    assert input_json_schema({"type": "object"}) == {
        "type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"]}
    assert input_json_schema(42) == {"type": "object", "properties": {}}


def test_builtin_validator_messages():
    schema = input_json_schema({"a": int, "tags": list[str]})
    assert _first_error({"a": 1}, schema) == "'tags' is a required property"
    assert _first_error({"a": "x", "tags": []}, schema) == "'x' is not of type 'integer'"
    assert _first_error({"a": 1, "tags": [3]}, schema) == "3 is not of type 'string'"
    assert _first_error({"a": 1, "tags": []}, schema) is None


def test_annotations_both_spellings():
    a = ToolAnnotations(read_only_hint=True, maxResultSizeChars=500)
    assert a == ToolAnnotations(readOnlyHint=True, max_result_size_chars=500)
    assert a.readOnlyHint is True and a.read_only_hint is True and a.title is None
    assert ToolAnnotations(readOnlyHint=False, read_only_hint=True).readOnlyHint is False


@tool("add", "Add two numbers", {"a": float, "b": float},
      annotations=ToolAnnotations(readOnlyHint=True, maxResultSizeChars=1000))
async def add(args):
    return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}


@tool("fail", "Always fails", {})
def fail(args):  # a plain function works too
    raise RuntimeError("boom")


@tool("rich", "Mixed content", {})
async def rich(args):
    return {
        "content": [
            {"type": "image", "data": "AAAA", "mimeType": "image/png"},
            {"type": "resource_link", "name": "doc", "uri": "file:///d"},
            {"type": "resource", "resource": {"uri": "x", "text": "inline"}},
            {"type": "resource", "resource": {"uri": "x", "blob": "AA"}},
            {"type": "audio", "data": "zz"},
        ],
        "is_error": True,
    }


def test_tool_decorator_builds_sdk_tool():
    assert isinstance(add, SdkMcpTool) and add.name == "add" and add.input_schema == {"a": float, "b": float}
    config = create_sdk_mcp_server("calc", version="2.0.0", tools=[add])
    assert config["type"] == "sdk" and config["name"] == "calc"


@pytest.mark.anyio
async def test_server_protocol():
    server = create_sdk_mcp_server("calc", "2.0.0", tools=[add, fail, rich])["instance"]
    init = await server.handle({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                "params": {"protocolVersion": "2025-06-18"}})
    assert init["result"] == {"protocolVersion": "2025-06-18",
                              "capabilities": {"tools": {"listChanged": False}},
                              "serverInfo": {"name": "calc", "version": "2.0.0"}}
    assert await server.handle({"jsonrpc": "2.0", "method": "notifications/initialized"}) is None
    listed = await server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    first = listed["result"]["tools"][0]
    assert first == {
        "name": "add", "description": "Add two numbers",
        "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                        "required": ["a", "b"]},
        "annotations": {"readOnlyHint": True},
        "_meta": {"anthropic/maxResultSizeChars": 1000},
    }

    async def call(name, arguments):
        reply = await server.handle({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                     "params": {"name": name, "arguments": arguments}})
        return reply["result"]

    assert await call("add", {"a": 1, "b": 2}) == {"content": [{"type": "text", "text": "3"}], "isError": False}
    bad = await call("add", {"a": 1})
    assert bad["isError"] and bad["content"][0]["text"].startswith("Input validation error: ")
    assert "'b' is a required property" in bad["content"][0]["text"]
    assert await call("nope", {}) == {"content": [{"type": "text", "text": "Tool 'nope' not found"}], "isError": True}
    assert await call("fail", {}) == {"content": [{"type": "text", "text": "boom"}], "isError": True}
    assert await call("rich", {}) == {
        "content": [{"type": "image", "data": "AAAA", "mimeType": "image/png"},
                    {"type": "text", "text": "doc\nfile:///d"},
                    {"type": "text", "text": "inline"}],
        "isError": True,
    }
    unknown = await server.handle({"jsonrpc": "2.0", "id": 3, "method": "resources/list"})
    assert unknown["error"]["code"] == -32601
    assert (await server.handle({"jsonrpc": "2.0", "id": 4, "method": "ping"}))["result"] == {}
