#!/usr/bin/env python3
"""Run user programs written against the Claude Agent SDK under one SDK and compare outputs.

Each program is a folder `tests/programs/<name>/` with `script.json` (the scripted Messages
API, in the format of `oxagent mock-server --script`) and `main.py` (Python face) and/or
`main.mjs` (Node face).  The runner gives every run its own scratch root: `ws/` (the program's
cwd), `home/` (HOME), `tmp/` (TMPDIR); `<WS>` in script.json is replaced by the workspace path.
The program's stdout, with the workspace path replaced by `<WS>`, is compared with
`expected/<face>/<name>.txt` (or written there with `--record`).

    python3 tests/programs/run.py --python PY [NAME ...]        # compare
    python3 tests/programs/run.py --node PACKAGE_DIR [NAME ...]  # compare (Node face)
    python3 tests/programs/run.py --python PY --record [NAME ...]
"""
import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_SERVER = REPO / "target" / "debug" / "oxagent"


def programs(face):
    main = "main.py" if face == "python" else "main.mjs"
    return sorted(p.name for p in HERE.iterdir() if (p / main).is_file() and (p / "script.json").is_file())


def pending(face):
    out = {}
    f = HERE / "pending.txt"
    if f.exists():
        for line in f.read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, why = line.partition(" ")
            fc, _, name = key.partition("/")
            if fc == face:
                out[name] = why.strip()
    return out


def run_one(name, face, interp, server=DEFAULT_SERVER, timeout=90):
    """Run program NAME under INTERP; return (normalized stdout, stderr, returncode)."""
    src = HERE / name
    root = Path(tempfile.mkdtemp(prefix=f"prog-{name}-"))
    try:
        ws, home, tmp = root / "ws", root / "home", root / "tmp"
        for d in (ws, home, tmp):
            d.mkdir()
        files = src / "files"
        if files.is_dir():
            shutil.copytree(files, ws, dirs_exist_ok=True)
        script = (src / "script.json").read_text().replace("<WS>", str(ws)).replace("<ROOT>", str(root))
        (root / "script.json").write_text(script)
        srv = subprocess.Popen([str(server), "mock-server", "--script", str(root / "script.json"),
                                "--log", str(root / "requests.jsonl")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = int(srv.stdout.readline().strip())
            env = {k: v for k, v in os.environ.items()
                   if not k.startswith(("ANTHROPIC_", "CLAUDE_", "OXAGENT_"))}
            env.update({
                "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
                "ANTHROPIC_API_KEY": "sk-test",
                "HOME": str(home),
                "TMPDIR": str(tmp),
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                "DISABLE_TELEMETRY": "1",
                "DISABLE_AUTOUPDATER": "1",
                "IS_SANDBOX": "1",
                "PYTHONUNBUFFERED": "1",
                # show.py, which every main.py imports
                "PYTHONPATH": str(HERE),
            })
            if face == "python":
                cmd = [interp, str(src / "main.py")]
            else:
                # the program imports "@anthropic-ai/claude-agent-sdk": resolve it to the package under test
                nm = root / "node_modules" / "@anthropic-ai"
                nm.mkdir(parents=True)
                pkg = Path(interp).resolve()
                (nm / "claude-agent-sdk").symlink_to(pkg)
                # zod (for tool() schemas) as the package under test finds it
                for zod in (pkg / "node_modules" / "zod", pkg.parent.parent / "zod"):
                    if zod.is_dir():
                        (root / "node_modules" / "zod").symlink_to(zod)
                        break
                shutil.copy(src / "main.mjs", root / "main.mjs")
                shutil.copy(HERE / "show.mjs", root / "show.mjs")
                cmd = ["node", str(root / "main.mjs")]
            try:
                p = subprocess.run(cmd, cwd=ws, env=env, capture_output=True, text=True, timeout=timeout)
                out, err, rc = p.stdout, p.stderr, p.returncode
            except subprocess.TimeoutExpired as e:
                out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
                err, rc = "TIMEOUT", -1
        finally:
            srv.terminate()
            srv.wait()
        out = out.replace(str(ws), "<WS>").replace(str(home), "<HOME>").replace(str(root), "<ROOT>")
        out = out.replace(f"127.0.0.1:{port}", "127.0.0.1:<PORT>")
        if rc != 0:
            out += f"[exit {rc}]\n"
        return out, err, rc
    finally:
        if os.environ.get("PROGRAMS_KEEP"):
            print(f"kept {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--python")
    g.add_argument("--node")
    ap.add_argument("--record", action="store_true", help="write expected/<face>/NAME.txt")
    ap.add_argument("--server", default=str(DEFAULT_SERVER))
    ap.add_argument("-v", action="store_true", help="show stderr of failing runs")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    face, interp = ("python", a.python) if a.python else ("node", a.node)
    names = a.names or programs(face)
    skip = {} if a.record else pending(face)
    failed = 0
    for name in names:
        if name in skip:
            print(f"SKIP {name}: {skip[name]}")
            continue
        out, err, rc = run_one(name, face, interp, a.server)
        exp = HERE / "expected" / face / f"{name}.txt"
        if a.record:
            exp.parent.mkdir(parents=True, exist_ok=True)
            exp.write_text(out)
            print(f"REC  {name} (exit {rc})")
            if rc != 0 and a.v:
                print(err[-3000:])
            continue
        want = exp.read_text() if exp.exists() else ""
        if out == want:
            print(f"PASS {name}")
        else:
            failed += 1
            print(f"FAIL {name}")
            sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), out.splitlines(True),
                                                       "expected", "actual"))
            if a.v:
                print(err[-3000:])
    print(f"{len(names) - failed - len([n for n in names if n in skip])} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
