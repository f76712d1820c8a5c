#!/usr/bin/env python3
"""Records what `get_mcp_status` answers for servers of every transport, and the init
message's server list.

    python3 probe.py PYTHON OUT.json      (PYTHON: an interpreter with claude_agent_sdk)

It lays `server.py` into a scratch workspace, starts `http_server.py` (with this
interpreter, which needs the `mcp` package) and the shared harness's scripted Messages API
(`$CONFORMANCE_DIR`, default ../../../../../shared/conformance), and runs `session.py` under
PYTHON. `golden.json` is the reference's record."""
import json, os, shutil, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from probe_env import session_env  # noqa: E402

HARNESS = os.environ.get("CONFORMANCE_DIR") or os.path.join(HERE, "..", "..", "..", "..", "..", "shared", "conformance")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port):
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit("the HTTP MCP server did not start")


def main(python, out):
    root = tempfile.mkdtemp(prefix="mcpstatus-")
    procs = []
    try:
        ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
        os.makedirs(ws), os.makedirs(home)
        shutil.copy(os.path.join(HERE, "server.py"), ws)
        scen = os.path.join(root, "scenario.json")
        with open(scen, "w") as f:
            json.dump({"responses": [{"content": [{"type": "text", "text": "Hi."}]}]}, f)
        port = free_port()
        procs.append(subprocess.Popen([sys.executable, os.path.join(HERE, "http_server.py"), str(port)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(port)
        mock = subprocess.Popen([sys.executable, os.path.join(HARNESS, "mockapi.py"), scen,
                                 os.path.join(root, "requests.jsonl"), "0"], stdout=subprocess.PIPE, text=True)
        procs.append(mock)
        api = int(mock.stdout.readline())
        env = session_env(api, home)
        done = subprocess.run([python, os.path.join(HERE, "session.py"), ws, str(port)], env=env,
                              cwd=ws, capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            sys.exit("session.py failed:\n" + done.stderr[-4000:])
        text = json.dumps(json.loads(done.stdout), indent=1)
        text = text.replace(ws, "<WS>").replace(home, "<HOME>").replace(str(port), "<PORT>")
        with open(out, "w") as f:
            f.write(text + "\n")
    finally:
        for p in procs:
            p.terminate()
            p.wait()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
