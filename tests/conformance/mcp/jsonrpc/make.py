#!/usr/bin/env python3
"""Writes cases.json: JSON-RPC exchanges with an in-process SDK server, the messages a client
sends and the tools (sdk/tools.py spec) it serves. Record the references' replies with
    SDK_PYTHON=REF python3 probe.py                          > golden/python.json
    node probe.mjs REF_TS                                    > golden/ts.json
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from sdk.specs import ADD, ECHO, FAIL, PNG, returns  # noqa: E402


def rpc(i, method, params=None):
    m = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None:
        m["params"] = params
    return m


def init(i, version):
    params = {"capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}
    if version is not None:
        params["protocolVersion"] = version
    return rpc(i, "initialize", params)


def call(i, name, args=None):
    params = {"name": name}
    if args is not None:
        params["arguments"] = args
    return rpc(i, "tools/call", params)


TOOLS = [
    ADD, ECHO, FAIL,
    {"name": "fail_empty", "description": "Raises with no message.", "run": {"raise": ""}},
    dict(ECHO, name="look", annotations={"readOnlyHint": True, "title": "Look"}),
    dict(ECHO, name="sized", annotations={"maxResultSizeChars": 100000, "destructiveHint": False}),
    dict(ECHO, name="hinted", search_hint="say things", always_load=True),
    {"name": "schema", "description": "A JSON Schema input (Python only).",
     "json_schema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}},
                     "required": ["n"]},
     "input": {"n": "integer"}, "run": {"text": "n={n}"}},
    returns("image", {"content": [{"type": "text", "text": "a red square"},
                                  {"type": "image", "data": PNG, "mimeType": "image/png"}]}),
    returns("link", {"content": [{"type": "resource_link", "uri": "file:///tmp/a.txt", "name": "a.txt",
                                  "description": "A file"}]}),
    returns("link_bare", {"content": [{"type": "resource_link", "uri": "file:///tmp/a.txt"}]}),
    returns("resource", {"content": [{"type": "resource", "resource": {"uri": "file:///tmp/b.txt", "text": "inside b"}},
                                     {"type": "resource", "resource": {"uri": "file:///tmp/c.bin", "blob": "AAEC"}}]}),
    returns("audio", {"content": [{"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
                                  {"type": "text", "text": "after audio"}]}),
    returns("snake_error", {"content": [{"type": "text", "text": "bad input"}], "is_error": True}),
    returns("camel_error", {"content": [{"type": "text", "text": "bad input"}], "isError": True}),
    returns("empty", {"content": []}),
    returns("no_content", {}),
    returns("null_content", {"content": None}),
    returns("none", None),
    returns("string", "just a string"),
    returns("list", [{"type": "text", "text": "in a list"}]),
    returns("structured", {"content": [{"type": "text", "text": "{\"n\": 1}"}], "structuredContent": {"n": 1}}),
    returns("extra_keys", {"content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}],
                           "_meta": {"k": 1}, "other": True}),
    returns("no_text", {"content": [{"type": "text"}]}),
    returns("text_number", {"content": [{"type": "text", "text": 5}]}),
    returns("image_no_mime", {"content": [{"type": "image", "data": PNG}]}),
    returns("block_string", {"content": ["plain"]}),
]

CASES = [
    {"name": "initialize_versions", "messages": [
        init(1, "2025-06-18"), init(2, "2024-11-05"), init(3, "2025-03-26"), init(4, "2025-11-25"),
        init(5, "1999-01-01"), init(6, None), init(7, "2024-10-07"), init(8, 5)]},
    {"name": "no_handshake", "messages": [
        rpc(1, "tools/list"), call(2, "add", {"a": 1, "b": 2}), rpc(3, "ping"),
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}},
        {"jsonrpc": "2.0", "method": "notifications/whatever"}]},
    {"name": "no_initialized_notification", "messages": [
        init(1, "2025-06-18"), rpc(2, "tools/list"), call(3, "add", {"a": 1, "b": 2})]},
    {"name": "lifecycle", "messages": [
        init(1, "2025-06-18"), {"jsonrpc": "2.0", "method": "notifications/initialized"},
        rpc(2, "ping"), rpc(3, "tools/list"), rpc(4, "resources/list"), rpc(5, "prompts/list"),
        rpc(6, "no/such/method"), rpc("seven", "ping"), rpc(8, "tools/list", {})]},
    {"name": "calls", "messages": [init(1, "2025-06-18"), {"jsonrpc": "2.0", "method": "notifications/initialized"}] + [
        call(10, "add", {"a": 2, "b": 3}), call(11, "echo", {"text": "hello"}), call(12, "fail", {}),
        call(13, "fail_empty", {}), call(14, "nope", {}), call(15, "add", {"a": 2}),
        call(16, "add", {"a": "x", "b": 1}), call(17, "add", {"a": 1.5, "b": 1}), call(18, "add", {"a": 2, "b": 3, "c": 4}),
        call(19, "echo", {"text": 5}), call(20, "add"), call(21, "schema", {"n": 0}), call(22, "schema", {"n": 2}),
        call(23, "look", {"text": "hi"}), call(24, "add", {"a": True, "b": 1}), call(25, "echo", {}),
    ]},
    {"name": "results", "messages": [init(1, "2025-06-18"), {"jsonrpc": "2.0", "method": "notifications/initialized"}] + [
        call(30 + i, t["name"], {}) for i, t in enumerate(TOOLS) if "return" in t.get("run", {})
    ]},
]

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump({"server": {"name": "kit", "version": "2.0.0", "instructions": "Use the kit (TS only).",
                       "tools": TOOLS}, "cases": CASES}, f, indent=1)
    f.write("\n")
