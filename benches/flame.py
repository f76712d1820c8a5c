"""Flame graphs of the benchmark's slowest cases (`just flame`), written to docs/benchmarks/flame/.

Each case is one run of the face's benchmark program (the ones `just bench` times) against
`oxagent mock-server`, sampled by a profiler:
- the Rust face and the Node face under `perf record` with DWARF call graphs (the release
  builds keep their unwind tables; Node runs with `--perf-basic-prof` so its JIT frames have
  names), folded by `inferno-collapse-perf` and drawn by `inferno-flamegraph`;
- the Python face under `py-spy record --native`, which shows the Python frames and the native
  ones (the binding and the core) on the interpreter's thread and the runtime's threads.
The folded stacks stay in target/bench/flame/ (`inferno-flamegraph` redraws them, and a few lines
of Python sum them by frame).

    python3 benches/flame.py OUT_DIR [CASE ...]     # cases: sessions, stream, read20 (FLAME_FACES=rust,py,node)
    python3 benches/flame.py --top FOLDED [N]        # the frames with the most samples of their own
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The faces profiled are the release builds `just bench` installs.
os.environ.setdefault("OXAGENT_PYTHON", str(ROOT / "target/bench/venv/bin/python"))
sys.path.insert(0, str(ROOT / "benches"))
import face_bench  # noqa: E402
import suite  # noqa: E402

TOOLS = ROOT / "target/tools/bin"
PY_SPY = Path(suite.PY_OURS).parent / "py-spy"
FOLDED = ROOT / "target/bench/flame"
RATE = 999

CASES = {
    # 1,000 concurrent 3-turn sessions with a Read each round (the memory and scheduling case).
    "sessions": (lambda d: suite.loop_script(d, 3, "Read", sessions=1000), {"sessions": 1000}),
    # A 200 KiB answer in 8-character deltas with partial messages (25,600 stream events).
    "stream": (suite.stream_script, {"partial": True}),
    # 20 turns of a Read, 20 times over (the per-turn overhead; enough turns to sample).
    "read20": (lambda d: suite.loop_script(d, 20, "Read", repeat=20), {"repeat": 20}),
}


def wrap(face, argv, data):
    """The command that runs `argv` under the face's profiler, writing `data`."""
    if face == "py":
        return [str(PY_SPY), "record", "--native", "--threads", "--rate", str(RATE),
                "--format", "raw", "--output", str(data), "--", *argv]
    if face == "node":
        # V8 also writes a log of its own with --perf-basic-prof: beside the perf data.
        v8_log = "--logfile=%s" % (data.parent / "v8.log")
        argv = [argv[0], "--perf-basic-prof", "--no-logfile-per-isolate", v8_log, *argv[1:]]
    return ["perf", "record", "-F", str(RATE), "-g", "--call-graph", "dwarf,16384", "-q",
            "-o", str(data), "--", *argv]


def draw(face, data, svg, title):
    """perf data (or py-spy's folded stacks) -> folded stacks -> SVG."""
    if face == "py":
        folded = data.read_bytes()
    else:
        script = subprocess.run(["perf", "script", "--no-inline", "-i", str(data)], capture_output=True, check=True)
        folded = subprocess.run([str(TOOLS / "inferno-collapse-perf"), "--all"], input=script.stdout,
                                capture_output=True, check=True).stdout
    FOLDED.mkdir(parents=True, exist_ok=True)
    (FOLDED / (svg.stem + ".folded")).write_bytes(folded)
    graph = subprocess.run([str(TOOLS / "inferno-flamegraph"), "--title", title, "--minwidth", "0.2",
                            "--width", "1400"], input=folded, capture_output=True, check=True)
    svg.write_bytes(graph.stdout)


def profile(case, face, out):
    make_script, kw = CASES[case]
    sessions = kw.get("sessions", 1)
    env = {"BENCH_REPEAT": str(kw.get("repeat", 1)), "BENCH_PARTIAL": "1" if kw.get("partial") else "0"}
    program = suite.SDKS[face][2]
    svg = out / ("%s-%s.svg" % (case, face))
    title = "oxagent %s face: %s" % ({"py": "Python", "node": "Node", "rust": "Rust"}[face], case)
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "perf.data"
        row = face_bench.measure(
            lambda dd: wrap(face, program(str(Path(dd) / "ws"), sessions, "Do the task"), data),
            d, make_script(d), env=env)
        if row["rc"] != 0:
            sys.exit("%s %s failed: %s" % (case, face, row["err"][-500:]))
        draw(face, data, svg, title)
    print("%-9s %-5s wall %6.0f ms  cpu %6.0f ms  -> %s" % (case, face, row["wall"] * 1e3, row["cpu"] * 1e3, svg))


def top(folded, n=25):
    """The `n` frames with the most samples of their own, and the share of all samples."""
    own, total = {}, 0
    for line in Path(folded).read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        total += int(count)
        leaf = stack.rsplit(";", 1)[-1]
        own[leaf] = own.get(leaf, 0) + int(count)
    for leaf, count in sorted(own.items(), key=lambda kv: -kv[1])[:n]:
        print("%5.1f%%  %s" % (100 * count / total, leaf[:140]))


def main():
    if sys.argv[1:2] == ["--top"]:
        return top(sys.argv[2], *(int(a) for a in sys.argv[3:4]))
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs/benchmarks/flame")
    out.mkdir(parents=True, exist_ok=True)
    cases = sys.argv[2:] or list(CASES)
    faces = os.environ.get("FLAME_FACES", "rust,py,node").split(",")
    for tool in ("perf",):
        if not shutil.which(tool):
            sys.exit("flame.py needs %s (apt-get install linux-perf)" % tool)
    for case in cases:
        for face in faces:
            profile(case, face, out)


if __name__ == "__main__":
    main()
