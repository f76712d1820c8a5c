#!/usr/bin/env python3
"""Side-by-side benchmark: oxagent against the official Claude Agent SDK, same machine, same run.

Both talk to the same scripted Messages API server (`oxagent mock-server`), which answers at
once, so the figures are the SDKs' own overhead: start-up, the loop, tool dispatch, memory.

Scenarios:
  1-turn       a text answer
  20-turn-bash 19 rounds of a Bash tool call (`echo`), then a text answer
  20-turn-read 19 rounds of a Read tool call, then a text answer

Per-turn overhead = (20-turn - 1-turn) / 19, for each SDK.

Measured per run (median of several): wall time, CPU time (user+sys of the process tree),
peak RSS (summed over the process tree, see measure.py). Ratios are reference / oxagent.

The reference is looked up in $OXAGENT_REFERENCE_PYTHON, else ~/venvs/claude-ref/bin/python
(install: python3 -m venv ~/venvs/claude-ref && ~/venvs/claude-ref/bin/pip install
claude-agent-sdk==0.2.189). Without it only oxagent's figures are printed.
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OXAGENT = Path(os.environ.get("OXAGENT_BIN", ROOT / "target/release/oxagent"))
REF_PY = Path(os.environ.get("OXAGENT_REFERENCE_PYTHON", Path.home() / "venvs/claude-ref/bin/python"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))

MEASURE = str(Path(__file__).resolve().parent / "measure.py")

REF_DRIVER = r"""
import asyncio, sys
from claude_agent_sdk import query, ClaudeAgentOptions
async def main():
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=sys.argv[1])
    async for m in query(prompt=sys.argv[2], options=opts):
        pass
asyncio.run(main())
"""


def script(turns, tool="bash", ws=""):
    def call(i):
        if tool == "read":
            return {"type": "tool_use", "id": "toolu_%02d" % i, "name": "Read",
                    "input": {"file_path": ws + "/notes.txt"}}
        return {"type": "tool_use", "id": "toolu_%02d" % i, "name": "Bash",
                "input": {"command": "echo %d" % i, "description": "step"}}
    responses = [{"content": [call(i)]} for i in range(1, turns)]
    responses.append({"content": [{"type": "text", "text": "done"}]})
    # Connections stay open between answers, as the API keeps them (see face_bench.measure).
    return {"responses": responses, "keep_alive": True}


def start_server(scenario_path):
    p = subprocess.Popen([str(OXAGENT), "mock-server", "--script", str(scenario_path)],
                         stdout=subprocess.PIPE, text=True)
    port = int(p.stdout.readline().strip())
    return p, "http://127.0.0.1:%d" % port


def measure(cmd, env):
    out = subprocess.run([sys.executable, MEASURE] + cmd, env=env, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_face(name, turns, make_cmd, tool="bash"):
    rows = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as d:
            ws = Path(d) / "ws"
            ws.mkdir()
            (ws / "notes.txt").write_text("a small file\nread on every turn\n")
            scen = Path(d) / "scenario.json"
            scen.write_text(json.dumps(script(turns, tool, str(ws))))
            server, url = start_server(scen)
            try:
                env = dict(os.environ, ANTHROPIC_BASE_URL=url, ANTHROPIC_API_KEY="sk-bench",
                           HOME=d, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
                           DISABLE_AUTOUPDATER="1", IS_SANDBOX="1")
                row = measure(make_cmd(str(ws), "Do the task"), env)
            finally:
                server.kill()
                server.wait()
            if row["rc"] != 0:
                print("  %s run failed (exit %d)" % (name, row["rc"]))
            rows.append(row)
    return {k: statistics.median(r[k] for r in rows) for k in ("wall", "cpu", "rss_kb")}


def main():
    if not OXAGENT.exists():
        sys.exit("build the CLI first: cargo build --release -p oxagent-cli")
    have_ref = REF_PY.exists()
    ours = lambda ws, prompt: [str(OXAGENT), "-p", prompt, "--cwd", ws,
                               "--permission-mode", "bypassPermissions", "--output-format", "json"]
    ref = lambda ws, prompt: [str(REF_PY), "-c", REF_DRIVER, ws, prompt]
    fmt = "%-13s %-10s %10.1f %10.1f %12.1f"
    print("%-13s %-10s %10s %10s %12s" % ("scenario", "sdk", "wall ms", "cpu ms", "peak RSS MB"))
    results = {}
    for label, turns, tool in (("1-turn", 1, "bash"), ("20-turn-bash", 20, "bash"), ("20-turn-read", 20, "read")):
        faces = [("oxagent", ours)] + ([("reference", ref)] if have_ref else [])
        for face, cmd in faces:
            m = run_face(face, turns, cmd, tool)
            results[(label, face)] = m
            print(fmt % (label, face, m["wall"] * 1e3, m["cpu"] * 1e3, m["rss_kb"] / 1024))
        if have_ref:
            o, r = results[(label, "oxagent")], results[(label, "reference")]
            print("%-13s %-10s %9.1fx %9.1fx %11.1fx" % (label, "ratio", r["wall"] / o["wall"],
                                                       r["cpu"] / max(o["cpu"], 1e-6), r["rss_kb"] / o["rss_kb"]))
    if have_ref:
        print()
        print("per-turn overhead, ms of wall time per extra turn ((20-turn - 1-turn) / 19):")
        for label in ("20-turn-bash", "20-turn-read"):
            per = {f: (results[(label, f)]["wall"] - results[("1-turn", f)]["wall"]) / 19 * 1e3
                   for f in ("oxagent", "reference")}
            print("  %-13s oxagent %7.2f   reference %7.2f   ratio %6.1fx" % (
                label, per["oxagent"], per["reference"], per["reference"] / max(per["oxagent"], 1e-6)))
    if not have_ref:
        print("(reference SDK not found at %s: only oxagent's figures)" % REF_PY)


if __name__ == "__main__":
    main()
