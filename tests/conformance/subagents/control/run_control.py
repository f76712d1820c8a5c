#!/usr/bin/env python3
"""Runs the CONTROL scenarios (interrupt / stop_task while a subagent runs) through the shared
harness (mock server, scratch dirs, normalization), with control_driver.py / control_driver.mjs
in place of the shared drivers, which cannot interrupt.

    python3 run_control.py --python ~/venvs/claude-ref/bin/python SCEN.json... --out-dir ../golden
    python3 run_control.py --node ~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk SCEN.json... --out-dir ../golden-ts

Everything else is run.py's: this script imports it, points its HERE at a temporary folder
holding the shared mockapi.py and these drivers (as driver.py / driver.mjs), and calls its main.
CONFORMANCE_SHARED names the shared harness folder (default /work/shared/conformance).
"""
import os
import sys
import tempfile

SHARED = os.environ.setdefault("CONFORMANCE_SHARED", "/work/shared/conformance")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, SHARED)
import run  # noqa: E402  (the shared run.py)

links = tempfile.mkdtemp(prefix="control-drivers-")
os.symlink(os.path.join(SHARED, "mockapi.py"), os.path.join(links, "mockapi.py"))
os.symlink(os.path.join(HERE, "control_driver.py"), os.path.join(links, "driver.py"))
os.symlink(os.path.join(HERE, "control_driver.mjs"), os.path.join(links, "driver.mjs"))
run.HERE = links
try:
    run.main()
finally:
    for n in ("mockapi.py", "driver.py", "driver.mjs"):
        os.remove(os.path.join(links, n))
    os.rmdir(links)
