"""A stdio MCP server for the fuzz-k scenarios: newline-delimited JSON-RPC 2.0 on stdin and
stdout, standard library only. argv[1] is the server's spec, a JSON file laid in the
workspace: {"name": ..., "version": ..., "tools": [...]}, each tool as ../mcp/sdk/tools.py
describes one ("input" types, "annotations", "run"). A tool's "run" answers: "sum" the sum of
the named arguments as text, "text" the arguments formatted in, "raise" a JSON-RPC error with
that message, "return" the value as the result; an argument that does not fit gives an
isError result naming the Python error. The server checks no input itself."""
import json
import sys

TYPES = {"integer": {"type": "integer"}, "number": {"type": "number"},
         "string": {"type": "string"}, "boolean": {"type": "boolean"},
         "string[]": {"type": "array", "items": {"type": "string"}}}
SPEC = json.load(open(sys.argv[1]))
TOOLS = {t["name"]: t for t in SPEC["tools"]}


def listing(t):
    inp = t.get("input", {})
    out = {"name": t["name"], "description": t.get("description", ""),
           "inputSchema": {"type": "object", "properties": {k: TYPES[v] for k, v in inp.items()},
                           "required": sorted(inp)}}
    if t.get("annotations"):
        out["annotations"] = t["annotations"]
    return out


class RpcError(Exception):
    pass


def call(name, args):
    run = TOOLS[name]["run"]
    if "raise" in run:
        raise RpcError(run["raise"])
    if "return" in run:
        return run["return"]
    try:
        if "sum" in run:
            text = str(sum(args[k] for k in run["sum"]))
        else:
            text = run["text"].format(**args)
    except Exception as e:  # noqa: BLE001 - the error is the tool's answer
        return {"content": [{"type": "text", "text": "%s: %s" % (type(e).__name__, e)}], "isError": True}
    return {"content": [{"type": "text", "text": text}]}


def answer(msg):
    method, params = msg.get("method"), msg.get("params") or {}
    if method == "initialize":
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": SPEC["name"], "version": SPEC.get("version", "1.0.0")}}
    if method == "tools/list":
        return {"tools": [listing(t) for t in SPEC["tools"]]}
    if method == "tools/call":
        if params.get("name") not in TOOLS:
            raise LookupError("Unknown tool: %s" % params.get("name"))
        return call(params["name"], params.get("arguments") or {})
    if method == "ping":
        return {}
    raise LookupError("Method not found: %s" % method)


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    if "id" not in msg:
        continue  # a notification
    try:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": answer(msg)}
    except RpcError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32603, "message": str(e)}}
    except LookupError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32602, "message": str(e.args[0])}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
