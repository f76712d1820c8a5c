#!/usr/bin/env python3
"""The Python face against the official Python SDK: same program, two packages.

Runs one small program (benches/py_sessions.py) under each package's interpreter against the
scripted server: 1 turn, 20 turns (Bash `echo` each round), and 64 concurrent sessions of 3
turns each, all in one process. Prints wall time, CPU time and peak RSS of the whole process
tree, with reference/oxagent ratios, and the size of oxagent's wheel.

oxagent's interpreter: $OXAGENT_PYTHON or .venv/bin/python (with the package installed).
The reference's: $OXAGENT_REFERENCE_PYTHON or ~/venvs/claude-ref/bin/python.
"""
import glob
import os
from pathlib import Path

import face_bench

ROOT = Path(__file__).resolve().parent.parent
OURS = Path(os.environ.get("OXAGENT_PYTHON", ROOT / ".venv/bin/python"))
REF = Path(os.environ.get("OXAGENT_REFERENCE_PYTHON", Path.home() / "venvs/claude-ref/bin/python"))
PROGRAM = ROOT / "benches/py_sessions.py"



def run(python, turns, sessions):
    return face_bench.run(lambda d: [str(python), str(PROGRAM), d, str(sessions)], turns, sessions)


def main():
    have_ref = REF.exists()
    fmt = "%-22s %-10s %10.1f %10.1f %12.1f"
    print("%-22s %-10s %10s %10s %12s" % ("scenario", "sdk", "wall ms", "cpu ms", "peak RSS MB"))
    for label, turns, sessions in (("1-turn", 1, 1), ("20-turn", 20, 1), ("64 sessions x 3 turns", 3, 64)):
        o = run(OURS, turns, sessions)
        print(fmt % (label, "oxagent", o["wall"] * 1e3, o["cpu"] * 1e3, o["rss_kb"] / 1024))
        if have_ref:
            r = run(REF, turns, sessions)
            print(fmt % (label, "reference", r["wall"] * 1e3, r["cpu"] * 1e3, r["rss_kb"] / 1024))
            print("%-22s %-10s %9.1fx %9.1fx %11.1fx" % (label, "ratio", r["wall"] / o["wall"],
                                                          r["cpu"] / max(o["cpu"], 1e-6), r["rss_kb"] / o["rss_kb"]))
    wheels = sorted(glob.glob(str(ROOT / "target/wheels/*.whl")), key=os.path.getmtime)
    if wheels:
        print("wheel: %s, %.1f MB" % (os.path.basename(wheels[-1]), os.path.getsize(wheels[-1]) / 1e6))
    if not have_ref:
        print("(reference SDK not found at %s)" % REF)


if __name__ == "__main__":
    main()
