"""Fixtures: the scripted Messages API server (``oxagent mock-server``), the event-loop
backends (asyncio and trio through anyio's pytest plugin), and paths to shared material."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SHARED = Path(os.environ.get("OXAGENT_SHARED", REPO.parent / "shared"))

sys.path.insert(0, str(HERE))

# bypassPermissions is refused to root unless IS_SANDBOX=1, as the reference does.
os.environ["IS_SANDBOX"] = "1"


@pytest.fixture(params=["asyncio", "trio"])
def anyio_backend(request):
    return request.param


def oxagent_bin() -> Path | None:
    candidates = [os.environ.get("OXAGENT_BIN"), REPO / "target/debug/oxagent", shutil.which("oxagent")]
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return Path(c)
    return None


def native_available() -> bool:
    try:
        from claude_agent_sdk import _native  # noqa: F401
    except ImportError:
        return False
    return True


requires_native = pytest.mark.skipif(
    not native_available(), reason="claude_agent_sdk._native is not built (maturin develop)"
)

# The shared conformance harness (its scripted Messages API and runner), next to the repository.
requires_shared = pytest.mark.skipif(
    not (SHARED / "conformance" / "run.py").is_file(),
    reason=f"{SHARED} is not there (shared/ is not next to the repository)",
)


class MockServer:
    """``oxagent mock-server --script FILE --port 0`` for one test."""

    def __init__(self, tmp_path: Path, script: dict, log_name: str = "requests.jsonl"):
        binary = oxagent_bin()
        if binary is None:
            pytest.skip("the oxagent binary is not built (cargo build -p oxagent-cli)")
        self.script_path = tmp_path / "script.json"
        self.script_path.write_text(json.dumps(script))
        self.log_path = tmp_path / log_name
        self.proc = subprocess.Popen(
            [str(binary), "mock-server", "--script", str(self.script_path), "--port", "0",
             "--log", str(self.log_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline().strip()
        if not line:
            err = self.proc.stderr.read() if self.proc.poll() is not None else ""
            self.stop()
            pytest.fail(f"mock-server printed no port: {err}")
        self.port = int(line.split()[-1].rsplit(":", 1)[-1])
        self.url = f"http://127.0.0.1:{self.port}"

    def env(self) -> dict[str, str]:
        return {"ANTHROPIC_BASE_URL": self.url, "ANTHROPIC_API_KEY": "sk-test"}

    def requests(self) -> list[dict]:
        """The request bodies the server got so far, in order."""
        if not self.log_path.is_file():
            return []
        lines = self.log_path.read_text().splitlines()
        rows = [json.loads(line) for line in lines if line.strip()]
        return [r["body"] for r in rows if isinstance(r.get("body"), dict) and "messages" in r["body"]]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@pytest.fixture
def mock_server(tmp_path):
    """Call with a scenario script (``{"responses": [...], "default": ...}``) to start one."""
    servers: list[MockServer] = []

    def start(script: dict) -> MockServer:
        server = MockServer(tmp_path, script)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


async def run_query(server, work, prompt="Go", env=None, **options) -> list:
    """The messages of one query in ``work`` (its HOME beside it, bypassPermissions unless
    another mode is given, ``env`` added), up to an error result the query raises as the
    reference does."""
    from claude_agent_sdk import ClaudeAgentOptions, ResultError, query

    options.setdefault("permission_mode", "bypassPermissions")
    home = {"HOME": str(work.parent / "home")}
    opts = ClaudeAgentOptions(cwd=str(work), env={**server.env(), **home, **(env or {})}, **options)
    messages = []
    try:
        async for m in query(prompt=prompt, options=opts):
            messages.append(m)
    except ResultError:
        pass
    return messages


def message_texts(message) -> list:
    """The texts of a request's message, a tool result as ``RESULT <content>``."""
    content = message["content"]
    if isinstance(content, str):
        return [content]
    return [b.get("text") or ("RESULT " + str(b.get("content"))) for b in content]


def text_turn(text: str, **extra) -> dict:
    return {"content": [{"type": "text", "text": text}], **extra}


def tool_turn(tool_id: str, name: str, tool_input: dict, **extra) -> dict:
    return {"content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}], **extra}
