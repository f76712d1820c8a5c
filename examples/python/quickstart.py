"""One prompt, every message printed as it arrives, then the cost.

    python examples/python/quickstart.py "What files are in this folder?"

Talks to the Messages API at ANTHROPIC_BASE_URL (default: the real API) with ANTHROPIC_API_KEY.
"""

import sys

import anyio

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    TextBlock,
    ToolUseBlock,
    UserMessage,
    query,
)


async def main(prompt: str) -> None:
    options = ClaudeAgentOptions(allowed_tools=["Read", "Glob", "Grep"], max_turns=5)
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, TextBlock):
                    print(f"assistant: {block.text}")
                elif isinstance(block, ToolUseBlock):
                    print(f"tool call: {block.name} {block.input}")
        elif isinstance(message, UserMessage) and message.tool_use_result is not None:
            print("tool result received")
        elif isinstance(message, ResultMessage):
            print(f"[{message.subtype}] {message.num_turns} turns, ${message.total_cost_usd or 0:.4f}")


if __name__ == "__main__":
    anyio.run(main, " ".join(sys.argv[1:]) or "Summarize this folder in one sentence.")
