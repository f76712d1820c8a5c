#!/usr/bin/env python3
"""Runs the CI subset of the conformance-in-depth scenarios through one face and compares
each trace with the reference's: ci_subset.py --python PY | --node PACKAGE [--out DIR].

The subset is every STEP-th scenario (by name) of each area below (every 2*STEP-th of the
random mixes, `fuzz-*`), so that every area and most of its variations are present; `just conformance-depth` runs them all. Scenarios that
still differ on a face are listed in depth-pending-<face>.txt and skipped here (a listed
scenario that passes is reported, so the list shrinks). Exit status 0 when every scenario
of the subset gives the reference's trace."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "memory"))
import memtext  # noqa: E402
SHARED = Path(os.environ.get("OXAGENT_SHARED", HERE.parent.parent.parent / "shared"))
AREAS = ["turns", "outputs", "paths", "refusals", "thinking", "models", "compaction", "resume",
         "wire", "commands", "tools", "hookgen", "permgen", "surface3", "sendmsg", "mcpres",
         "plugins", "aliases", "fallback", "skillfork", "hookevents", "sandboxnet", "hazards",
         "hookexit", "toolvar-files", "toolvar-search", "rmsafety",
         "variants-a", "variants-b", "memory", "streamcut", "variants-c",
         "modelnames", "protected", "denyrules", "variants-d", "variants-e", "variants-f",
         "variants-g", "variants-h", "prodtools", "variants-i", "variants-j",
         "costcmd", "refusalcalls", "variants-k", "fuzz-a", "fuzz-c", "fuzz-b", "mcpconfig", "fuzz-d", "budgetstop", "unknowns",
         "fuzz-e", "fuzz-f", "fuzz-g", "fuzz-h", "fuzz-i", "fuzz-j", "fuzz-k",
         "fuzz-l", "fuzz-m", "optprobes", "optedge", "gitdiff", "edges", "shellcmds", "settingscheck",
         "hooksettings", "mcpfiles", "mcptimeout", "agentmcp", "bundledskills", "spawndepth", "defer", "hookoutput", "hooktypes", "shellasks"]
# Areas whose scenarios need a runner of their own (a scripted server that fills in ids).
RUNNERS = {"sendmsg": HERE / "sendmsg" / "run_sendmsg.py"}
# Areas with in-process MCP servers (`sdk_servers`): the face runs behind the wrapper that
# builds them through its public API (mcp/README.md).
SDK_AREAS = {"fuzz-j"}
SDK = HERE / "mcp" / "sdk"
STEP = 5


# The random mixes hold most of the scenarios (about 3,000): every tenth of them here (a subset
# of every fifth), so the CI run stays within its time; the Rust run checks them all
# (`conformance_depth`), and `just conformance-depth` every one on both faces.
FUZZ_STEP = 2 * STEP


def subset(step=STEP):
    out = []
    for area in AREAS:
        names = sorted(p.stem for p in (HERE / area).glob("*.json"))
        every = FUZZ_STEP if step > 1 and area.startswith("fuzz-") else step
        out += [(area, n) for n in names[::every]]
    return out


# The times `/cost` reports depend on the machine's speed; the goldens hold them masked.
DURATIONS = re.compile(r"(Total duration \((?:API|wall)\): +)[0-9][0-9dhms .]*")


def mask_times(path):
    """Masks the durations of `/cost` reports in the trace at `path`, in place."""
    if not path.is_file():
        return
    text = path.read_text()
    masked = DURATIONS.sub(r"\1<DUR>", text)
    if masked != text:
        path.write_text(masked)


def pending(face):
    path = HERE / f"depth-pending-{face}.txt"
    if not path.is_file():
        return set()
    # A `?` marks a scenario whose outcome depends on timing: skipped here too.
    return {line.strip().lstrip("?") for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")}


def runs_on(which, area, name):
    """Whether the scenario runs on this face (`"faces": [...]`, every face when absent)."""
    faces = json.loads((HERE / area / f"{name}.json").read_text()).get("faces")
    return faces is None or which in faces


# The reminders that carry CLAUDE.md files are outside the api profile; for these scenarios
# what the model is told of them is compared too (memory/memtext.py).
MEMORY_PREFIXES = ("mem_", "va_md_", "claude_md_", "fl_")


def main():
    ap = argparse.ArgumentParser()
    face = ap.add_mutually_exclusive_group(required=True)
    face.add_argument("--python")
    face.add_argument("--node")
    ap.add_argument("--out")
    ap.add_argument("--all", action="store_true", help="every scenario, not every fifth")
    args = ap.parse_args()
    which = "python" if args.python else "node"
    skip = pending(which)
    chosen = [(a, n) for a, n in subset(1 if args.all else STEP)
              if f"{a}/{n}" not in skip and runs_on(which, a, n)]
    out = Path(args.out or tempfile.mkdtemp(prefix="oxagent-depth-"))
    failed = []
    for area in AREAS:
        names = [n for a, n in chosen if a == area]
        if not names:
            continue
        dest = out / area
        runner = RUNNERS.get(area, SHARED / "conformance" / "run.py")
        face = ["--python", args.python] if args.python else ["--node", args.node]
        env = dict(os.environ)
        if area in SDK_AREAS:
            env["SDK_PYTHON" if args.python else "SDK_SHIM_TARGET"] = face[1]
            face = [face[0], str(SDK / ("python" if args.python else "shim"))]
        run = [sys.executable, str(runner), *face,
               *[str(HERE / area / f"{n}.json") for n in names], "--out-dir", str(dest), "-j", "2"]
        subprocess.run(run, capture_output=True, text=True, timeout=1800, env=env)
        golden = HERE / area / ("golden" if which == "python" else "golden-ts")
        for n in names:
            mask_times(dest / f"{n}.json")
            cmp = subprocess.run([sys.executable, str(SHARED / "conformance" / "compare.py"),
                                  str(golden / f"{n}.json"), str(dest / f"{n}.json"),
                                  "--profile", "api"], capture_output=True, text=True)
            if cmp.returncode != 0 or "PASS" not in cmp.stdout:
                failed.append(f"{area}/{n}\n{cmp.stdout[-3000:]}")
            elif n.startswith(MEMORY_PREFIXES):
                told = memtext.difference(golden / f"{n}.json", dest / f"{n}.json")
                if told:
                    failed.append(f"{area}/{n}: CLAUDE.md reminders differ\n{told}")
    print(f"{len(chosen) - len(failed)} of {len(chosen)} scenarios give the reference's trace "
          f"({len(skip)} pending on the {which} face)")
    for f in failed:
        print("FAIL", f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
