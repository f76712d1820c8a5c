"""A stdio MCP server for the variants-h scenarios: newline-delimited JSON-RPC 2.0 on
stdin/stdout, standard library only. Its name (serverInfo) is argv[1]. Every tool answers a
fixed result, so the scenarios vary only what the caller does with it: text, an isError
result, text and image mixes, an image alone, no content, structured content, an embedded
resource, a JSON-RPC error, and names with a dot, a dash and capitals."""
import json
import sys

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg=="
IMG = {"type": "image", "data": PNG, "mimeType": "image/png"}


def text(t):
    return {"type": "text", "text": t}


RESULTS = {
    "ok": {"content": [text("ok result")]},
    "err": {"content": [text("bad thing happened")], "isError": True},
    "err_empty": {"content": [], "isError": True},
    "mix": {"content": [text("before"), IMG, text("after")]},
    "img": {"content": [IMG]},
    "empty": {"content": []},
    "multi": {"content": [text("one"), text("two")]},
    "struct": {"content": [text("{\"n\": 1}")], "structuredContent": {"n": 1}},
    "resource": {"content": [{"type": "resource", "resource": {
        "uri": "file:///notes.txt", "mimeType": "text/plain", "text": "resource text"}}]},
    "dot.name": {"content": [text("dotted")]},
    "dash-name": {"content": [text("dashed")]},
    "UpperCase": {"content": [text("upper")]},
}
SCHEMA = {"type": "object", "properties": {}}
TOOLS = [{"name": n, "description": "Answers " + n + ".", "inputSchema": SCHEMA} for n in RESULTS]
TOOLS.append({"name": "rpcerr", "description": "Answers a JSON-RPC error.", "inputSchema": SCHEMA})
TOOLS.append({"name": "need", "description": "Needs an integer n.",
              "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}},
                              "required": ["n"]}})


def answer(msg):
    method, params = msg.get("method"), msg.get("params") or {}
    if method == "initialize":
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": sys.argv[1] if len(sys.argv) > 1 else "vh", "version": "1.0.0"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        name = params.get("name")
        if name == "need":
            return {"content": [text("n is " + json.dumps((params.get("arguments") or {}).get("n")))]}
        if name in RESULTS:
            return RESULTS[name]
        raise KeyError(name)
    if method == "ping":
        return {}
    raise LookupError(method)


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    if "id" not in msg:
        continue
    try:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": answer(msg)}
    except KeyError as e:
        code, msg_text = (-32603, "internal boom") if e.args[0] == "rpcerr" else (-32602, "Unknown tool: " + str(e.args[0]))
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": code, "message": msg_text}}
    except LookupError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found: " + str(e.args[0])}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
