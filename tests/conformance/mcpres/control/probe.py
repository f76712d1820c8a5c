#!/usr/bin/env python3
"""Records what the MCP control requests of `ClaudeSDKClient` do: `get_mcp_status`,
`toggle_mcp_server`, `reconnect_mcp_server`, and what the model then sees.

    python3 probe.py PYTHON OUT.json      (PYTHON: an interpreter with claude_agent_sdk)

It lays `../server.py` into a scratch workspace, starts the shared harness's scripted
Messages API (`$CONFORMANCE_DIR`, default ../../../../../shared/conformance) and runs
`session.py` under PYTHON. `golden.json` is the reference's record; `check.py` compares."""
import json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from probe_env import session_env  # noqa: E402

HARNESS = os.environ.get("CONFORMANCE_DIR") or os.path.join(HERE, "..", "..", "..", "..", "..", "shared", "conformance")


def turn(*calls):
    return {"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": n, "input": {}}
                        for i, n in enumerate(calls, 1)]}


DONE = {"content": [{"type": "text", "text": "Done."}]}
RESPONSES = [turn("ListMcpResourcesTool"), turn("mcp__docs__ping_tool"), DONE,
             turn("ListMcpResourcesTool"), turn("mcp__docs__ping_tool"), DONE]


def main(python, out):
    root = tempfile.mkdtemp(prefix="mcpctl-")
    try:
        ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
        os.makedirs(ws), os.makedirs(home)
        shutil.copy(os.path.join(HERE, "..", "server.py"), ws)
        scen = os.path.join(root, "scenario.json")
        with open(scen, "w") as f:
            json.dump({"responses": RESPONSES}, f)
        log = os.path.join(root, "requests.jsonl")
        mock = subprocess.Popen([sys.executable, os.path.join(HARNESS, "mockapi.py"), scen, log, "0"],
                                stdout=subprocess.PIPE, text=True)
        try:
            port = int(mock.stdout.readline())
            env = session_env(port, home)
            done = subprocess.run([python, os.path.join(HERE, "session.py"), ws], env=env, cwd=ws,
                                  capture_output=True, text=True, timeout=180)
            if done.returncode != 0:
                sys.exit("session.py failed:\n" + done.stderr[-4000:])
            record = json.loads(done.stdout)
        finally:
            mock.terminate()
            mock.wait()
        with open(log) as f:
            requests = [json.loads(line) for line in f if line.strip()]
        # The tools each request offered (MCP and resource tools only: the rest is the face's own).
        record["requests"] = [sorted(t["name"] for t in (r.get("body") or r).get("tools", [])
                                     if t["name"].startswith("mcp__") or "McpResource" in t["name"])
                              for r in requests]
        text = json.dumps(record, indent=1).replace(ws, "<WS>").replace(home, "<HOME>")
        with open(out, "w") as f:
            f.write(text + "\n")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
