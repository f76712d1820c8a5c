"""Saved sessions: start one, resume it (same session, more turns), fork it (a new session
that starts from a copy of the conversation), then list this folder's saved sessions with
their titles.

    python examples/python/sessions.py
"""

import os

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, list_sessions, query, rename_session


async def ask(prompt: str, **options) -> str:
    """Runs one prompt and returns the session id its result names."""
    session_id = ""
    async for message in query(prompt=prompt, options=ClaudeAgentOptions(max_turns=2, **options)):
        if isinstance(message, ResultMessage):
            print(f"[{message.session_id[:8]}] {message.result}")
            session_id = message.session_id
    return session_id


async def main() -> None:
    first = await ask("Suggest a name for a cat.")
    resumed = await ask("Give me a shorter one.", resume=first)
    print("resumed the same session:", resumed == first)

    forked = await ask("Now suggest one for a dog instead.", resume=first, fork_session=True)
    print("fork is a new session:", forked != first)
    rename_session(forked, "Dog names", directory=os.getcwd())

    print("saved sessions here:")
    for info in list_sessions(directory=os.getcwd()):
        print(f"  {info.session_id[:8]}  {info.summary}")


if __name__ == "__main__":
    anyio.run(main)
