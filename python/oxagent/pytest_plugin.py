"""The ``oxagent_cassette`` fixture: a test's sessions are recorded once against the real API
(or any server ``ANTHROPIC_BASE_URL`` names) and replayed offline afterwards, tools and all.

    async def test_fix_the_bug(oxagent_cassette, tmp_path):
        async for message in query(prompt="...", options=ClaudeAgentOptions(cwd=tmp_path)):
            ...

The cassette is ``cassettes/<test name>.jsonl`` beside the test file. When it is missing the
test records it; when it is there the test replays it, and fails if a request differs from
the recorded one, naming the first difference. ``pytest --oxagent-record`` records afresh.
Any program can do the same with ``OXAGENT_CASSETTE=<path>`` (and ``OXAGENT_CASSETTE_MODE=
record|replay|auto``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Cassette:
    """The cassette of one test: where it is and whether this run records or replays it."""

    path: Path
    mode: str


def pytest_addoption(parser: pytest.Parser) -> None:
    """Adds ``--oxagent-record``: record every cassette afresh instead of replaying it."""
    parser.addoption(
        "--oxagent-record",
        action="store_true",
        default=False,
        help="oxagent: record the cassettes of tests that use oxagent_cassette afresh",
    )


def _file_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") + ".jsonl"


@pytest.fixture
def oxagent_cassette(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """Records the test's sessions to ``cassettes/<test name>.jsonl`` beside the test file, or
    replays them from it when it exists; yields the :class:`Cassette`. A replay whose
    requests went off the recording fails the test."""
    from claude_agent_sdk import _native

    path = Path(str(request.node.path)).parent / "cassettes" / _file_name(request.node.name)
    record = request.config.getoption("--oxagent-record") or not path.exists()
    if record and path.exists():
        path.unlink()
    mode = "record" if record else "replay"
    monkeypatch.setenv("OXAGENT_CASSETTE", str(path))
    monkeypatch.setenv("OXAGENT_CASSETTE_MODE", mode)
    yield Cassette(path=path, mode=mode)
    status = _native.cassette_status(str(path), True)
    if status is None or mode != "replay":
        return
    diverged = json.loads(status).get("diverged")
    if diverged:
        pytest.fail(f"the replay of {path} went off the recording: {diverged}", pytrace=False)
