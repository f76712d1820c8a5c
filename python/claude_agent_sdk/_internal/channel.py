"""Frame channels: where a session's frames come from and go to.

- :class:`NativeChannel`: the in-process oxagent session (``_native.NativeSession``).
- :class:`TransportChannel`: a user's ``Transport`` (the official SDK's extension point).

Both speak dicts: ``await send(frame)`` (the native session answers a control request of
the host's at once and returns that answer; a transport's answer comes through ``recv``),
``await recv()`` (None when the session is over), ``await end_input()``, ``close()``.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

import anyio

from .._errors import CLIConnectionError, CLIJSONDecodeError, ProcessError


async def _wait_readable(fd: int) -> None:
    wait = getattr(anyio, "wait_readable", None)
    if wait is not None:
        await wait(fd)
        return
    import socket  # anyio < 4.7 only waits on sockets  # pragma: no cover

    sock = socket.socket(fileno=fd)  # pragma: no cover
    try:  # pragma: no cover
        await anyio.wait_socket_readable(sock)
    finally:  # pragma: no cover
        sock.detach()


class NativeChannel:
    """The native session. Frames are read through its wake-up descriptor, which any event
    loop can wait on (asyncio and trio alike), so no thread is involved."""

    def __init__(self, options_json: dict[str, Any]):
        from .. import _native  # imported late: the pure-Python layer works without it

        try:
            self._session = _native.NativeSession(json.dumps(options_json))
        except _native.StartRefused as e:
            # The reference's CLI refuses such a value (a session_id that is not a UUID) and
            # exits with code 1 before any message.
            raise ProcessError("Command failed with exit code 1", exit_code=1,
                               stderr=f"Error: {e}") from e
        self._fd = self._session.fileno()
        self._buffer: deque[str] = deque()
        self._over = False
        self._closed = False

    async def send(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """Hands the session a frame; a control request of ours is answered at once, and
        its control_response frame is returned."""
        try:
            reply = self._session.send(json.dumps(frame))
        except ConnectionError as e:
            raise CLIConnectionError(f"The session is closed: {e}") from e
        return None if reply is None else json.loads(reply)

    async def recv(self) -> dict[str, Any] | None:
        while True:
            if self._buffer:
                return json.loads(self._buffer.popleft())
            if self._over:
                return None
            batch = self._session.poll()
            if batch is None:
                self._over = True
            elif batch:
                self._buffer.extend(batch)
            else:
                await _wait_readable(self._fd)

    async def end_input(self) -> None:
        self._session.end_input()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._session.close()


class TransportChannel:
    """A custom ``Transport``: JSON lines written to it, dicts read from it."""

    def __init__(self, transport: Any):
        self._transport = transport
        self._messages: Any = None

    async def connect(self) -> None:
        await self._transport.connect()
        self._messages = self._transport.read_messages().__aiter__()

    async def send(self, frame: dict[str, Any]) -> None:
        await self._transport.write(json.dumps(frame) + "\n")
        return None

    async def recv(self) -> dict[str, Any] | None:
        try:
            frame = await self._messages.__anext__()
        except StopAsyncIteration:
            return None
        if isinstance(frame, str):
            try:
                return json.loads(frame)
            except ValueError as e:
                raise CLIJSONDecodeError(frame, e) from e
        return frame

    async def end_input(self) -> None:
        await self._transport.end_input()

    def close(self) -> None:
        pass

    async def aclose(self) -> None:
        with anyio.move_on_after(10, shield=True):
            await self._transport.close()
