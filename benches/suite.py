#!/usr/bin/env python3
"""The side-by-side suite: the same scenarios through the official Python and TypeScript
packages and oxagent's three faces, in one run, against `oxagent mock-server`.

    python3 benches/suite.py [OUT.json]      # default target/bench/results.json

Every SDK runs the same small program (py_sessions.py, node_sessions.mjs, the Rust example
face_sessions) under measure.py: whole-process wall, CPU and peak RSS of the process tree, and
the program's own in-process timings (import, each batch of sessions, first to last stream
event). benches/report.py turns the JSON into docs/benchmarks.md and its plots.

Environment: BENCH_RUNS (runs per case, median; default 3), BENCH_QUICK=1 (a CI-sized subset:
oxagent's faces only, few sessions), BENCH_REF_TIMEOUT (seconds, default 120) and
BENCH_REF_MAX_RSS_MB (default 6144) bound a reference run; past them it is reported as stopped.
"""
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import face_bench

ROOT = Path(__file__).resolve().parent.parent
BENCHES = ROOT / "benches"
NODE = os.environ.get("NODE", "node")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
QUICK = os.environ.get("BENCH_QUICK") == "1"
REF_TIMEOUT = float(os.environ.get("BENCH_REF_TIMEOUT", "120"))
REF_MAX_RSS_MB = float(os.environ.get("BENCH_REF_MAX_RSS_MB", "6144"))
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


from sdks import NODE_OURS, NODE_REF, PY_OURS, PY_REF  # noqa: E402
RUST_PROGRAM = TARGET / "release/examples/face_sessions"

# name -> (language, is the reference, program(cwd, sessions, prompt) -> argv)
SDKS = {
    "py-ref": ("python", True, lambda d, n, p: [str(PY_REF), str(BENCHES / "py_sessions.py"), d, str(n), p]),
    "ts-ref": ("node", True, lambda d, n, p: [NODE, str(BENCHES / "node_sessions.mjs"), str(NODE_REF), d, str(n), p]),
    "py": ("python", False, lambda d, n, p: [str(PY_OURS), str(BENCHES / "py_sessions.py"), d, str(n), p]),
    "node": ("node", False, lambda d, n, p: [NODE, str(BENCHES / "node_sessions.mjs"), str(NODE_OURS), d, str(n), p]),
    "rust": ("rust", False, lambda d, n, p: [str(RUST_PROGRAM), d, str(n), p]),
}

STREAM_BYTES = 200 * 1024
BIG_FILE_BYTES = 5 * 1024 * 1024


def text(t, **extra):
    return dict({"content": [{"type": "text", "text": t}]}, **extra)


def tool(i, name, inp):
    return {"content": [{"type": "tool_use", "id": "toolu_%05d" % i, "name": name, "input": inp}]}


def loop_script(d, turns, tool_name, sessions=1, repeat=1):
    """`turns - 1` rounds of a Read (of a small file) or a Bash `echo`, then a text answer, for
    each session of each batch (the answers are served in order; the sessions all ask the same)."""
    note = Path(d) / "ws" / "notes.txt"
    note.parent.mkdir(exist_ok=True)
    note.write_text("a small file\nread on every turn\n")
    rounds = []
    for i in range(1, turns):
        if tool_name == "Read":
            rounds.append(tool(i, "Read", {"file_path": str(note)}))
        else:
            rounds.append(tool(i, "Bash", {"command": "echo %d" % i, "description": "step"}))
    if sessions == 1:
        return {"responses": (rounds + [text("done")]) * repeat, "default": text("done")}
    # Concurrent sessions take the next response whichever asks: the text answers come as the
    # default once the rounds are served, so the work is the same whatever the interleaving.
    return {"responses": rounds * sessions, "default": text("done")}


def stream_script(d):
    (Path(d) / "ws").mkdir(exist_ok=True)
    body = ("0123456789abcdef" * (STREAM_BYTES // 16 + 1))[:STREAM_BYTES]
    return {"responses": [text(body, chunk=8)], "default": text("done")}


def big_read_script(d, repeat=2):
    ws = Path(d) / "ws"
    ws.mkdir(exist_ok=True)
    line = "%06d " + "x" * 72 + "\n"
    lines = BIG_FILE_BYTES // len(line % 0)
    (ws / "big.txt").write_text("".join(line % i for i in range(lines)))
    # The whole file is over the 256 KiB a Read takes at once (in both SDKs): the last 1,000
    # lines are asked for, so the whole file is read through.
    read = tool(1, "Read", {"file_path": str(ws / "big.txt"), "offset": lines - 1000, "limit": 1000})
    return {"responses": [read, text("done")] * repeat, "default": text("done")}


def case(sdk, make_script, sessions=1, repeat=1, partial=False, runs=None, bounded=False):
    """Median figures of `runs` runs of one SDK's program against a fresh server per run."""
    lang, is_ref, program = SDKS[sdk]
    limits = ["--timeout", str(REF_TIMEOUT), "--max-rss-mb", str(REF_MAX_RSS_MB)] if is_ref or bounded else []
    rows = []
    for _ in range(runs or RUNS):
        with tempfile.TemporaryDirectory() as d:
            script = make_script(d)
            row = face_bench.measure(lambda dd: program(str(Path(dd) / "ws"), sessions, "Do the task"),
                                     d, script, limits=limits,
                                     env={"BENCH_REPEAT": str(repeat), "BENCH_PARTIAL": "1" if partial else "0"})
        if row["stopped"] or row["rc"] != 0:
            return {"failed": row["stopped"] or "exit %s: %s" % (row["rc"], row["err"][-200:]),
                    "rss_kb": row["rss_kb"], "wall": row["wall"]}
        rows.append(row)
    med = lambda f: statistics.median(f(r) for r in rows)
    out = {k: med(lambda r: r[k]) for k in ("wall", "cpu", "rss_kb")}
    inner = [r["inner"] for r in rows]
    out["import"] = statistics.median(i["import"] for i in inner)
    out["runs"] = [statistics.median(i["runs"][k] for i in inner) for k in range(len(inner[0]["runs"]))]
    out["start"] = med(lambda r: r["inner"]["t_start"] - r["t0"])
    out["exit"] = med(lambda r: r["t1"] - r["inner"]["t_end"])
    if partial:
        out["stream"] = statistics.median(i["stream"] for i in inner)
        out["events"] = inner[0]["events"]
    return out


def available():
    have = {"py-ref": PY_REF.exists(), "ts-ref": (NODE_REF / "package.json").exists(),
            "py": PY_OURS.exists(), "node": bool(list(NODE_OURS.glob("*.node"))), "rust": RUST_PROGRAM.exists()}
    if QUICK:
        have["py-ref"] = have["ts-ref"] = False
    return [s for s in SDKS if have[s]]


def versions(sdks):
    def out(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip()
        except OSError:
            return ""
    v = {"python": platform.python_version(), "node_runtime": out([NODE, "--version"]),
         "rustc": out(["rustc", "--version"]), "os": platform.platform(),
         "cpu": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?"),
         "cores": os.cpu_count(), "load": os.getloadavg()[0],
         "mem_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
         "date": time.strftime("%Y-%m-%d %H:%M")}
    if "py-ref" in sdks:
        v["py-ref"] = out([str(PY_REF), "-c", "import claude_agent_sdk as s; print(s.__version__)"])
    if "py" in sdks:
        v["py"] = out([str(PY_OURS), "-c", "import importlib.metadata as m, claude_agent_sdk as s; "
                       "print(m.version('oxagent'), '(the API of', s.__version__ + ')')"])
    v["rust"] = next((l.split('"')[1] for l in (ROOT / "Cargo.toml").read_text().splitlines()
                      if l.startswith("version =")), "")
    for sdk, pkg in (("ts-ref", NODE_REF), ("node", NODE_OURS)):
        if sdk in sdks:
            v[sdk] = json.loads((pkg / "package.json").read_text())["version"]
    return v


def main():
    out_path = Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET / "bench/results.json"
    out_path.parent.mkdir(parents=True, exist_ok=True)
    sdks = available()
    results = {"sdks": sdks, "versions": versions(sdks), "runs": RUNS, "quick": QUICK,
               "ref_timeout": REF_TIMEOUT, "ref_max_rss_mb": REF_MAX_RSS_MB, "cases": {}}
    session_counts = (1, 8, 64) if QUICK else (1, 8, 64, 1000, 10000)
    turn_counts = (1, 20) if QUICK else (1, 5, 20)
    plan = [("bare", lambda d: loop_script(d, 1, "Read"), {"sessions": 0}),
            ("process", lambda d: loop_script(d, 1, "Read"), {})]
    plan += [("read_%d" % t, lambda d, t=t: loop_script(d, t, "Read", repeat=2), {"repeat": 2}) for t in turn_counts]
    plan += [("bash_20", lambda d: loop_script(d, 20, "Bash", repeat=2), {"repeat": 2})]
    plan += [("sessions_%d" % n, lambda d, n=n: loop_script(d, 3, "Read", sessions=n), {"sessions": n})
             for n in session_counts]
    plan += [("stream", stream_script, {"partial": True}), ("read_5mib", big_read_script, {"repeat": 2})]
    for name, make_script, kw in plan:
        row = results["cases"].setdefault(name, {})
        for sdk in sdks:
            n = kw.get("sessions", 1)
            if n == 0 and sdk == "rust":
                continue
            if n > 1000 and SDKS[sdk][1]:
                continue  # a CLI process per session: the reference stops well before this
            runs = 1 if n >= 1000 or (n >= 64 and SDKS[sdk][1]) else None
            t = time.perf_counter()
            row[sdk] = case(sdk, make_script, runs=runs, bounded=n > 1000, **kw)
            print("%-12s %-7s %6.1f s  %s" % (name, sdk, time.perf_counter() - t,
                                               row[sdk].get("failed") or "wall %.1f ms" % (row[sdk]["wall"] * 1e3)),
                  flush=True)
            out_path.write_text(json.dumps(results, indent=1))
    results["sizes"] = sizes(sdks)
    out_path.write_text(json.dumps(results, indent=1))
    print("wrote", out_path)


def du(*paths, exclude=()):
    paths = [str(p) for p in paths if Path(p).exists()]
    if not paths:
        return None
    args = ["du", "-scb"] + ["--exclude=%s" % e for e in exclude] + paths
    return int(subprocess.run(args, capture_output=True, text=True).stdout.split()[-2])


def sizes(sdks):
    """Bytes: the wheel and the installed Python package, the npm tarball and installed folder."""
    s = {}
    wheels = sorted((TARGET / "wheels").glob("*.whl"), key=os.path.getmtime)
    if wheels:
        s["py_wheel"] = wheels[-1].stat().st_size
    for sdk, py in (("py", PY_OURS), ("py-ref", PY_REF)):
        if sdk in sdks:
            where = subprocess.run([str(py), "-c", "import claude_agent_sdk, os; print(os.path.dirname(claude_agent_sdk.__file__))"],
                                   capture_output=True, text=True).stdout.strip()
            s[sdk + "_installed"] = du(where)
    if "node" in sdks:
        addons = list(NODE_OURS.glob("*.node"))
        s["node_addon"] = sum(a.stat().st_size for a in addons)
        packed = subprocess.run(["npm", "pack", "--dry-run", "--json", "--ignore-scripts"], cwd=NODE_OURS,
                                capture_output=True, text=True).stdout
        try:
            info = json.loads(packed)[0]
            s["node_tarball"], s["node_installed"] = info["size"], info["unpackedSize"]
        except (ValueError, IndexError, KeyError):
            pass
        stripped = subprocess.run(["file", "-L"] + [str(a) for a in addons], capture_output=True, text=True).stdout
        s["node_addon_stripped"] = "not stripped" not in stripped
    if "ts-ref" in sdks:
        s["ts-ref_installed"] = du(NODE_REF)
        s["ts-ref_cli"] = du(*NODE_REF.parent.glob("claude-agent-sdk-*"))
    return s


if __name__ == "__main__":
    main()
