"""A stdio MCP server with resources, for the resource tool scenarios: newline-delimited
JSON-RPC 2.0 on stdin/stdout, standard library only. `python3 server.py NAME [MODE]`:
MODE `docs` (the default) lists text, binary and image resources and a template; `empty`
lists none; `tools` has no resources capability at all; `broken` fails resources/list; `noread` has no resources/read; `many` lists 1,500 resources."""
import base64
import json
import sys

NAME = sys.argv[1] if len(sys.argv) > 1 else "docs"
MODE = sys.argv[2] if len(sys.argv) > 2 else "docs"
PNG = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082")).decode()

RESOURCES = [
    {"uri": "docs://readme", "name": "readme", "description": "The project readme.",
     "mimeType": "text/markdown"},
    {"uri": "docs://notes.txt", "name": "notes", "mimeType": "text/plain"},
    {"uri": "docs://logo.png", "name": "logo", "description": "A one-pixel logo.",
     "mimeType": "image/png"},
    {"uri": "docs://data.bin", "name": "data", "mimeType": "application/octet-stream"},
    {"uri": "docs://multi", "name": "multi", "description": "Two parts."},
    {"extra": 1, "size": 12, "_meta": {"k": "v"}, "annotations": {"audience": ["user"], "priority": 0.5},
     "mimeType": "text/plain", "description": "With every field.", "uri": "docs://full", "title": "Full",
     "name": "full"},
]
CONTENTS = {
    "docs://readme": [{"uri": "docs://readme", "mimeType": "text/markdown",
                       "text": "# Readme\n\nHello from the docs server.\n"}],
    "docs://notes.txt": [{"uri": "docs://notes.txt", "mimeType": "text/plain", "text": "line one\nline two"}],
    "docs://logo.png": [{"uri": "docs://logo.png", "mimeType": "image/png", "blob": PNG}],
    "docs://data.bin": [{"uri": "docs://data.bin", "mimeType": "application/octet-stream",
                         "blob": base64.b64encode(bytes(range(16))).decode()}],
    "docs://hollow": [{"uri": "docs://hollow", "text": "ok"}, {"uri": "docs://hollow#2"}],
    "docs://raw": [{"uri": "docs://raw", "blob": PNG},
                   {"uri": "docs://raw#2", "blob": base64.b64encode(b"%PDF-1.4 x").decode()}],
    "docs://multi": [{"uri": "docs://multi#1", "text": "part one"},
                     {"uri": "docs://multi#2", "mimeType": "text/plain", "text": "part two"}],
}
TEMPLATES = [{"uriTemplate": "docs://page/{n}", "name": "page", "description": "A page by number."}]
TOOLS = [{"name": "ping_tool", "description": "Answers pong.",
          "inputSchema": {"type": "object", "properties": {}}}]


def answer(method, params):
    if method == "initialize":
        caps = {"tools": {}}
        if MODE != "tools":
            caps["resources"] = {}
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"), "capabilities": caps,
                "serverInfo": {"name": NAME, "version": "1.0.0"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        return {"content": [{"type": "text", "text": "pong"}]}
    if method == "resources/list" and MODE != "tools":
        if MODE == "broken":
            raise RuntimeError("the resource index is down")
        if MODE == "many":
            return {"resources": [{"uri": f"docs://item/{i}", "name": f"item-{i}",
                                   "description": "An item of a long list, described at some length."}
                                  for i in range(1500)]}
        return {"resources": RESOURCES if MODE == "docs" else []}
    if method == "resources/templates/list" and MODE != "tools":
        return {"resourceTemplates": TEMPLATES if MODE == "docs" else []}
    if method == "resources/read" and MODE != "tools":
        uri = params.get("uri")
        if MODE == "noread":
            raise LookupError(method)
        if uri == "docs://boom":
            raise RuntimeError("the disk is on fire")
        if uri.startswith("docs://flat/"):
            return {"contents": [{"uri": uri, "mimeType": "text/plain", "text": "a" * int(uri.rsplit("/", 1)[1])}]}
        if uri.startswith("docs://big/"):
            n = int(uri.rsplit("/", 1)[1])
            line = "0123456789 abcdefghij ABCDEFGHIJ klmnopqrst\n"
            return {"contents": [{"uri": uri, "mimeType": "text/plain", "text": (line * (n // len(line) + 1))[:n]}]}
        if uri == "ui://widget":
            return {"contents": [{"uri": uri, "mimeType": "text/html;profile=mcp-app", "text": "<p>hi</p>",
                                  "_meta": {"ui": {"prefersBorder": True}, "com.anthropic/private": 1}}]}
        if uri in CONTENTS:
            return {"contents": CONTENTS[uri]}
        if isinstance(uri, str) and uri.startswith("docs://page/"):
            return {"contents": [{"uri": uri, "text": "page " + uri.rsplit("/", 1)[1]}]}
        raise KeyError(uri)
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
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": answer(msg.get("method"), msg.get("params") or {})}
    except KeyError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"],
                 "error": {"code": -32002, "message": f"Resource not found: {e.args[0]}"}}
    except RuntimeError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32603, "message": str(e)}}
    except LookupError as e:
        reply = {"jsonrpc": "2.0", "id": msg["id"],
                 "error": {"code": -32601, "message": f"Method not found: {e.args[0]}"}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
