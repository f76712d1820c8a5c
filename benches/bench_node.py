#!/usr/bin/env python3
"""The Node face against the official TypeScript Agent SDK: same program, two packages.

Runs one small program (benches/node_sessions.mjs) with each package against the scripted
server: 1 turn, 20 turns (Bash `echo` each round), and 64 concurrent sessions of 3 turns each,
all in one node process. Prints wall time, CPU time and peak RSS of the whole process tree
(benches/measure.py), with reference/oxagent ratios, and the size of both packages.

oxagent's package: $OXAGENT_NODE_PACKAGE or js/ (with its .node addon built).
The reference's: $OXAGENT_REFERENCE_NODE_PACKAGE or
/tmp/refts/node_modules/@anthropic-ai/claude-agent-sdk (npm install
@anthropic-ai/claude-agent-sdk@0.3.332 in a scratch folder, with its optional native CLI).
"""
import glob
import os
import subprocess
from pathlib import Path

import face_bench

ROOT = Path(__file__).resolve().parent.parent
NODE = os.environ.get("NODE", "node")
OURS = Path(os.environ.get("OXAGENT_NODE_PACKAGE", ROOT / "js"))
REF = Path(os.environ.get("OXAGENT_REFERENCE_NODE_PACKAGE",
                          "/tmp/refts/node_modules/@anthropic-ai/claude-agent-sdk"))
PROGRAM = ROOT / "benches/node_sessions.mjs"



def run(pkg, turns, sessions):
    return face_bench.run(lambda d: [NODE, str(PROGRAM), str(pkg), d, str(sessions)], turns, sessions)


def du_mb(*paths, exclude=()):
    paths = [str(p) for p in paths if Path(p).exists()]
    if not paths:
        return 0.0
    args = ["du", "-scb"] + ["--exclude=%s" % e for e in exclude] + paths
    out = subprocess.run(args, capture_output=True, text=True).stdout.strip().splitlines()
    return int(out[-1].split()[0]) / 1e6


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
    # Package sizes: ours is js/ without node_modules and target (the .node addon included);
    # the reference is its own folder plus the platform packages holding its native CLI.
    addons = glob.glob(str(OURS / "*.node"))
    ours_mb = du_mb(OURS, exclude=("node_modules", "target"))
    print("oxagent package: %.1f MB (of which addon %s: %.1f MB)"
          % (ours_mb, ", ".join(os.path.basename(a) for a in addons) or "none",
             sum(os.path.getsize(a) for a in addons) / 1e6))
    if have_ref:
        clis = glob.glob(str(REF.parent / "claude-agent-sdk-*"))
        print("reference package: %.1f MB (sdk %.1f MB + native CLI %.1f MB)"
              % (du_mb(REF, *clis), du_mb(REF), du_mb(*clis)))
    else:
        print("(reference SDK not found at %s)" % REF)


if __name__ == "__main__":
    main()
