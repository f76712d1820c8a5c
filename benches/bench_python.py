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
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OXAGENT_BIN = Path(os.environ.get("OXAGENT_BIN", ROOT / "target/release/oxagent"))
OURS = Path(os.environ.get("OXAGENT_PYTHON", ROOT / ".venv/bin/python"))
REF = Path(os.environ.get("OXAGENT_REFERENCE_PYTHON", Path.home() / "venvs/claude-ref/bin/python"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
PROGRAM = ROOT / "benches/py_sessions.py"

MEASURE = str(Path(__file__).resolve().parent / "measure.py")


def scenario(turns, sessions):
    calls = [{"content": [{"type": "tool_use", "id": "toolu_%02d" % i, "name": "Bash",
                           "input": {"command": "echo %d" % i, "description": "step"}}]}
             for i in range(1, turns)]
    # Every session gets the same script: the server's default answers past the script.
    return {"responses": calls * sessions if turns > 1 else [],
            "default": {"content": [{"type": "text", "text": "done"}]}}


def run(python, turns, sessions):
    rows = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as d:
            scen = Path(d) / "s.json"
            scen.write_text(json.dumps(scenario(turns, sessions)))
            srv = subprocess.Popen([str(OXAGENT_BIN), "mock-server", "--script", str(scen)],
                                   stdout=subprocess.PIPE, text=True)
            port = int(srv.stdout.readline())
            env = dict(os.environ, ANTHROPIC_BASE_URL="http://127.0.0.1:%d" % port,
                       ANTHROPIC_API_KEY="sk-bench", HOME=d, IS_SANDBOX="1",
                       CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
                       DISABLE_AUTOUPDATER="1")
            try:
                out = subprocess.run([sys.executable, MEASURE, str(python), str(PROGRAM), d,
                                      str(sessions)], env=env, capture_output=True, text=True)
            finally:
                srv.kill()
                srv.wait()
            row = json.loads(out.stdout.strip().splitlines()[-1])
            if row["rc"] != 0:
                print("  run failed:", row["err"])
            rows.append(row)
    return {k: statistics.median(r[k] for r in rows) for k in ("wall", "cpu", "rss_kb")}


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
