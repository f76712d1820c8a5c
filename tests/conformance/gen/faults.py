"""Faults of the Messages API and how a query ends under each: HTTP statuses (retried or
not, with and without `retry-after`), an answer slower than the request timeout, streams cut
after each kind of event, SSE `error` events, a refused connection, and 2xx answers that are
not a message stream.

Everything the scripted server can express is here; what it cannot (a stream that stalls
after some events, bad JSON or unknown event names in the stream, a connection reset before
the status line) is listed in docs/reliability.md. Retried cases set CLAUDE_CODE_MAX_RETRIES
so that a run takes seconds, and vary it to show the rule."""
from common import respond, scenario

OPTIONS = {"permission_mode": "bypassPermissions", "tools": []}

# The API's error type for each status, as the Messages API documents it.
ERROR_TYPES = {
    400: ("invalid_request_error", "messages: bad request for test"),
    401: ("authentication_error", "invalid x-api-key"),
    403: ("permission_error", "Your API key does not have permission to use the specified resource."),
    404: ("not_found_error", "model: not found for test"),
    408: ("timeout_error", "Request timed out"),
    409: ("api_error", "Conflict"),
    413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    422: ("invalid_request_error", "Unprocessable entity"),
    429: ("rate_limit_error", "Rate limited"),
    500: ("api_error", "Internal server error"),
    502: ("api_error", "Bad gateway"),
    503: ("api_error", "Service unavailable"),
    504: ("api_error", "Gateway timeout"),
    529: ("overloaded_error", "Overloaded"),
}
# Retried by the API's own SDK rule (408, 409, 429, 5xx) and not (the other 4xx).
RETRYABLE = [408, 409, 429, 500, 502, 503, 504, 529]
FINAL = [400, 401, 403, 404, 413, 422]

# A past date: a server's wait that has already elapsed.
PAST_DATE = "Wed, 21 Oct 2015 07:28:00 GMT"


def error(status, headers=None, body=None):
    kind, message = ERROR_TYPES.get(status, ("api_error", "error"))
    e = {"status": status, "type": kind, "message": message}
    if headers:
        e["headers"] = headers
    if body is not None:
        e["body"] = body
    return {"error": e}


def fault(name, description, responses, default=None, env=None, **keys):
    s = scenario("faults_" + name, description, responses, options=dict(OPTIONS),
                 prompt="Answer briefly.", env=env, timeout_s=keys.pop("timeout_s", 90), **keys)
    if default is not None:
        s["default"] = default
    return s


def statuses():
    out = []
    # Every status gets the same retry budget: which ones are retried shows in the trace.
    for status in RETRYABLE + FINAL:
        out.append(fault(f"{status}_every_attempt", f"HTTP {status} on every attempt, two retries allowed.",
                         [], default=error(status), env={"CLAUDE_CODE_MAX_RETRIES": "2"},
                         compare_ignore=["requests"] if status in FINAL else None))
    # How many retries: the budget is the variable, not the status.
    for n in (0, 1):
        out.append(fault(f"500_max_retries_{n}", f"HTTP 500 on every attempt, {n} retries allowed.",
                         [], default=error(500), env={"CLAUDE_CODE_MAX_RETRIES": str(n)}))
    out.append(fault("529_then_ok", "One 529 overloaded answer, then a normal one.",
                     [error(529), respond("Recovered.")]))
    out.append(fault("503_twice_then_ok", "Two 503 answers, then a normal one.",
                     [error(503), error(503), respond("Recovered.")]))
    return out


def retry_after():
    out = []
    for label, value in (("0", "0"), ("seconds", "2"), ("date", PAST_DATE)):
        out.append(fault(f"429_retry_after_{label}", f"A 429 with retry-after {value!r}, then a normal answer.",
                         [error(429, {"retry-after": value}), respond("Recovered.")]))
    out.append(fault("503_retry_after_ms", "A 503 with retry-after-ms 300, then a normal answer.",
                     [error(503, {"retry-after-ms": "300"}), respond("Recovered.")]))
    for label, value in (("0", "0"), ("seconds", "1")):
        out.append(fault(f"400_retry_after_{label}",
                         f"A 400 with retry-after {value!r}: still not retried.",
                         [], default=error(400, {"retry-after": value}), compare_ignore=["requests"]))
    out.append(fault("400_should_retry", "A 400 whose x-should-retry header says true, then a normal answer.",
                     [error(400, {"x-should-retry": "true"}), respond("Recovered.")],
                     compare_ignore=["requests"]))
    out.append(fault("503_should_not_retry", "A 503 whose x-should-retry header says false.",
                     [], default=error(503, {"x-should-retry": "false"})))
    return out


# Events of the text answer below: 0 message_start, 1 content_block_start, 2 ping,
# 3 and 4 text deltas, 5 content_block_stop, 6 message_delta, 7 message_stop.
TEXT = "Hello there, world"
CUTS = {0: "before any event", 1: "after message_start", 2: "after content_block_start",
        3: "after ping", 4: "after the first text delta", 6: "after content_block_stop",
        7: "after message_delta (no message_stop)"}


def cuts():
    out = []
    for n, where in CUTS.items():
        out.append(fault(f"cut_{n}", f"The stream is cut {where}, then a normal answer.",
                         [respond(TEXT, chunk=10, cut_after=n), respond("Recovered.")]))
    for n in (2, 4):
        out.append(fault(f"cut_every_attempt_{n}",
                         f"The stream is cut after the first text delta on every attempt, {n} retries allowed.",
                         [], default=respond(TEXT, chunk=10, cut_after=4),
                         env={"CLAUDE_CODE_MAX_RETRIES": str(n)}))
    out.append(fault("cut_1_every_attempt", "The stream is cut after message_start on every attempt.",
                     [], default=respond(TEXT, chunk=10, cut_after=1),
                     env={"CLAUDE_CODE_MAX_RETRIES": "2"}))
    tool = {"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": "echo ran > ran.txt", "description": "mark"}}
    # message_start, content_block_start, ping, 2 json deltas, content_block_stop = 6 events.
    out.append(fault("cut_after_tool_block", "A tool call's block completes, then the stream is cut.",
                     [dict(respond(tool, chunk=4096), cut_after=6), respond("Recovered.")],
                     options_extra={"tools": ["Bash"]}))
    return out


def stream_errors():
    overloaded = {"type": "overloaded_error", "message": "Overloaded"}
    return [
        fault("sse_error_after_text", "An overloaded `error` event after some text, then a normal answer.",
              [respond("Partial answer", stream_error=overloaded), respond("Recovered.")]),
        fault("sse_error_first", "An `error` event right after message_start, then a normal answer.",
              [{"content": [], "stream_error": overloaded}, respond("Recovered.")]),
        fault("sse_error_api_error", "An api_error `error` event after some text, then a normal answer.",
              [respond("Partial answer", stream_error={"type": "api_error", "message": "Internal server error"}),
               respond("Recovered.")]),
        fault("sse_error_every_time", "An overloaded `error` event after some text on every answer.",
              [], default=respond("Partial answer", stream_error=overloaded), timeout_s=120),
    ]


def transport():
    return [
        fault("connection_refused", "Nothing listens at the base URL.", [],
              env={"ANTHROPIC_BASE_URL": "http://127.0.0.1:9", "CLAUDE_CODE_MAX_RETRIES": "2"}),
        fault("slow_first_byte", "The first answer starts after the request timeout, the second at once.",
              [respond("Too late.", delay_ms=6000), respond("Recovered.")],
              env={"API_TIMEOUT_MS": "2000"}),
        fault("slow_first_byte_exhausted", "Every answer starts after the request timeout.",
              [], default=respond("Too late.", delay_ms=4000),
              env={"API_TIMEOUT_MS": "2000", "CLAUDE_CODE_MAX_RETRIES": "1"}),
        fault("ok_status_string_body", "A 200 whose body is a JSON string, not a message stream.",
              [], default=error(200, body="upstream says hello"), env={"CLAUDE_CODE_MAX_RETRIES": "1"}),
        fault("ok_status_error_body", "A 200 whose JSON body is an API error object.",
              [], default=error(200, body={"type": "error", "error": {"type": "api_error", "message": "Hidden failure"}}),
              env={"CLAUDE_CODE_MAX_RETRIES": "1"}),
        fault("502_html_body", "A 502 whose body is a gateway page (a JSON string), on every attempt.",
              [], default=error(502, body="<html><body>502 Bad Gateway</body></html>"),
              env={"CLAUDE_CODE_MAX_RETRIES": "1"}),
        fault("overlong_answer", "A 120000-character answer in 4 KiB deltas.",
              [respond(("0123456789abcdef" * 64 + "\n") * 116, chunk=4096)]),
    ]


def scenarios():
    out = statuses() + retry_after() + cuts() + stream_errors() + transport()
    for s in out:
        extra = s.pop("options_extra", None)
        if extra:
            s["options"].update(extra)
    return out
