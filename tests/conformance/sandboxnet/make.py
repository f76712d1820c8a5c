#!/usr/bin/env python3
"""Writes the sandbox network scenarios: Bash commands in the sandbox (`sandbox.enabled`)
reaching hosts through the sandbox's proxy under the `network` rules, asked about through
can_use_tool (`SandboxNetworkAccess`), refused with a `<sandbox_violations>` block.

Hosts end in `.invalid`, which no resolver answers, so an allowed request ends at the proxy
as `502 Bad Gateway` on every machine, and a refused one as the proxy's `403`; the traces
hold no dates, ports or credentials (the proxy variables are listed by name only).
Record: run.py --python <reference python> sandboxnet/*.json --out-dir sandboxnet/golden."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CURL = "curl -s -m 5"


def bash(i, command, **extra):
    return {"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Bash",
                         "input": {"command": command, "description": "net", **extra}}]}


def scenario(name, description, sandbox, commands, options=None, behaviors=None):
    responses = [bash(i + 1, c[0], **c[1]) if isinstance(c, tuple) else bash(i + 1, c)
                 for i, c in enumerate(commands)]
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    opts = {"sandbox": sandbox, "allowed_tools": ["Bash"]}
    opts.update(options or {})
    s = {"name": name, "description": description, "prompt": "Reach the network",
         "options": opts, "responses": responses, "timeout_s": 240}
    if behaviors:
        s["behaviors"] = behaviors
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


def status(url, extra=""):
    return f"{CURL} {extra}-o /dev/null -w '%{{http_code}}' {url}; echo \" rc=$?\""


def body(url, extra=""):
    return f"{CURL} {extra}{url}; echo \" rc=$?\""


ON = {"enabled": True}
scenario("sandboxnet_no_rules", "No network rules and no callback: every host is refused ('user denied').",
         ON, ["env | grep -i proxy | cut -d= -f1 | sort",
              body("http://example.invalid/"),
              status("https://example.invalid/"),
              f"{CURL} -i http://example.invalid/x | head -3",
              status("http://localhost:8/"),
              status("http://[::1]:8/"),
              body("http://example.invalid/", "-x socks5h://localhost:1080 ")])
scenario("sandboxnet_allowed", "allowedDomains: a host and a wildcard; the wildcard covers subdomains only.",
         {"enabled": True, "network": {"allowedDomains": ["allowed.invalid", "*.wild.invalid"]}},
         [body("http://allowed.invalid/"), status("https://allowed.invalid/"),
          body("http://API.Wild.invalid/a?b=1"), body("http://wild.invalid/"),
          body("http://allowed.invalid:8080/")])
scenario("sandboxnet_denied", "deniedDomains before allowedDomains ('*'), with ports.",
         {"enabled": True, "network": {"allowedDomains": ["*", "ported.invalid:8080"],
                                       "deniedDomains": ["bad.invalid", "ported.invalid:80"]}},
         [body("http://bad.invalid/"), status("https://bad.invalid/"),
          body("http://ported.invalid/"), body("http://ported.invalid:8080/"),
          body("http://other.invalid:81/")])
scenario("sandboxnet_strict", "strictAllowlist: a host on no list is refused without asking.",
         {"enabled": True, "network": {"strictAllowlist": True, "allowedDomains": ["ok.invalid"],
                                       "deniedDomains": ["bad.invalid"]}},
         [body("http://elsewhere.invalid/"), body("http://bad.invalid/"), body("http://ok.invalid/")],
         behaviors={"can_use_tool": {"behavior": "log_all"}})
scenario("sandboxnet_ask_allow", "can_use_tool allows: asked once per host for the session.",
         ON, [body("http://one.invalid/"), body("http://one.invalid/again"),
              status("https://two.invalid:8443/"), body("http://one.invalid/third")],
         behaviors={"can_use_tool": {"behavior": "log_all"}})
scenario("sandboxnet_ask_deny", "can_use_tool denies: asked again each time, 'user denied'.",
         ON, [body("http://one.invalid/"), status("https://one.invalid/")],
         behaviors={"can_use_tool": {"behavior": "deny_all", "message": "No network"}})
scenario("sandboxnet_bypass", "bypassPermissions: hosts on no list are allowed.",
         ON, [body("http://free.invalid/")], options={"permission_mode": "bypassPermissions"})
scenario("sandboxnet_error_output", "A failing command: its output, then the violations, each request a line.",
         {"enabled": True, "network": {"allowedDomains": ["ok.invalid"]}},
         [f"echo out; echo err >&2; {CURL} http://no.invalid/ >/dev/null; {CURL} http://no.invalid/a >/dev/null; "
          f"{CURL} https://www.no.invalid/ >/dev/null; {CURL} http://ok.invalid/ >/dev/null; exit 3",
          f"{CURL} http://no.invalid/ >/dev/null; exit 4",
          f"{CURL} http://no.invalid/ >/dev/null; echo done >&2"])
scenario("sandboxnet_outside", "excludedCommands and dangerouslyDisableSandbox run with the machine's network.",
         {"enabled": True, "excludedCommands": ["curl:*"]},
         [status("http://outside.invalid/"),
          (status("http://outside.invalid/").replace("curl", "/usr/bin/curl"), {"dangerouslyDisableSandbox": True})],
         behaviors={"can_use_tool": {"behavior": "allow_all"}})
scenario("sandboxnet_outside_rules", "Leaving the sandbox is asked about past allow rules; bypassPermissions runs it.",
         ON, [(status("http://outside.invalid/"), {"dangerouslyDisableSandbox": True}),
              (status("http://outside.invalid/"), {"dangerouslyDisableSandbox": True})],
         options={"allowed_tools": ["Bash(curl:*)", "Bash"]},
         behaviors={"can_use_tool": {"behavior": "deny_all", "message": "Stay inside"}})
scenario("sandboxnet_outside_bypass", "bypassPermissions: leaving the sandbox is not asked about.",
         ON, [(status("http://outside.invalid/"), {"dangerouslyDisableSandbox": True})],
         options={"permission_mode": "bypassPermissions"},
         behaviors={"can_use_tool": {"behavior": "log_all"}})
