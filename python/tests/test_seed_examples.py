"""The documented agent-loop examples (``shared/seed-examples/*.py``) run unchanged against
this package, on the scripted server, and print what the documentation says they print."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import SHARED, requires_native, text_turn, tool_turn

EXAMPLES = SHARED / "seed-examples"

pytestmark = requires_native


def run_example(name, server, tmp_path):
    path = EXAMPLES / name
    if not path.is_file():
        pytest.skip(f"{path} is not there (shared/ is not next to the repository)")
    (tmp_path / "README.md").write_text("# demo\nA tiny project.\n")
    env = {**os.environ, **server.env(), "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    out = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def script(tmp_path):
    return {"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(tmp_path / "README.md")}),
        text_turn("A tiny demo project."),
    ]}


def test_message_types(mock_server, tmp_path):
    lines = run_example("message_types.py", mock_server(script(tmp_path)), tmp_path)
    assert lines == ["Tool call: Read", "Claude: A tiny demo project.", "A tiny demo project."]


def test_turn_counts(mock_server, tmp_path):
    lines = run_example("turn_counts.py", mock_server(script(tmp_path)), tmp_path)
    assert lines == ["Turn completed: 1 content blocks", "Turn completed: 1 content blocks",
                     "A tiny demo project."]


def test_fix_failing_tests(mock_server, tmp_path):
    lines = run_example("fix_failing_tests.py", mock_server(script(tmp_path)), tmp_path)
    assert lines[0] == "Done: A tiny demo project."
    assert lines[1].startswith("Cost: $")


def test_error_result_is_reported(mock_server, tmp_path):
    """fix_failing_tests.py with a model that never stops: the turn limit is an error result,
    printed by the subtype branch, then the raised error is printed too."""
    looping = {"responses": [], "default": tool_turn("toolu_x", "Read",
                                                   {"file_path": str(tmp_path / "README.md")})}
    server = mock_server(looping)
    path = EXAMPLES / "fix_failing_tests.py"
    if not path.is_file():
        pytest.skip("seed examples not available")
    source = path.read_text().replace("max_turns=30", "max_turns=2")
    (tmp_path / "limited.py").write_text(source)
    (tmp_path / "README.md").write_text("x\n")
    env = {**os.environ, **server.env(), "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    out = subprocess.run([sys.executable, "limited.py"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Hit turn limit. Resume session ")
    assert lines[-1].startswith("Session ended with an error: Claude Code returned an error result:")
