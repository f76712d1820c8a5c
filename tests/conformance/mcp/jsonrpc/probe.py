"""Sends the JSON-RPC messages of cases.json to a Python SDK's in-process servers the way a
remote Claude Code does: through a custom ``Transport`` whose other end (this script) sends
``mcp_message`` control requests. Prints the answers as JSON. Only the public API is used
(``query``, ``ClaudeAgentOptions``, ``Transport``, and sdk/tools.py), so it runs on the
reference and on oxagent alike:
    SDK_PYTHON=PY python3 probe.py > golden/python.json     (or: PY probe.py)
``probe()`` returns the same, for a test to compare (python/tests/test_mcp.py).
"""

import asyncio
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

if __name__ == "__main__" and os.environ.get("SDK_PYTHON") and os.environ.get("PROBE_CHILD") != "1":
    env = dict(os.environ, PROBE_CHILD="1")
    sys.exit(subprocess.call([os.environ["SDK_PYTHON"], os.path.abspath(__file__)], env=env))

sys.path.insert(0, os.path.join(HERE, "..", "sdk"))
from tools import build_servers  # noqa: E402

from claude_agent_sdk import ClaudeAgentOptions, Transport, query  # noqa: E402

RESULT = {"type": "result", "subtype": "success", "duration_ms": 0, "duration_api_ms": 0,
          "is_error": False, "num_turns": 1, "session_id": "probe", "total_cost_usd": 0,
          "usage": {}, "result": "ok"}


class RemoteCli(Transport):
    """The far end: answers initialize, then sends each message as an mcp_message."""

    def __init__(self, messages, server):
        self.messages = messages
        self.server = server
        self.replies = []
        self.out = asyncio.Queue()
        self.answers = {}

    async def connect(self):
        pass

    def is_ready(self):
        return True

    async def end_input(self):
        pass

    async def close(self):
        await self.out.put(None)

    async def write(self, data):
        frame = json.loads(data)
        if frame.get("type") == "control_request":
            await self.out.put({"type": "control_response", "response": {
                "subtype": "success", "request_id": frame["request_id"], "response": {}}})
        elif frame.get("type") == "control_response":
            response = frame["response"]
            self.answers[response["request_id"]].set_result(response)
        elif frame.get("type") == "user":
            asyncio.get_running_loop().create_task(self.probe())

    async def probe(self):
        for i, message in enumerate(self.messages):
            request_id = f"probe_{i}"
            self.answers[request_id] = asyncio.get_running_loop().create_future()
            await self.out.put({"type": "control_request", "request_id": request_id, "request": {
                "subtype": "mcp_message", "server_name": self.server, "message": message}})
            response = await self.answers[request_id]
            if response.get("subtype") == "success":
                self.replies.append(response.get("response", {}).get("mcp_response"))
            else:
                self.replies.append({"control_error": response.get("error")})
        await self.out.put(RESULT)

    async def read_messages(self):
        while (frame := await self.out.get()) is not None:
            yield frame
            if frame is RESULT:
                return


async def probe():
    """The replies to every case, as golden/*.json has them."""
    spec = json.load(open(os.path.join(HERE, "cases.json")))
    server = spec["server"]
    out = []
    for case in spec["cases"]:
        cli = RemoteCli(case["messages"], server["name"])
        options = ClaudeAgentOptions(mcp_servers=build_servers({server["name"]: server}))
        async for _ in query(prompt="probe", options=options, transport=cli):
            pass
        out.append({"name": case["name"], "replies": cli.replies})
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(probe()), indent=1))
