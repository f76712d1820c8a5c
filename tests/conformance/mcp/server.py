"""A stdio MCP server for the tests: newline-delimited JSON-RPC 2.0 on stdin/stdout, standard
library only, so any python3 runs it. Tools: add (integers), echo (text), fail (an error
result), slow (sleeps)."""
import json
import sys
import time

TOOLS = [
    {"name": "add", "description": "Add two integers.",
     "inputSchema": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                     "required": ["a", "b"]}},
    {"name": "echo", "description": "Say the text back.",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
    {"name": "fail", "description": "Always fails.",
     "inputSchema": {"type": "object", "properties": {"reason": {"type": "string"}}}},
]


def call(name, args):
    if name == "add":
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}], "isError": False}
    if name == "echo":
        return {"content": [{"type": "text", "text": args["text"]}], "isError": False}
    if name == "fail":
        return {"content": [{"type": "text", "text": "failed: " + args.get("reason", "")}], "isError": True}
    raise KeyError(name)


def answer(msg):
    method, params = msg.get("method"), msg.get("params") or {}
    if method == "initialize":
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": "calc", "version": "1.0.0"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        return call(params["name"], params.get("arguments") or {})
    if method == "ping":
        return {}
    raise LookupError(method)


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    if "id" not in msg:
        continue  # a notification
    try:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": answer(msg)}
    except KeyError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32602, "message": f"Unknown tool: {e.args[0]}"}}
    except LookupError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": f"Method not found: {e.args[0]}"}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
