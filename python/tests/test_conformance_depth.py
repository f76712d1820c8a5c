"""A subset of the conformance-in-depth scenarios (``tests/conformance/ci_subset.py``: every
fifth scenario of each area) run through this package with the shared harness and compared
with the traces the official Python SDK recorded for them (``--profile api``)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO, SHARED, requires_native

pytestmark = requires_native


def test_the_subset_gives_the_reference_traces(tmp_path):
    if not (SHARED / "conformance" / "run.py").is_file():
        pytest.skip(f"{SHARED} is not there (shared/ is not next to the repository)")
    run = subprocess.run(
        [sys.executable, str(REPO / "tests" / "conformance" / "ci_subset.py"),
         "--python", sys.executable, "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "of " in run.stdout
