"""Runs N concurrent sessions of one prompt each with whichever claude_agent_sdk is installed."""
import asyncio
import sys

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


async def one(cwd):
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=cwd)
    async for m in query(prompt="Do the task", options=opts):
        if isinstance(m, ResultMessage) and m.is_error:
            raise SystemExit("error result: %s" % m.subtype)


async def main(cwd, n):
    await asyncio.gather(*(one(cwd) for _ in range(n)))


asyncio.run(main(sys.argv[1], int(sys.argv[2])))
