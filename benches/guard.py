#!/usr/bin/env python3
"""The regression guard over a quick run of the suite (`just bench-guard`, a few seconds).

    python3 benches/guard.py QUICK.json BASELINE.json [--update]

No absolute time is checked: each figure of the Python and Node faces is divided by the same
figure of the Rust face in the same run, and the guard fails when such a ratio is more than 2x
what BASELINE.json holds (`--update` rewrites the baseline from this run).
"""
import json
import sys
from pathlib import Path

FIGURES = {
    "1-turn query (warm)": ("read_1", lambda r: r["runs"][-1]),
    "20-turn Read loop (warm)": ("read_20", lambda r: r["runs"][-1]),
    "64 sessions, wall": ("sessions_64", lambda r: r["wall"]),
    "64 sessions, peak RSS": ("sessions_64", lambda r: r["rss_kb"]),
    "streaming 25k events": ("stream", lambda r: r["stream"]),
}
LIMIT = 2.0


def ratios(results):
    out = {}
    cases = results["cases"]
    for face in ("py", "node"):
        for label, (case, f) in FIGURES.items():
            row, base = cases.get(case, {}).get(face), cases.get(case, {}).get("rust")
            if row and base and "failed" not in row and "failed" not in base and f(base) > 0:
                out["%s: %s" % (face, label)] = f(row) / f(base)
    return out


def main():
    now = ratios(json.loads(Path(sys.argv[1]).read_text()))
    baseline_path = Path(sys.argv[2])
    if "--update" in sys.argv or not baseline_path.exists():
        baseline_path.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print("baseline written:", baseline_path)
        return
    baseline = json.loads(baseline_path.read_text())
    failed = []
    for key, ratio in sorted(now.items()):
        was = baseline.get(key)
        verdict = "ok" if was is None or ratio <= was * LIMIT else "WORSE"
        print("%-40s %8.2fx of Rust (baseline %s)" % (key, ratio, "%.2fx" % was if was else "none"), verdict)
        if verdict != "ok":
            failed.append(key)
    if failed:
        sys.exit("more than %.0fx worse than the baseline, relative to the Rust face: %s" % (LIMIT, ", ".join(failed)))


if __name__ == "__main__":
    main()
