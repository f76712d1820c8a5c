#!/usr/bin/env python3
"""Records what the TypeScript control methods applyFlagSettings, updateSettings, reloadSkills,
reloadPlugins and setMcpPermissionModeOverride do, and the requests the session then makes.

    python3 probe.py PACKAGE_DIR OUT.json   (the TS SDK's package folder, or oxagent's js/)

It starts the shared harness's scripted
Messages API (`$CONFORMANCE_DIR`, default ../../../../../shared/conformance) and runs
`session.mjs` under node with SDK_PACKAGE=PACKAGE_DIR. `golden-ts.json` is the reference's
record."""
import json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "mcpres"))
from probe_env import session_env  # noqa: E402

HARNESS = os.environ.get("CONFORMANCE_DIR") or os.path.join(HERE, "..", "..", "..", "..", "shared", "conformance")
def bash(tid):
    return {"content": [{"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": "echo hi"}}]}


DONE = {"content": [{"type": "text", "text": "Done."}]}
RESPONSES = [bash("toolu_1"), DONE, bash("toolu_2"), DONE, bash("toolu_3"), DONE, DONE, DONE, DONE]


def main(package, out):
    root = tempfile.mkdtemp(prefix="ctlts-")
    try:
        ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
        os.makedirs(ws), os.makedirs(home)
        pass
        scen = os.path.join(root, "scenario.json")
        with open(scen, "w") as f:
            json.dump({"responses": RESPONSES}, f)
        log = os.path.join(root, "requests.jsonl")
        mock = subprocess.Popen([sys.executable, os.path.join(HARNESS, "mockapi.py"), scen, log, "0"],
                                stdout=subprocess.PIPE, text=True)
        try:
            port = int(mock.stdout.readline())
            env = session_env(port, home)
            env["SDK_PACKAGE"] = os.path.abspath(package)
            done = subprocess.run(["node", os.path.join(HERE, "session.mjs"), ws], env=env, cwd=ws,
                                  capture_output=True, text=True, timeout=180)
            if done.returncode != 0:
                sys.exit("session.mjs failed:\n" + done.stderr[-4000:])
            record = json.loads(done.stdout.strip().splitlines()[-1])
        finally:
            mock.terminate()
            mock.wait()
        with open(log) as f:
            requests = [json.loads(line) for line in f if line.strip()]
        record["requests"] = [(r.get("body") or r).get("model") for r in requests]
        text = json.dumps(record, indent=1).replace(ws, "<WS>").replace(home, "<HOME>")
        with open(out, "w") as f:
            f.write(text + "\n")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
