#!/usr/bin/env python3
"""Records what the TypeScript control methods applyFlagSettings, updateSettings, reloadSkills,
reloadPlugins and setMcpPermissionModeOverride do, and the model each request then asks for.

    python3 probe.py PACKAGE_DIR OUT.json   (the TS SDK's package folder, or oxagent's js/)

It runs `session.mjs` under node with SDK_PACKAGE=PACKAGE_DIR against the shared harness's
scripted Messages API (`$CONFORMANCE_DIR`, default ../../../../shared/conformance).
`golden-ts.json` is the reference's record."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "mcpres"))
from probe_env import probe  # noqa: E402


def bash(tid):
    return {"content": [{"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": "echo hi"}}]}


DONE = {"content": [{"type": "text", "text": "Done."}]}
RESPONSES = [bash("toolu_1"), DONE, bash("toolu_2"), DONE, bash("toolu_3"), DONE, DONE, DONE, DONE]


def main(package, out):
    record, requests, ws, home = probe(["node", os.path.join(HERE, "session.mjs")], RESPONSES,
                                       env_extra={"SDK_PACKAGE": os.path.abspath(package)})
    record["requests"] = [r.get("model") for r in requests]
    text = json.dumps(record, indent=1).replace(ws, "<WS>").replace(home, "<HOME>")
    with open(out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
