"""``query()``: one prompt (or a stream of them) in, the session's messages out."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator
from typing import Any

from ._internal.message_parser import parse_message
from ._internal.opening import open_session
from ._messages import Message
from ._options import ClaudeAgentOptions


async def query(
    *,
    prompt: str | AsyncIterable[dict[str, Any]],
    options: ClaudeAgentOptions | None = None,
    transport: Any | None = None,
) -> AsyncIterator[Message]:
    """Run the agent on ``prompt`` and yield every message until the session ends.

    ``prompt`` is a string, or an async iterable of user-message dicts
    (``{"type": "user", "message": {"role": "user", "content": ...},
    "parent_tool_use_id": None, "session_id": ...}``) sent as they come.

    After an error result (``is_error: true``) has been yielded, ``ResultError`` is raised.
    Leaving the loop early (``break``, an exception, cancelling the task) stops the session
    and its tools.

        async for message in query(prompt="What is 2 + 2?"):
            print(message)
    """
    if not isinstance(prompt, str) and not hasattr(prompt, "__aiter__"):
        # The reference waits forever on such a prompt; say what is wrong instead.
        raise TypeError(
            "prompt must be a str or an AsyncIterable of user-message dicts, "
            f"got {type(prompt).__name__}"
        )
    core = await open_session(options if options is not None else ClaudeAgentOptions(), transport)
    try:
        # As the reference: with callbacks to answer, a string prompt's input stays open
        # until the first result (a session whose input is closed holds back a result that
        # comes while background agents run).
        end_after_result = False
        if isinstance(prompt, str):
            await core.send_user(prompt, session_id="")
            end_after_result = core.prepared.needs_host
            if not end_after_result:
                await core.end_input()
        else:
            core.feed(prompt)
        while (frame := await core.next_frame()) is not None:
            if end_after_result and frame.get("type") == "result":
                end_after_result = False
                await core.end_input()
            message = parse_message(frame)
            if message is not None:
                yield message
    finally:
        await core.aclose()
