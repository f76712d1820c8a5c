"""The project's hook scenarios (``tests/conformance/hooks/``) run through the shared
conformance harness on this package and compared, callbacks included, with the traces the
official Python SDK recorded for them: each hook event firing with its input, in the
reference's order, and each hook output taking effect."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO, SHARED, requires_native, requires_shared

HOOKS = REPO / "tests" / "conformance" / "hooks"
HARNESS = SHARED / "conformance"

pytestmark = requires_native


@requires_shared
@pytest.mark.parametrize("scenario", sorted(p.stem for p in HOOKS.glob("hook_*.json")))
def test_hook_scenario_matches_the_reference(scenario, tmp_path):
    trace = tmp_path / f"{scenario}.json"
    run = subprocess.run(
        [sys.executable, str(HARNESS / "run.py"), "--python", sys.executable,
         str(HOOKS / f"{scenario}.json"), "-o", str(trace)],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    compared = subprocess.run(
        [sys.executable, str(HARNESS / "compare.py"), str(HOOKS / "golden" / f"{scenario}.json"),
         str(trace), "--profile", "api"],
        capture_output=True, text=True, timeout=120,
    )
    assert compared.returncode == 0 and "PASS" in compared.stdout, compared.stdout
