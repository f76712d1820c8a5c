"""A settings-file hook of type "http": the project's settings send every Bash call to a
small approval service on 127.0.0.1, which refuses commands that delete files and reads a
token header filled from the environment."""
import asyncio
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from claude_agent_sdk import ClaudeAgentOptions, query

from show import show

seen = []


class Guard(BaseHTTPRequestHandler):
    def do_POST(self):
        event = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        command = event["tool_input"]["command"]
        seen.append((command, event["hook_event_name"], self.headers.get("Authorization")))
        answer = {}
        if command.startswith("rm "):
            answer = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                             "permissionDecision": "deny",
                                             "permissionDecisionReason": "deleting files needs a ticket"}}
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


async def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Guard)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/guard" % server.server_address[1]
    os.makedirs(".claude", exist_ok=True)
    with open(".claude/settings.json", "w") as f:
        json.dump({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{
            "type": "http", "url": url,
            "headers": {"Authorization": "Bearer $GUARD_TOKEN"},
            "allowedEnvVars": ["GUARD_TOKEN"]}]}]}}, f)
    options = ClaudeAgentOptions(allowed_tools=["Bash"], setting_sources=["project"],
                                 env={"GUARD_TOKEN": "t-123"})
    async for m in query(prompt="Clean up and report", options=options):
        show(m)
    server.shutdown()
    for command, event, auth in sorted(seen):
        print("guard saw:", event, command, auth)


asyncio.run(main())
