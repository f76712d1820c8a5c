"""Options that were refused or had no effect, as a user of the Python face sees them:
``extra_args`` flags that spell options are acted on (the others are accepted),
``strict_mcp_config`` is accepted, ``client_app`` names the application in the requests,
``user`` runs the session's commands as that account."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import requires_native, text_turn

from claude_agent_sdk import AssistantMessage, ClaudeAgentOptions, ResultMessage, SystemMessage, query

pytestmark = [requires_native, pytest.mark.anyio]


def options(env, tmp_path, **kw):
    (tmp_path / "home").mkdir(exist_ok=True)
    env = {**env, "HOME": str(tmp_path / "home")}
    return ClaudeAgentOptions(cwd=str(tmp_path), env=env, permission_mode="bypassPermissions", **kw)


async def run(opts):
    return [m async for m in query(prompt="Say hello", options=opts)]


async def test_extra_args_that_spell_options_are_acted_on(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Hello there!")]})
    opts = options(server.env(), tmp_path, extra_args={"model": "claude-haiku-4-5", "verbose": None})
    messages = await run(opts)
    init = messages[0]
    assert isinstance(init, SystemMessage) and init.data["model"] == "claude-haiku-4-5"
    assert isinstance(messages[1], AssistantMessage) and messages[1].model == "claude-haiku-4-5"
    assert isinstance(messages[-1], ResultMessage) and messages[-1].subtype == "success"
    assert list(messages[-1].model_usage) == ["claude-haiku-4-5"]


async def test_a_one_value_flag_wins_over_its_option(mock_server, tmp_path):
    # vk_xa_model_override: the flag comes after the option on the CLI's command line.
    server = mock_server({"responses": [text_turn("Hello there!")]})
    opts = options(server.env(), tmp_path, model="claude-sonnet-4-5", extra_args={"model": "claude-haiku-4-5"})
    messages = await run(opts)
    assert messages[0].data["model"] == "claude-haiku-4-5"


async def test_strict_mcp_config_uses_only_the_options_servers(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Hello there!")]})
    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": {"proj": {"command": "python3"}}}))
    messages = await run(options(server.env(), tmp_path, strict_mcp_config=True))
    assert messages[0].data["mcp_servers"] == []
    assert messages[-1].subtype == "success"


class HeaderServer:
    """A Messages API stand-in that answers every request with one short text answer and
    keeps each request's headers."""

    def __init__(self):
        seen = self.headers = []

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length", 0) or 0))
                seen.append({k.lower(): v for k, v in self.headers.items()})
                events = [
                    ("message_start", {"type": "message_start", "message": {
                        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
                        "content": [], "stop_reason": None, "stop_sequence": None,
                        "usage": {"input_tokens": 10, "output_tokens": 1}}}),
                    ("content_block_start", {"type": "content_block_start", "index": 0,
                                             "content_block": {"type": "text", "text": ""}}),
                    ("content_block_delta", {"type": "content_block_delta", "index": 0,
                                             "delta": {"type": "text_delta", "text": "Hi"}}),
                    ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                    ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                                       "usage": {"output_tokens": 2}}),
                    ("message_stop", {"type": "message_stop"}),
                ]
                body = "".join(f"event: {e}\ndata: {json.dumps(d)}\n\n" for e, d in events).encode()
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def env(self):
        return {"ANTHROPIC_BASE_URL": f"http://127.0.0.1:{self.httpd.server_port}", "ANTHROPIC_API_KEY": "sk-test"}

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


async def test_client_app_names_the_application_in_each_request(tmp_path):
    server = HeaderServer()
    try:
        await run(options(server.env(), tmp_path, client_app="my-app/1.2", model="claude-haiku-4-5"))
        await run(options(server.env(), tmp_path, model="claude-haiku-4-5"))
    finally:
        server.close()
    named, plain = server.headers[0], server.headers[-1]
    assert named["x-client-app"] == "my-app/1.2"
    assert named["user-agent"].endswith(" (client-app/my-app/1.2)")
    assert "x-client-app" not in plain and "client-app" not in plain["user-agent"]


async def test_user_naming_no_account_fails_to_start_as_the_reference(mock_server, tmp_path):
    from claude_agent_sdk import CLIConnectionError

    server = mock_server({"responses": [text_turn("Hello there!")]})
    with pytest.raises(CLIConnectionError) as raised:
        await run(options(server.env(), tmp_path, user="no-such-user-here"))
    assert str(raised.value) == "Failed to start Claude Code: \"getpwnam(): name not found: 'no-such-user-here'\""


@pytest.mark.skipif(os.geteuid() != 0, reason="switching user needs root")
async def test_bash_runs_as_the_user(mock_server):
    from claude_agent_sdk import UserMessage

    ws = Path(tempfile.mkdtemp())
    try:
        ws.chmod(0o755)
        server = mock_server({"responses": [
            {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "id -un"}}]},
            text_turn("Done"),
        ]})
        messages = await run(options(server.env(), ws, user="nobody"))
    finally:
        shutil.rmtree(ws, ignore_errors=True)
    results = [m for m in messages if isinstance(m, UserMessage) and isinstance(m.tool_use_result, dict)]
    assert results[0].tool_use_result["stdout"] == "nobody"


OVERLOADED = {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded",
                        "headers": {"retry-after": "0"}}}


async def test_fallback_model_takes_over_after_three_overloaded_answers(mock_server, tmp_path):
    server = mock_server({"responses": [OVERLOADED] * 3 + [text_turn("Hello from fallback")]})
    opts = options(server.env(), tmp_path, model="claude-sonnet-4-5", fallback_model="claude-haiku-4-5")
    messages = await run(opts)
    system = [(m.subtype, m.data) for m in messages if isinstance(m, SystemMessage) and m.subtype != "init"]
    assert [s for s, _ in system] == ["api_retry", "api_retry", "model_fallback"]
    fallback = system[-1][1]
    assert {k: fallback[k] for k in ("trigger", "original_model", "fallback_model", "content")} == {
        "trigger": "overloaded", "original_model": "claude-sonnet-4-5", "fallback_model": "claude-haiku-4-5",
        "content": "Switched to Haiku 4.5 due to high demand for Sonnet 4.5"}
    answer = next(m for m in messages if isinstance(m, AssistantMessage))
    assert answer.model == "claude-haiku-4-5"
    assert messages[-1].subtype == "success" and list(messages[-1].model_usage) == ["claude-haiku-4-5"]
