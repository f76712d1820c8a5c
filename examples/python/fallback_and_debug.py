"""A fallback model, and what the session reports along the way.

When the main model stays overloaded (HTTP 529) through its retries, fallback_model takes
over: each retry arrives as an "api_retry" system message and the switch as a
"model_fallback" one. With extra_args {"debug-to-stderr": None} the `stderr` callback also
receives the session's diagnostic lines (requests, retries, tool calls, the result), one per
call; without the flag it receives nothing.

    python examples/python/fallback_and_debug.py
"""

import anyio

from claude_agent_sdk import AssistantMessage, ClaudeAgentOptions, ResultMessage, SystemMessage, query

diagnostics: list[str] = []


async def main() -> None:
    options = ClaudeAgentOptions(
        model="claude-sonnet-4-5",
        fallback_model="claude-haiku-4-5",
        stderr=diagnostics.append,
        extra_args={"debug-to-stderr": None},
        max_turns=2,
    )
    async for message in query(prompt="Say hello in five words.", options=options):
        if isinstance(message, SystemMessage) and message.subtype == "api_retry":
            print(f"retry {message.data['attempt']} after HTTP {message.data['error_status']}")
        elif isinstance(message, SystemMessage) and message.subtype == "model_fallback":
            print("fallback:", message.data["content"])
        elif isinstance(message, AssistantMessage):
            print(f"{message.model} answered")
        elif isinstance(message, ResultMessage):
            print("result:", message.result)
            print("models used:", ", ".join(message.model_usage or {}))

    print(f"stderr lines received: {len(diagnostics)}")
    for line in diagnostics:
        if "retry" in line or "result" in line:
            print("  ", line)


if __name__ == "__main__":
    anyio.run(main)
