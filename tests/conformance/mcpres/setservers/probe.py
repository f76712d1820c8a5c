#!/usr/bin/env python3
"""Records what the TypeScript control methods `setMcpServers` and `readMcpResource` answer,
and the MCP tools each request then offers.

    python3 probe.py PACKAGE_DIR OUT.json   (the TS SDK's package folder, or oxagent's js/)

It lays `../server.py` into a scratch workspace and runs `session.mjs` under node with
SDK_PACKAGE=PACKAGE_DIR against the shared harness's scripted Messages API
(`$CONFORMANCE_DIR`, default ../../../../../shared/conformance). `golden-ts.json` is the
reference's record."""
import json, os, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from probe_env import probe  # noqa: E402

RESPONSES = [{"content": [{"type": "text", "text": "Done."}]}]


def main(package, out):
    record, requests, ws, home = probe(
        ["node", os.path.join(HERE, "session.mjs")], RESPONSES,
        prepare=lambda ws: shutil.copy(os.path.join(HERE, "..", "server.py"), ws),
        env_extra={"SDK_PACKAGE": os.path.abspath(package)})
    record["requests"] = [sorted(t["name"] for t in r.get("tools", []) if t["name"].startswith("mcp__"))
                          for r in requests]
    text = json.dumps(record, indent=1).replace(ws, "<WS>").replace(home, "<HOME>")
    with open(out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
