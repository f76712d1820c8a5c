"""Starting a session: options checked and converted, channel chosen, reader started."""

from __future__ import annotations

from typing import Any

from .._errors import ProcessError
from .._options import ClaudeAgentOptions
from .channel import NativeChannel, TransportChannel
from .options_json import initialize_request, prepare
from .session import SessionCore


async def open_session(options: ClaudeAgentOptions, transport: Any = None) -> SessionCore:
    """A started session for ``options`` (the native one unless a Transport is given).

    Raises TypeError / ValueError for bad options, including the ones the core rejects."""
    prepared = prepare(options)
    if transport is None:
        try:
            channel = NativeChannel(prepared.json, prepared.native_store)
        except ProcessError as e:
            # The reference's CLI writes why it would not start to its standard error.
            if prepared.stderr is not None and e.stderr:
                for line in e.stderr.splitlines():
                    prepared.stderr(line)
            raise
        core = SessionCore(channel, prepared)
        core.start()
        return core
    if prepared.session_store is not None:
        # The native session mirrors into the store; across a custom Transport nothing would.
        raise ValueError("session_store with a custom Transport is not supported by oxagent yet")
    channel = TransportChannel(transport)
    await channel.connect()
    core = SessionCore(channel, prepared)
    core.start()
    try:
        core.initialization = await core.request(initialize_request(options, prepared))
    except BaseException:
        await core.aclose()
        raise
    return core
