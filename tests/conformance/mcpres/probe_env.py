"""What the probes (mcpres/control, mcpres/status, mcpres/setservers, control-ts) run a
session under: the caller's environment without its API settings, pointed at the scripted
Messages API on `port`, with `home` for HOME; and `run_probe`, which sets all that up."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HARNESS = os.environ.get("CONFORMANCE_DIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "shared", "conformance")


def session_env(port, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE"))}
    env.update({"ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}", "ANTHROPIC_API_KEY": "sk-test",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1",
                "DISABLE_AUTOUPDATER": "1", "IS_SANDBOX": "1", "HOME": home,
                "ENABLE_TOOL_SEARCH": "false"})
    return env


def probe(argv, responses, prepare=None, env_extra=None, timeout=180):
    """Runs `argv + [ws]` in a scratch workspace `ws` (filled by `prepare(ws)`) against the
    scripted Messages API answering `responses`; returns (the JSON of the last line the
    command printed, the request bodies the API got, ws, home). The scratch folder is
    removed before returning: the paths serve to replace them in the record."""
    root = tempfile.mkdtemp(prefix="probe-")
    try:
        ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
        os.makedirs(ws), os.makedirs(home)
        if prepare:
            prepare(ws)
        scen = os.path.join(root, "scenario.json")
        with open(scen, "w") as f:
            json.dump({"responses": responses}, f)
        log = os.path.join(root, "requests.jsonl")
        mock = subprocess.Popen([sys.executable, os.path.join(HARNESS, "mockapi.py"), scen, log, "0"],
                                stdout=subprocess.PIPE, text=True)
        try:
            port = int(mock.stdout.readline())
            env = session_env(port, home)
            env.update(env_extra or {})
            done = subprocess.run([*argv, ws], env=env, cwd=ws, capture_output=True, text=True,
                                  timeout=timeout)
            if done.returncode != 0:
                sys.exit(f"{argv[-1]} failed:\n" + done.stderr[-4000:])
            record = json.loads(done.stdout.strip().splitlines()[-1])
        finally:
            mock.terminate()
            mock.wait()
        with open(log) as f:
            requests = [(r.get("body") or r) for r in map(json.loads, filter(str.strip, f))]
        return record, requests, ws, home
    finally:
        shutil.rmtree(root, ignore_errors=True)
