"""An OTLP/HTTP trace receiver for tests: keeps the spans posted to ``/v1/traces`` in OTLP's
JSON encoding (``OTEL_EXPORTER_OTLP_PROTOCOL=http/json``), flattened."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def _value(v: dict):
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in v:
            return v[key]
    if "intValue" in v:
        return int(v["intValue"])
    return v


def flatten(request: dict) -> list[dict]:
    spans = []
    for rs in request.get("resourceSpans", []):
        resource = {a["key"]: _value(a["value"]) for a in rs.get("resource", {}).get("attributes", [])}
        for ss in rs.get("scopeSpans", []):
            for s in ss.get("spans", []):
                spans.append({
                    "name": s.get("name", ""),
                    "trace_id": s.get("traceId", ""),
                    "span_id": s.get("spanId", ""),
                    "parent": s.get("parentSpanId", ""),
                    "attrs": {a["key"]: _value(a["value"]) for a in s.get("attributes", [])},
                    "service": resource.get("service.name"),
                })
    return spans


class OtlpReceiver:
    def __init__(self) -> None:
        self.spans: list[dict] = []
        received = self.spans

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if self.path == "/v1/traces":
                    received.extend(flatten(json.loads(body)))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def named(self, name: str) -> list[dict]:
        return [s for s in self.spans if s["name"] == name]
