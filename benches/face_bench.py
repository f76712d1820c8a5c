"""What the per-face benchmarks (suite.py, bench_subagents.py) share: the scripted scenario and
one measured run of a program against `oxagent mock-server`."""
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OXAGENT_BIN = Path(os.environ.get("OXAGENT_BIN", ROOT / "target/release/oxagent"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
MEASURE = str(Path(__file__).resolve().parent / "measure.py")


def scenario(turns, sessions):
    """`turns - 1` Bash rounds per session, then a text answer (the server's default)."""
    calls = [{"content": [{"type": "tool_use", "id": "toolu_%02d" % i, "name": "Bash",
                           "input": {"command": "echo %d" % i, "description": "step"}}]}
             for i in range(1, turns)]
    return {"responses": calls * sessions if turns > 1 else [],
            "default": {"content": [{"type": "text", "text": "done"}]}}


def measure(command, d, script, limits=(), env=None, log=False):
    """One run of `command(d)` under measure.py (its JSON row) against a server for `script`,
    started in the scratch folder `d` (which is also HOME). With `log` the server logs the
    requests to `d/requests.jsonl`."""
    scen = Path(d) / "s.json"
    # The server keeps its connections open between answers, as the API does: without it,
    # every request of every SDK paid a TCP connect and teardown that is not the SDK's.
    scen.write_text(json.dumps(dict(script, keep_alive=True)))
    logging = ["--log", str(Path(d) / "requests.jsonl")] if log else []
    srv = subprocess.Popen([str(OXAGENT_BIN), "mock-server", "--script", str(scen), *logging],
                           stdout=subprocess.PIPE, text=True)
    port = int(srv.stdout.readline())
    env = dict(os.environ, ANTHROPIC_BASE_URL="http://127.0.0.1:%d" % port,
               ANTHROPIC_API_KEY="sk-bench", HOME=d, IS_SANDBOX="1",
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
               DISABLE_AUTOUPDATER="1", **(env or {}))
    try:
        out = subprocess.run([sys.executable, MEASURE, *limits] + command(d), env=env,
                             capture_output=True, text=True)
    finally:
        srv.kill()
        srv.wait()
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(command, turns, sessions, make_scenario=None, check=None):
    """Median wall/CPU/RSS over RUNS runs of `command(workdir)` against a fresh server.

    `make_scenario(workdir)`, when given, lays out the files it needs and returns the script
    (else `scenario(turns, sessions)`); `check(request_log)`, when given, returns what went
    wrong in a run (None when nothing did), which then fails the benchmark."""
    rows = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as d:
            script = make_scenario(d) if make_scenario else scenario(turns, sessions)
            row = measure(command, d, script, log=check is not None)
            if row["rc"] != 0:
                print("  run failed:", row["err"])
            problem = check(Path(d) / "requests.jsonl") if check else None
            if problem:
                sys.exit("%s: %s\n%s" % (" ".join(command(d)), problem, row["err"]))
            rows.append(row)
    return {k: statistics.median(r[k] for r in rows) for k in ("wall", "cpu", "rss_kb")}
