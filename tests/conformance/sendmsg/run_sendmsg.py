#!/usr/bin/env python3
"""Runs the SendMessage scenarios through the shared harness (run.py's arguments), with
mock_ids.py for the scripted server, then normalizes what the shared normalizer leaves
random: the delivery's `pin.ref` (six random hex digits) -> <PIN_REF>, and the short agent
id of "Resuming agent a1b2c3d" -> <AGENT_SHORT>.

    python3 run_sendmsg.py --python ~/venvs/claude-ref/bin/python *.json --out-dir golden
    python3 run_sendmsg.py --node ~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk *.json --out-dir golden-ts
"""
import glob
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.realpath(__file__))
# The shared harness: beside the repository, as ci_subset.py finds it (mock_ids.py reads it
# from the environment).
SHARED = os.environ.setdefault(
    "CONFORMANCE_SHARED", os.path.join(HERE, "..", "..", "..", "..", "shared", "conformance"))
sys.path.insert(0, SHARED)
import run  # noqa: E402  (the shared run.py)

PIN_REF = re.compile(r'((?:\\)*"ref(?:\\)*":\s*(?:\\)*")[0-9a-f]{6}')
SHORT = re.compile(r"Resuming agent a[0-9a-f]{6}\b")


def normalize(path):
    with open(path) as f:
        text = f.read()
    text = SHORT.sub("Resuming agent <AGENT_SHORT>", PIN_REF.sub(r"\1<PIN_REF>", text))
    with open(path, "w") as f:
        f.write(text)


def outputs(argv):
    for i, a in enumerate(argv):
        if a in ("-o", "--out") and i + 1 < len(argv):
            yield argv[i + 1]
        if a == "--out-dir" and i + 1 < len(argv):
            yield from glob.glob(os.path.join(argv[i + 1], "*.json"))


links = tempfile.mkdtemp(prefix="sendmsg-")
os.symlink(os.path.join(HERE, "mock_ids.py"), os.path.join(links, "mockapi.py"))
os.symlink(os.path.join(SHARED, "driver.py"), os.path.join(links, "driver.py"))
os.symlink(os.path.join(SHARED, "driver.mjs"), os.path.join(links, "driver.mjs"))
run.HERE = links
try:
    run.main()
finally:
    for n in ("mockapi.py", "driver.py", "driver.mjs"):
        os.remove(os.path.join(links, n))
    os.rmdir(links)
    for p in outputs(sys.argv):
        if os.path.isfile(p):
            normalize(p)
