#!/usr/bin/env python3
"""16 parallel subagents of 3 turns each: oxagent's faces against the official SDKs.

One parent response holds 16 Agent calls (`subagent_type: general-purpose`,
`run_in_background: false`); each subagent Reads two small files, one per turn, then answers;
the parent answers once it has the 16 reports. 50 requests in all, every answer selected by
`match` on a token only that request carries, so the interleaving of the subagents does not
matter. The scripted server (`oxagent mock-server`) answers at once.

Python: benches/py_sessions.py under oxagent's interpreter ($OXAGENT_PYTHON or .venv/bin/python)
and the reference's ($OXAGENT_REFERENCE_PYTHON or ~/venvs/claude-ref/bin/python).
Node (when both packages are there): benches/node_sessions.mjs with js/ ($OXAGENT_NODE_PACKAGE)
and @anthropic-ai/claude-agent-sdk ($OXAGENT_REFERENCE_NODE_PACKAGE, else ~/ref-ts/... or
/tmp/refts/...).

Wall time, CPU time and peak RSS of the whole process tree (benches/measure.py: the reference
is charged for its CLI process), medians of BENCH_RUNS runs, ratios reference / oxagent.
Every run is checked: the server's request log must hold the 50 requests, each served by its
own scripted answer.
"""
import json
import os
import sys
from pathlib import Path

import face_bench

ROOT = Path(__file__).resolve().parent.parent
AGENTS = 16
PROMPT = "PARENT-PROMPT: run the 16 agents"
NODE = os.environ.get("NODE", "node")


from sdks import NODE_OURS, NODE_REF, PY_OURS, PY_REF  # noqa: E402


def text(t):
    return {"content": [{"type": "text", "text": t}]}


def read(tool_id, path):
    return {"content": [{"type": "tool_use", "id": tool_id, "name": "Read", "input": {"file_path": path}}]}


def make_scenario(d):
    """Lays out two files per subagent under `d/files` and returns the script."""
    files = Path(d) / "files"
    files.mkdir()
    calls = [{"type": "tool_use", "id": "toolu_AGENT_%02d" % i, "name": "Agent", "input": {
        "description": "Agent %02d" % i, "prompt": "SUBTASK-%02d-END: read two files and report" % i,
        "subagent_type": "general-purpose", "run_in_background": False}} for i in range(AGENTS)]
    responses = [{"match": "PARENT-PROMPT", "content": calls}]
    for i in range(AGENTS):
        a, b = files / ("f%02d_a.txt" % i), files / ("f%02d_b.txt" % i)
        a.write_text("CONTENT-%02d-A-END\n" % i)
        b.write_text("CONTENT-%02d-B-END\n" % i)
        responses += [dict(read("toolu_R%02d_A" % i, str(a)), match="SUBTASK-%02d-END" % i),
                      dict(read("toolu_R%02d_B" % i, str(b)), match="CONTENT-%02d-A-END" % i),
                      dict(text("SUB-ANSWER-%02d-END" % i), match="CONTENT-%02d-B-END" % i)]
    # Only the parent's follow-up carries the reports.
    responses.append(dict(text("PARENT-DONE"), match="SUB-ANSWER-%02d-END" % (AGENTS - 1)))
    return {"responses": responses, "default": text("UNSCRIPTED")}


def check(log):
    """The run made the 50 scripted requests, each answered by its own response."""
    rows = [json.loads(line) for line in Path(log).read_text().splitlines() if line.strip()]
    served = sorted(r.get("served", {}).get("index", -1) for r in rows
                    if r.get("served", {}).get("kind") == "match")
    want = list(range(1 + 3 * AGENTS + 1))
    if served != want:
        kinds = [r.get("served", {}).get("kind") for r in rows]
        return "expected the %d scripted answers, served %s (kinds %s)" % (len(want), served, kinds)
    return None


def run(cmd):
    return face_bench.run(cmd, 0, 1, make_scenario=make_scenario, check=check)


def main():
    fmt = "%-32s %-10s %10.1f %10.1f %12.1f"
    print("%-32s %-10s %10s %10s %12s" % ("scenario", "sdk", "wall ms", "cpu ms", "peak RSS MB"))
    faces = [("python", PY_OURS, PY_REF,
              lambda py: lambda d: [str(py), str(ROOT / "benches/py_sessions.py"), d, "1", PROMPT])]
    if (NODE_OURS / "package.json").exists() and list(NODE_OURS.glob("*.node")):
        faces.append(("node", NODE_OURS, NODE_REF,
                      lambda pkg: lambda d: [NODE, str(ROOT / "benches/node_sessions.mjs"), str(pkg), d, "1", PROMPT]))
    else:
        print("(node: no built addon in %s, skipped)" % NODE_OURS)
    for face, ours, ref, cmd in faces:
        label = "%s: 16 subagents x 3 turns" % face
        o = run(cmd(ours))
        print(fmt % (label, "oxagent", o["wall"] * 1e3, o["cpu"] * 1e3, o["rss_kb"] / 1024))
        if not ref.exists():
            print("(reference not found at %s)" % ref)
            continue
        r = run(cmd(ref))
        print(fmt % (label, "reference", r["wall"] * 1e3, r["cpu"] * 1e3, r["rss_kb"] / 1024))
        print("%-32s %-10s %9.1fx %9.1fx %11.1fx" % (label, "ratio", r["wall"] / o["wall"],
                                                      r["cpu"] / max(o["cpu"], 1e-6), r["rss_kb"] / o["rss_kb"]))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
