"""What the MCP probes (control/, status/) run a session under: the caller's environment
without its API settings, pointed at the scripted Messages API on `port`, with `home` for HOME."""
import os


def session_env(port, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE"))}
    env.update({"ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}", "ANTHROPIC_API_KEY": "sk-test",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1",
                "DISABLE_AUTOUPDATER": "1", "IS_SANDBOX": "1", "HOME": home,
                "ENABLE_TOOL_SEARCH": "false"})
    return env
