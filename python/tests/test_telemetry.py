"""The session's spans reach an OTLP collector when the OTEL_* environment asks for it, under
the caller's current OpenTelemetry span, and the last batch is sent when the process exits.
Each case runs in a child process: the exporter is set up once per process, from the
environment of the first session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import requires_native, text_turn, tool_turn
from otlp_receiver import OtlpReceiver

pytest.importorskip("opentelemetry.sdk.trace")

CHILD = textwrap.dedent("""
    import asyncio, json, sys
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, ResultMessage, query

    trace.set_tracer_provider(TracerProvider())
    tracer = trace.get_tracer("app")
    hook_calls = []

    async def pre(input, tool_use_id, context):
        hook_calls.append(input["tool_name"])
        return {}

    async def main():
        cfg = json.loads(sys.argv[1])
        options = ClaudeAgentOptions(
            cwd=cfg["cwd"], env=cfg["env"], setting_sources=[], allowed_tools=["Bash", "Read"],
            hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[pre])]},
        )
        with tracer.start_as_current_span("app-request") as span:
            ctx = span.get_span_context()
            async for m in query(prompt="Go", options=options):
                if isinstance(m, ResultMessage):
                    print(json.dumps({"trace": f"{ctx.trace_id:032x}", "span": f"{ctx.span_id:016x}",
                                      "session": m.session_id, "turns": m.num_turns,
                                      "hooks": hook_calls}))

    asyncio.run(main())
""")


@requires_native
def test_spans_of_a_session_are_exported_under_the_callers_span(mock_server, tmp_path):
    (tmp_path / "notes.txt").write_text("one\n")
    server = mock_server({"responses": [
        tool_turn("toolu_01", "Bash", {"command": "touch made.txt", "description": "make"}),
        tool_turn("toolu_02", "Read", {"file_path": str(tmp_path / "notes.txt")}),
        text_turn("Done."),
    ]})
    receiver = OtlpReceiver()
    env = dict(os.environ)
    env.update({
        "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint,
        "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
        # Nothing is sent on the batch's schedule: the spans arrive because the exit flushes.
        "OTEL_BSP_SCHEDULE_DELAY": "600000",
    })
    cfg = {"cwd": str(tmp_path), "env": {**server.env(), "HOME": str(tmp_path)}}
    try:
        run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cfg)], env=env,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        out = json.loads(run.stdout.strip().splitlines()[-1])
        spans = receiver.spans
    finally:
        receiver.close()
    assert out["turns"] == 3 and out["hooks"] == ["Bash"]
    assert (tmp_path / "made.txt").exists()
    assert spans, "no span was exported"
    assert {s["trace_id"] for s in spans} == {out["trace"]}
    assert {s["attrs"]["session.id"] for s in spans} == {out["session"]}
    assert {s["service"] for s in spans} == {"oxagent"}

    by_name = lambda n: [s for s in spans if s["name"] == n]  # noqa: E731
    [session] = by_name("session")
    assert session["parent"] == out["span"]
    [prompt] = by_name("prompt")
    assert prompt["parent"] == session["span_id"]
    assert prompt["attrs"]["oxagent.result.subtype"] == "success"
    assert prompt["attrs"]["oxagent.num_turns"] == 3
    turns = sorted(by_name("turn"), key=lambda s: s["attrs"]["oxagent.turn"])
    assert [t["attrs"]["oxagent.turn"] for t in turns] == [1, 2, 3]
    assert all(t["parent"] == prompt["span_id"] for t in turns)
    chats = [s for s in spans if s["name"].startswith("chat ")]
    assert sorted(c["parent"] for c in chats) == sorted(t["span_id"] for t in turns)
    assert all(c["attrs"]["gen_ai.usage.input_tokens"] > 0 for c in chats)
    [bash] = by_name("execute_tool Bash")
    assert bash["parent"] == turns[0]["span_id"]
    assert bash["attrs"]["oxagent.permission.decision"] == "allow"
    assert bash["attrs"]["oxagent.permission.source"] == "config"
    assert bash["attrs"]["oxagent.tool.outcome"] == "ok"
    [hook] = by_name("hook PreToolUse")
    assert hook["parent"] == bash["span_id"]
    [read] = by_name("execute_tool Read")
    assert read["parent"] == turns[1]["span_id"]


@requires_native
def test_nothing_is_exported_without_the_environment(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Hi.")]})
    receiver = OtlpReceiver()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    cfg = {"cwd": str(tmp_path), "env": {**server.env(), "HOME": str(tmp_path)}}
    try:
        run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cfg)], env=env,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
    finally:
        receiver.close()
    assert receiver.spans == []
