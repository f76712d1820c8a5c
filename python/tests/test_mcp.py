"""@tool, create_sdk_mcp_server, and their server (oxagent's, in Rust) seen through the Python
face: the definitions sent to the core, a remote session's JSON-RPC, failing calls."""

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Annotated, TypedDict

import pytest
from conftest import requires_native

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ProcessError,
    SdkMcpTool,
    ToolAnnotations,
    ToolResultBlock,
    UserMessage,
    create_sdk_mcp_server,
    query,
    tool,
)
from claude_agent_sdk._internal.schema import input_json_schema

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


def test_definition_for_the_core():
    server = create_sdk_mcp_server("calc", "2.0.0", tools=[add, fail, rich])["instance"]
    plain = tool("plain", "Dict hints", {}, annotations={"readOnlyHint": True, "maxResultSizeChars": 9})(rich.handler)
    assert create_sdk_mcp_server("x", tools=[plain])["instance"].definition()["tools"][0]["annotations"] == {
        "readOnlyHint": True}  # a plain dict's maxResultSizeChars is not read, as in the reference
    definition = server.definition()
    assert definition["dialect"] == "python" and definition["version"] == "2.0.0"
    assert definition["tools"][0] == {
        "name": "add", "description": "Add two numbers",
        "input_schema": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                         "required": ["a", "b"]},
        "annotations": {"readOnlyHint": True, "maxResultSizeChars": 1000},
    }
    assert "annotations" not in definition["tools"][1]


REPO = Path(__file__).resolve().parents[2]
JSONRPC = REPO / "tests" / "conformance" / "mcp" / "jsonrpc"


@requires_native
def test_a_remote_session_gets_the_references_replies():
    """The JSON-RPC a remote CLI sends over a custom Transport (mcp_message), answered by the
    Rust server: the replies the reference gave to the same messages."""
    spec = importlib.util.spec_from_file_location("jsonrpc_probe", JSONRPC / "probe.py")
    probe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probe)
    got = asyncio.run(probe.probe())
    golden = json.loads((JSONRPC / "golden" / "python.json").read_text())
    cases = json.loads((JSONRPC / "cases.json").read_text())["cases"]
    for case, ours, theirs in zip(cases, got, golden):
        for message, mine, ref in zip(case["messages"], ours["replies"], theirs["replies"]):
            if message.get("params", {}).get("name") == "text_number":
                continue  # pydantic's own report of a non-string text is not copied
            assert mine == ref, (case["name"], message)


FAILURES = json.loads((REPO / "tests" / "fixtures" / "mcp" / "sdk_failures.json").read_text())


@requires_native
@pytest.mark.anyio
async def test_failing_calls_read_as_in_the_reference(mock_server, tmp_path):
    @tool("add", "Add two integers.", {"a": int, "b": int})
    async def add_ints(args):
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}

    @tool("fail", "Always raises.", {})
    async def explode(args):
        raise Exception("tool exploded")

    calls = FAILURES["calls"]
    server = mock_server({"responses": [
        {"content": [{"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["input"]} for c in calls]},
        {"content": [{"type": "text", "text": "Done."}]}]})
    options = ClaudeAgentOptions(
        cwd=str(tmp_path), env={**server.env(), "ENABLE_TOOL_SEARCH": "false"},
        permission_mode="bypassPermissions",
        mcp_servers={"kit": create_sdk_mcp_server("kit", "2.0.0", tools=[add_ints, explode])})
    results = {}
    async for m in query(prompt="Use the kit", options=options):
        if isinstance(m, UserMessage) and isinstance(m.content, list):
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    results[b.tool_use_id] = b
    for c in calls:
        block = results[c["id"]]
        expected = c["text"].get("python", c["text"].get("both"))
        assert (block.content, block.is_error) == (expected, True), c["name"]


@requires_native
@pytest.mark.anyio
async def test_hooks_name_the_server_and_notes_and_blank_results_read_as_in_the_reference(
        mock_server, tmp_path):
    from claude_agent_sdk import HookMatcher

    @tool("add", "Add two integers.", {"a": int, "b": int})
    async def add_ints(args):
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}

    @tool("blank", "Says nothing.", {})
    async def blank(args):
        return {"content": [{"type": "text", "text": "  "}]}

    seen = []

    async def log(input_data, tool_use_id, context):
        seen.append((input_data["hook_event_name"], input_data.get("mcp_server"),
                     input_data.get("error")))
        return {}

    bad = {"a": "x", "b": 1}
    use = lambda i, name, inp: {"type": "tool_use", "id": f"toolu_0{i}", "name": name, "input": inp}
    server = mock_server({"responses": [
        {"content": [use(1, "mcp__kit__add", bad), use(2, "mcp__kit__blank", {})]},
        {"content": [use(3, "mcp__kit__add", bad)]},
        {"content": [{"type": "text", "text": "Done."}]}]})
    # Tool search on: the tools are deferred, so an error tells the schema, once per tool.
    options = ClaudeAgentOptions(
        cwd=str(tmp_path), env={**server.env(), "ENABLE_TOOL_SEARCH": "true"},
        permission_mode="bypassPermissions",
        mcp_servers={"kit": create_sdk_mcp_server("kit", "2.0.0", tools=[add_ints, blank])},
        hooks={e: [HookMatcher(hooks=[log])] for e in ("PreToolUse", "PostToolUseFailure")})
    results = {}
    async for m in query(prompt="Use the kit", options=options):
        if isinstance(m, UserMessage) and isinstance(m.content, list):
            for b in m.content:
                if isinstance(b, ToolResultBlock):
                    results[b.tool_use_id] = b
    error = "Input validation error: 'x' is not of type 'integer'"
    note = "\n\nThis tool's input schema was not in your prompt when you called it."
    assert results["toolu_01"].content.startswith(error + note)
    assert results["toolu_02"].content == "(mcp__kit__blank completed with no output)"
    assert results["toolu_03"].content == error
    kit = {"name": "kit", "source": "sdk"}
    assert seen == [("PreToolUse", kit, None), ("PostToolUseFailure", kit, error),
                    ("PreToolUse", kit, None), ("PreToolUse", kit, None),
                    ("PostToolUseFailure", kit, error)]


CALC_SERVER = Path(__file__).resolve().parents[2] / "tests/conformance/mcp/server.py"


@requires_native
@pytest.mark.anyio
@pytest.mark.parametrize("form", ["path", "relative path", "json text", "Path"])
async def test_mcp_servers_from_a_config_file_or_json_text(mock_server, tmp_path, form):
    import sys
    config = {"mcpServers": {"calc": {"command": sys.executable, "args": [str(CALC_SERVER)]},
                             "broken": {"args": ["no command"]}}}
    (tmp_path / "mcp.json").write_text(json.dumps(config))
    source = {"path": str(tmp_path / "mcp.json"), "relative path": "mcp.json",
              "json text": json.dumps(config), "Path": tmp_path / "mcp.json"}[form]
    server = mock_server({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "mcp__calc__add",
                      "input": {"a": 2, "b": 3}}]},
        {"content": [{"type": "text", "text": "Done."}]}]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                                 permission_mode="bypassPermissions", mcp_servers=source)
    seen = [m async for m in query(prompt="Use the calculator", options=options)]
    # The server without a command is left out, as the reference's CLI leaves it out.
    assert seen[0].data["mcp_servers"] == [{"name": "calc", "status": "connected", "source": "dynamic"}]
    result = seen[2].content[0]
    assert (result.tool_use_id, result.content, result.is_error) == (
        "toolu_01", [{"type": "text", "text": "5"}], None)


@requires_native
@pytest.mark.anyio
@pytest.mark.parametrize("content, detail", [
    (None, "MCP config file not found: {path}"),
    ("{not json", "MCP config is not a valid JSON"),
    ('{"calc": {"command": "x"}}', "mcpServers: Invalid input: expected record, received undefined"),
    ("[]", "Invalid input: expected object, received array"),
])
async def test_a_bad_mcp_config_stops_the_session_as_the_cli_does(tmp_path, content, detail):
    path = tmp_path / "mcp.json"
    if content is not None:
        path.write_text(content)
    lines = []
    options = ClaudeAgentOptions(cwd=str(tmp_path), mcp_servers=str(path), stderr=lines.append)
    with pytest.raises(ProcessError) as raised:
        async for _ in query(prompt="hi", options=options):
            pass
    assert raised.value.exit_code == 1
    assert str(raised.value).startswith("Command failed with exit code 1 (exit code: 1)")
    assert lines == ["Error: Invalid MCP configuration:", detail.format(path=path)]
