"""One host of the multi-host test, run as its own process:

    python host.py STORE_URL PROMPT [RESUME_ID]

HOME, cwd and the Messages API come from the environment. Runs one turn with the store
(a Redis or PostgreSQL URL, or "none" for a local transcript only), prints each message as a
JSON line, then, without a resume id, waits for more input that never comes (the test kills
the process there, as a host dies)."""

import json
import os
import sys

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient
from claude_agent_sdk.stores import PostgresSessionStore, RedisSessionStore


def store_of(url):
    if url == "none":
        return None
    if url.startswith("redis"):
        return RedisSessionStore(url, prefix=os.environ["STORE_NAMESPACE"])
    return PostgresSessionStore(url, table_prefix=os.environ["STORE_NAMESPACE"])


async def main():
    url, prompt = sys.argv[1], sys.argv[2]
    resume = sys.argv[3] if len(sys.argv) > 3 else None
    options = ClaudeAgentOptions(
        cwd=os.getcwd(), session_store=store_of(url), resume=resume,
        permission_mode="bypassPermissions",
    )
    async with ClaudeSDKClient(options) as client:
        await client.query(prompt)
        async for message in client.receive_response():
            print(json.dumps({"type": type(message).__name__,
                              "session_id": getattr(message, "session_id", None),
                              "subtype": getattr(message, "subtype", None)}), flush=True)
        print(json.dumps({"type": "idle"}), flush=True)
        if resume is None:
            await anyio.sleep(3600)


anyio.run(main)
