"""Runs N concurrent sessions of one prompt each with whichever claude_agent_sdk is installed.

    python py_sessions.py CWD N [PROMPT]
"""
import asyncio
import sys

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


async def one(cwd, prompt):
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=cwd)
    async for m in query(prompt=prompt, options=opts):
        if isinstance(m, ResultMessage) and m.is_error:
            raise SystemExit("error result: %s" % m.subtype)


async def main(cwd, n, prompt):
    await asyncio.gather(*(one(cwd, prompt) for _ in range(n)))


asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "Do the task"))
