#!/usr/bin/env python3
"""Writes docs/benchmarks.md and its plots (docs/benchmarks/*.png) from one run of the suite.

    python benches/report.py RESULTS.json OUTPUTS_DIR

RESULTS.json is what suite.py wrote; OUTPUTS_DIR holds the text output of the other benches
of the same `just bench` run (cli.txt, subagents.txt, search.txt, rust_overhead.txt, ...),
shown as they are. benches/notes.md (the profile behind the figures) is appended. Needs
matplotlib (the bench task installs it into a venv of its own).
"""
import json
import re
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs/benchmarks.md"
PLOTS = ROOT / "docs/benchmarks"
NAMES = {"py-ref": "Python reference", "py": "oxagent Python", "ts-ref": "TS reference",
         "node": "oxagent Node", "rust": "oxagent Rust"}
COLORS = {"py-ref": "#9ecae1", "py": "#08519c", "ts-ref": "#fdae6b", "node": "#d94801", "rust": "#41ab5d"}
PAIRS = (("py-ref", "py"), ("ts-ref", "node"))


class Page:
    def __init__(self, results):
        self.r = results
        self.c = results["cases"]
        self.sdks = results["sdks"]
        self.lines = []

    def add(self, *lines):
        self.lines.extend(lines)

    def get(self, case, sdk, f):
        row = self.c.get(case, {}).get(sdk)
        if row is None:
            return None
        if "failed" in row:
            return row
        try:
            return f(row)
        except (KeyError, IndexError, TypeError):
            return None

    def cell(self, case, f):
        """A getter of one figure of `case` for an SDK: f(row), or the failed row, or None."""
        return lambda sdk: self.get(case, sdk, f)

    def table(self, rows):
        """rows: (label, case, f(row) -> number, fmt), or (label, getter(sdk), fmt). Columns:
        each SDK, with a ratio column after each oxagent face that has its reference."""
        cols = []
        for ref, ours in PAIRS:
            cols += [s for s in (ref, ours) if s in self.sdks]
            if ref in self.sdks and ours in self.sdks:
                cols.append(("ratio", ref, ours))
        if "rust" in self.sdks:
            cols.append("rust")
        head = [NAMES[c] if isinstance(c, str) else "ratio" for c in cols]
        self.add("| measure | " + " | ".join(head) + " |", "|---|" + "---:|" * len(cols))
        for row in rows:
            label, getter, fmt = (row[0], self.cell(row[1], row[2]), row[3]) if len(row) == 4 else row
            cells = []
            for c in cols:
                if isinstance(c, tuple):
                    a, b = getter(c[1]), getter(c[2])
                    ok = isinstance(a, (int, float)) and isinstance(b, (int, float)) and b > 0
                    cells.append("**%.1f×**" % (a / b) if ok else "")
                else:
                    v = getter(c)
                    if isinstance(v, dict):
                        cells.append("stopped: %s" % v["failed"])
                    elif v is None:
                        cells.append("—")
                    else:
                        cells.append(fmt % v)
            self.add("| %s | %s |" % (label, " | ".join(cells)))
        self.add("")


ms = lambda k: lambda r: r[k] * 1e3
mb = lambda r: r["rss_kb"] / 1024


def per_turn(page, case, sdk, turns=20):
    a, b = page.get(case, sdk, lambda r: r["runs"][-1]), page.get("read_1", sdk, lambda r: r["runs"][-1])
    if isinstance(a, float) and isinstance(b, float):
        return (a - b) / (turns - 1) * 1e3
    return None


def plot_turns(page):
    fig, ax = plt.subplots(figsize=(6.4, 4))
    turns = sorted(int(k.split("_")[1]) for k in page.c if re.fullmatch(r"read_\d+", k))
    for sdk in page.sdks:
        ys = [page.get("read_%d" % t, sdk, lambda r: r["runs"][-1] * 1e3) for t in turns]
        pts = [(t, y) for t, y in zip(turns, ys) if isinstance(y, float)]
        if pts:
            ax.plot(*zip(*pts), marker="o", label=NAMES[sdk], color=COLORS[sdk])
    ax.set_yscale("log")
    ax.set_xlabel("turns (Read of a small file each round)")
    ax.set_ylabel("query() to its result, ms (log)")
    ax.set_title("Latency vs turns (in-process, second query of the process)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    return save(fig, "latency_vs_turns.png")


def plot_sessions(page, key, ylabel, title, name, f):
    fig, ax = plt.subplots(figsize=(6.4, 4))
    counts = sorted(int(k.split("_")[1]) for k in page.c if k.startswith("sessions_"))
    for sdk in page.sdks:
        pts = [(n, page.get("sessions_%d" % n, sdk, f)) for n in counts]
        done = [(n, y) for n, y in pts if isinstance(y, float)]
        if done:
            ax.plot(*zip(*done), marker="o", label=NAMES[sdk], color=COLORS[sdk])
        # Where a run was stopped: its figure at the moment it was stopped (a lower bound).
        stopped = [(n, f(y)) for n, y in pts if isinstance(y, dict)]
        if stopped:
            ax.plot(*zip(*stopped), marker="x", markersize=10, color=COLORS[sdk], linestyle="none")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("concurrent 3-turn sessions in one process (log)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    return save(fig, name)


def save(fig, name):
    PLOTS.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(PLOTS / name, dpi=90)
    plt.close(fig)
    return "benchmarks/" + name


def include(page, outputs, name, title, intro):
    f = outputs / name
    if f.exists() and f.read_text().strip():
        page.add("## " + title, "", intro, "", "```", f.read_text().rstrip(), "```", "")


def targets(page, outputs):
    t = []

    def check(face, what, value, limit, unit, fmt="%.1f"):
        if isinstance(value, (int, float)):
            t.append((face, what, (fmt + " %s") % (value, unit), "yes" if value < limit else "**no**"))
        else:
            t.append((face, what, "not measured" if value is None else "stopped", "**no**"))

    for face in ("py", "node"):
        if face not in page.sdks:
            continue
        whole = 100 if face == "py" else 60
        name = "Python" if face == "py" else "Node"
        check(name, "whole process (start, import, 1-turn query, exit) < %d ms" % whole,
              page.get("process", face, ms("wall")), whole, "ms")
        check(name, "import < 30 ms", page.get("process", face, lambda r: r["import"] * 1e3), 30, "ms")
        check(name, "first query in a process < 5 ms", page.get("process", face, lambda r: r["runs"][0] * 1e3), 5, "ms")
        exits = page.get("process", face, ms("exit")), page.get("bare", face, ms("exit"))
        check(name, "exit adds nothing measurable (< 2 ms beyond the bare interpreter's)",
              exits[0] - exits[1] if all(isinstance(e, float) for e in exits) else None, 2, "ms")
        check(name, "per-turn overhead, Read loop < 1 ms", per_turn(page, "read_20", face), 1, "ms", "%.2f")
        check(name, "64 sessions < 0.5 s (whole process)", page.get("sessions_64", face, lambda r: r["wall"]), 0.5, "s", "%.2f")
        check(name, "64 sessions < 100 MiB", page.get("sessions_64", face, mb), 100, "MiB")
        check(name, "10,000 sessions < 30 s", page.get("sessions_10000", face, lambda r: r["wall"]), 30, "s")
        check(name, "10,000 sessions < 1 GiB", page.get("sessions_10000", face, mb), 1024, "MiB")
        check(name, "streaming 25k events < 90 ms", page.get("stream", face, ms("stream")), 90, "ms")
    over = outputs / "rust_overhead.txt"
    m = re.search(r"overhead of the Rust face:\s+([\d.]+)(µs|us|ms|ns|s)", over.read_text()) if over.exists() else None
    if m:
        scale = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}[m.group(2)]
        check("Rust", "1-turn overhead beyond the server's answer < 1 ms", float(m.group(1)) * scale, 1, "ms", "%.3f")
    search = outputs / "search.txt"
    if search.exists():
        # query, ours ms, rg ms, ratio, ours n, rg n[, ours CPU ms, rg CPU ms]
        rows = re.findall(r"^(\S.*?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\d+\s+\d+(?:\s+\d+\s+\d+)?$",
                          search.read_text(), re.M)
        if rows:
            worst = max(rows, key=lambda r: float(r[3]))
            check("Grep/Glob", "every query within 1.3× of rg (worst: %s)" % worst[0].strip(), float(worst[3]), 1.3, "×", "%.2f")
    page.add("## Targets", "", "On this machine, against the scripted server; every figure from the run above.", "",
             "| face | target | measured | met |", "|---|---|---:|---|")
    page.add(*["| %s | %s | %s | %s |" % row for row in t], "")


def main():
    results = json.loads(Path(sys.argv[1]).read_text())
    outputs = Path(sys.argv[2])
    page = Page(results)
    v = results["versions"]
    page.add("# Benchmarks", "",
             "Generated by `just bench` (`benches/suite.py`, then `benches/report.py`) on %s: every figure "
             "and plot below comes from that one run. Do not edit by hand; the analysis at the end is "
             "`benches/notes.md`." % v["date"], "",
             "- Machine: %s, %s cores, %s GiB, %s (load average %.1f at the start: the cores are shared)"
             % (v["cpu"], v["cores"], v["mem_gb"], v["os"], v["load"]),
             "- Python %s, Node %s, %s" % (v["python"], v.get("node_runtime", v.get("node")), v["rustc"]),
             "- SDKs: " + ", ".join("%s %s" % (NAMES[s], v.get(s, "")) for s in page.sdks),
             "- Every SDK runs the same program (`benches/py_sessions.py`, `benches/node_sessions.mjs`, "
             "`crates/oxagent/examples/face_sessions.rs`) against `oxagent mock-server`, which answers at "
             "once: what is timed is the SDK. Whole-process figures come from `benches/measure.py` "
             "(wall; CPU user+sys and peak summed RSS of the whole process tree: a reference is charged "
             "for the CLI it starts); in-process figures from the program itself. Medians of %d runs "
             "(1 run for 1,000 and more sessions, and for the references from 64 sessions). Ratios are "
             "reference / oxagent." % results["runs"], "")
    page.add("## Start-up: import, first query, whole process", "",
             "A 1-turn text answer. *whole process* is start, import, one `query()` to its "
             "`ResultMessage`, and exit; *start* is the interpreter's start before the program's first "
             "line, *exit* from its last line to the end of the process; *warm* is the second query of a "
             "process.", "")
    page.table([
        ("bare interpreter (no SDK): start, ms", "bare", ms("start"), "%.1f"),
        ("bare interpreter (no SDK): exit, ms", "bare", ms("exit"), "%.1f"),
        ("bare interpreter (no SDK): whole process, ms", "bare", ms("wall"), "%.1f"),
        ("whole process, wall ms", "process", ms("wall"), "%.1f"),
        ("whole process, CPU ms", "process", ms("cpu"), "%.1f"),
        ("start (runtime), ms", "process", ms("start"), "%.1f"),
        ("import, ms", "process", ms("import"), "%.1f"),
        ("first query in the process, ms", "process", lambda r: r["runs"][0] * 1e3, "%.2f"),
        ("warm query, ms", "read_1", lambda r: r["runs"][-1] * 1e3, "%.2f"),
        ("exit, ms", "process", ms("exit"), "%.1f"),
        ("peak RSS, 1 session, MB", "process", mb, "%.1f"),
    ])
    turn_cases = sorted((int(k.split("_")[1]), k) for k in page.c if re.fullmatch(r"read_\d+", k))
    page.add("## Turns", "", "![latency vs turns](%s)" % plot_turns(page), "",
             "In-process time of the second `query()` of a process to its result; each round the model "
             "calls Read on a small file (or Bash `echo`). Per-turn overhead is (20 turns − 1 turn) / 19.", "")
    page.table([("Read loop, %d turn%s, ms" % (t, "s"[:t > 1]), k, lambda r: r["runs"][-1] * 1e3, "%.2f") for t, k in turn_cases]
               + [("Bash loop, 20 turns, ms", "bash_20", lambda r: r["runs"][-1] * 1e3, "%.2f"),
                  ("per-turn overhead, Read loop, ms", lambda sdk: per_turn(page, "read_20", sdk), "%.2f"),
                  ("per-turn overhead, Bash loop, ms", lambda sdk: per_turn(page, "bash_20", sdk), "%.2f")])
    counts = sorted(int(k.split("_")[1]) for k in page.c if k.startswith("sessions_"))
    page.add("## Concurrent sessions", "",
             "![time vs sessions](%s)" % plot_sessions(page, "wall", "whole process, s (log)", "Time vs concurrent sessions",
                                                       "time_vs_sessions.png", lambda r: r["wall"]),
             "![memory vs sessions](%s)" % plot_sessions(page, "rss", "peak RSS of the process tree, MB (log)",
                                                         "Memory vs concurrent sessions", "memory_vs_sessions.png", mb), "",
             "N sessions of 3 turns (two Reads, then a text answer) started at once in one process "
             "(`asyncio.gather`, `Promise.all`, `tokio::spawn`). A reference run is stopped past %s s or "
             "%s MB of summed RSS (its CLI processes included), and the references are not run at 10,000 "
             "(a CLI process per session). × on a plot: a run stopped, at its figure when stopped "
             "(a lower bound)."
             % (int(float(results.get("ref_timeout", 120))), int(float(results.get("ref_max_rss_mb", 6144)))), "")
    rows = []
    for n in counts:
        k = "sessions_%d" % n
        label = "{:,} session{}".format(n, "s"[:n > 1])
        rows += [("%s: wall s" % label, k, lambda r: r["wall"], "%.2f"),
                 ("%s: CPU s" % label, k, lambda r: r["cpu"], "%.2f"),
                 ("%s: peak RSS MB" % label, k, mb, "%.0f")]
    if 64 in counts:
        rows.append(("per extra session (peak RSS at 64 − at 1) / 63, MB", lambda sdk: per_session(page, sdk), "%.2f"))
    page.table(rows)
    page.add("## Streaming and a large Read", "",
             "A 200 KiB answer streamed in 8-character deltas with partial messages on (25,600 text "
             "deltas): time from the first stream event to the last one the program sees, and the CPU of "
             "the whole process. A Read of the last 1,000 lines of a 5 MiB file (whole files over 256 KiB "
             "need offset and limit in both SDKs), as the second query of the process.", "")
    page.table([
        ("stream events seen", "stream", lambda r: float(r["events"]), "%.0f"),
        ("first → last stream event, ms", "stream", ms("stream"), "%.1f"),
        ("streaming, whole process CPU ms", "stream", ms("cpu"), "%.1f"),
        ("streaming, whole process wall ms", "stream", ms("wall"), "%.1f"),
        ("5 MiB Read (2 turns), query ms", "read_5mib", lambda r: r["runs"][-1] * 1e3, "%.2f"),
        ("5 MiB Read, peak RSS MB", "read_5mib", mb, "%.1f"),
    ])
    sizes(page, results.get("sizes", {}))
    include(page, outputs, "rust_overhead.txt", "The Rust face: one turn against a bare request",
            "`crates/oxagent/examples/one_turn_overhead.rs`: a 1-turn `oxagent::query()` against a bare "
            "streaming request to the same scripted server, medians.")
    include(page, outputs, "cli.txt", "The CLI against the Python reference",
            "`benches/bench.py`: `oxagent -p` as a whole process against the reference's `query()`.")
    include(page, outputs, "subagents.txt", "16 parallel subagents", "`benches/bench_subagents.py`.")
    include(page, outputs, "search.txt", "Grep and Glob against ripgrep",
            "`benches/search_vs_rg.sh`: the same questions to our tools (through the Tool trait) and to `rg`; "
            "ratio ours / rg.")
    include(page, outputs, "compaction.txt", "Compaction", "Deciding and building a compaction of a 500-round conversation.")
    targets(page, outputs)
    notes = ROOT / "benches/notes.md"
    if notes.exists():
        page.add(notes.read_text().rstrip(), "")
    DOC.write_text("\n".join(page.lines).rstrip() + "\n")
    print("wrote", DOC)


def per_session(page, sdk):
    a, b = page.get("sessions_64", sdk, mb), page.get("sessions_1", sdk, mb)
    if isinstance(a, float) and isinstance(b, float):
        return (a - b) / 63
    return None


def sizes(page, s):
    mbs = lambda k: "%.1f MB" % (s[k] / 1e6) if s.get(k) else "—"
    page.add("## Package size", "",
             "| package | size |", "|---|---:|",
             "| oxagent wheel (`maturin build --release`) | %s |" % mbs("py_wheel"),
             "| oxagent Python, installed | %s |" % mbs("py_installed"),
             "| Python reference, installed (bundled CLI included) | %s |" % mbs("py-ref_installed"),
             "| oxagent npm tarball (`npm pack`) | %s |" % mbs("node_tarball"),
             "| oxagent npm package, unpacked | %s |" % mbs("node_installed"),
             "| of which the native addon (release, %s) | %s |"
             % ("stripped" if s.get("node_addon_stripped") else "not stripped", mbs("node_addon")),
             "| TS reference, installed (SDK) | %s |" % mbs("ts-ref_installed"),
             "| TS reference's native CLI package | %s |" % mbs("ts-ref_cli"), "")


if __name__ == "__main__":
    main()
