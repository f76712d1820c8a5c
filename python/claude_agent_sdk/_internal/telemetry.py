"""Trace context for the native session. When the caller uses the ``opentelemetry`` package,
its current span becomes the parent of the session's span (exported when the ``OTEL_*``
environment asks for it; see the guide's tracing recipe). Nothing is imported for this: a
program that never imported ``opentelemetry.trace`` pays one dictionary lookup."""

from __future__ import annotations

import atexit
import sys
from typing import Any

_flush_at_exit = False


def traceparent() -> str | None:
    """The W3C ``traceparent`` of the caller's current span, if it has a valid one."""
    trace = sys.modules.get("opentelemetry.trace")
    if trace is None:
        return None
    try:
        ctx = trace.get_current_span().get_span_context()
        if not ctx.is_valid:
            return None
        return f"00-{ctx.trace_id:032x}-{ctx.span_id:016x}-{int(ctx.trace_flags) & 0xFF:02x}"
    except Exception:  # a tracing library that is not the one we know: no parent
        return None


def session_started(native: Any) -> None:
    """Once spans are exported, the last batch is sent when the interpreter exits."""
    global _flush_at_exit
    if not _flush_at_exit and native.telemetry_enabled():
        _flush_at_exit = True
        atexit.register(native.telemetry_flush, True)
