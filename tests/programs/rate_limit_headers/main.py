"""An answer that carries the API's unified rate-limit headers, in a session with an API key:
which messages a program sees."""
import asyncio

from claude_agent_sdk import ClaudeAgentOptions, query

from show import show


async def main():
    async for m in query(prompt="Hi", options=ClaudeAgentOptions()):
        print("type:", type(m).__name__, getattr(m, "subtype", ""))
        show(m)


asyncio.run(main())
