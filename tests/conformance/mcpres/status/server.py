"""A stdio MCP server for the status probe: tools with every kind of annotation, a titled
serverInfo and an experimental capability, answered by hand (no SDK needed)."""
import json
import sys

TOOLS = [
    {"name": "plain", "description": "No annotations.", "inputSchema": {"type": "object"}},
    {"name": "reader", "description": "Read-only.", "inputSchema": {"type": "object"},
     "annotations": {"readOnlyHint": True, "title": "Reader"}},
    {"name": "wiper", "description": "Destructive, open world.", "inputSchema": {"type": "object"},
     "annotations": {"destructiveHint": True, "openWorldHint": True, "idempotentHint": True}},
    {"name": "calm", "description": "Hints all false.", "inputSchema": {"type": "object"},
     "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}},
    {"name": "ui", "description": "With UI metadata.", "inputSchema": {"type": "object"},
     "_meta": {"ui": {"resourceUri": "ui://x"}, "other": 1}},
]


def answer(method, params):
    if method == "initialize":
        caps = {"tools": {}}
        if "exp" in sys.argv[1:]:
            caps["experimental"] = {"acme/feature": {"on": True}}
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"), "capabilities": caps,
                "serverInfo": {"name": "statusy", "title": "Status Server", "version": "3.1.4"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        return {"content": [{"type": "text", "text": "ok"}]}
    return None


for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    result = answer(msg["method"], msg.get("params") or {})
    reply = {"jsonrpc": "2.0", "id": msg["id"]}
    if result is None:
        reply["error"] = {"code": -32601, "message": "Method not found"}
    else:
        reply["result"] = result
    print(json.dumps(reply), flush=True)
