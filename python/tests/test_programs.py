"""The user programs of tests/programs (written against the documented SDK API) run on this
package and print what they printed on the official SDK (tests/programs/expected/python)."""
import importlib.util
import sys
from pathlib import Path

import pytest

from conftest import oxagent_bin

PROGRAMS = Path(__file__).resolve().parents[2] / "tests" / "programs"


def _runner():
    spec = importlib.util.spec_from_file_location("programs_run", PROGRAMS / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run = _runner()
PENDING = run.pending("python")


@pytest.mark.parametrize("name", run.programs("python"))
def test_program_prints_what_the_reference_printed(name):
    if name in PENDING:
        pytest.skip(PENDING[name])
    binary = oxagent_bin()
    if binary is None:
        pytest.skip("the oxagent binary is not built (cargo build -p oxagent-cli)")
    out, err, rc = run.run_one(name, "python", sys.executable, server=binary, timeout=60)
    expected = (PROGRAMS / "expected" / "python" / f"{name}.txt").read_text()
    assert out == expected, err[-2000:]
