"""A subset of the conformance-in-depth scenarios (``tests/conformance/ci_subset.py``: every
fifth scenario of each area, every tenth of the random mixes) run through this package with the
shared harness and compared with the traces the official Python SDK recorded for them
(``--profile api``)."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO, requires_native, requires_shared

pytestmark = requires_native


@requires_shared
def test_the_subset_gives_the_reference_traces(tmp_path):
    run = subprocess.run(
        [sys.executable, str(REPO / "tests" / "conformance" / "ci_subset.py"),
         "--python", sys.executable, "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "of " in run.stdout
