"""Our public surface against the official package's, when that package is installed in
another interpreter (``CLAUDE_AGENT_SDK_REFERENCE_PYTHON``, default
``~/venvs/claude-ref/bin/python``, as the conformance README installs it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _reference_python() -> str | None:
    candidate = os.environ.get("CLAUDE_AGENT_SDK_REFERENCE_PYTHON") or str(
        Path(os.environ.get("OXAGENT_REAL_HOME") or Path.home()) / "venvs/claude-ref/bin/python"
    )
    return candidate if Path(candidate).is_file() else None


def _dump(python: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if python == sys.executable:
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    out = subprocess.run([python, str(HERE / "surface_dump.py")], capture_output=True, text=True,
                         env=env, cwd=str(HERE), timeout=120)
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def surfaces():
    reference = _reference_python()
    if reference is None:
        msg = ("the official claude-agent-sdk is not installed in another interpreter; set "
               "CLAUDE_AGENT_SDK_REFERENCE_PYTHON to compare with it")
        print(f"SKIP: {msg}")
        pytest.skip(msg)
    try:
        theirs = _dump(reference)
    except RuntimeError as e:
        print(f"SKIP: the reference interpreter cannot import claude_agent_sdk: {e}")
        pytest.skip("the reference interpreter cannot import claude_agent_sdk")
    return _dump(sys.executable), theirs


def test_same_exported_names_in_the_same_order(surfaces):
    ours, theirs = surfaces
    assert ours["__all__"] == theirs["__all__"]


def test_dataclass_fields_names_order_and_defaults(surfaces):
    ours, theirs = surfaces
    for section in ("names", "types"):
        for name, described in theirs[section].items():
            if described["kind"] != "dataclass":
                continue
            assert name in ours[section], f"{name} is missing"
            assert ours[section][name] == described, name


def test_typeddict_keys_and_required_keys(surfaces):
    ours, theirs = surfaces
    for section in ("names", "types"):
        for name, described in theirs[section].items():
            if described["kind"] == "typeddict":
                assert ours[section].get(name) == described, name


def test_exception_classes(surfaces):
    ours, theirs = surfaces
    for name in ("ClaudeSDKError", "CLIConnectionError", "CLINotFoundError", "ProcessError",
                 "ResultError", "CLIJSONDecodeError", "CanUseToolShadowedWarning"):
        assert ours["names"][name] == theirs["names"][name]
