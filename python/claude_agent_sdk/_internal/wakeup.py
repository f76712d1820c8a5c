"""Waiting on the event loop, whichever it is: a native session's wake-ups, a readable
descriptor, and an unbounded mailbox.

On asyncio they go straight to the loop (``add_reader``, a future), the common case; on any
other loop (trio) they go through anyio. anyio builds its primitives on first use, and that
first use costs tens of milliseconds on a small machine: the first query of an asyncio
program should not pay it. On asyncio the sessions of one loop share one descriptor (a
native ``Hub``): 10,000 sessions would otherwise need 20,000 descriptors.

    wait = session_waiter(native_session)   # starts the session's pump
    await wait()                             # until native_session.poll() may have something
    await wait_readable(fd)
    box = Mailbox(); box.put(item); item = await box.get()
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import sniffio


def _on_asyncio() -> bool:
    return sniffio.current_async_library() == "asyncio"


def _wake(future: Any) -> None:
    if not future.done():
        future.set_result(None)


async def wait_readable(fd: int) -> None:
    if _on_asyncio():
        import asyncio

        loop = asyncio.get_running_loop()
        future = loop.create_future()
        try:
            loop.add_reader(fd, _wake, future)
        except NotImplementedError:  # pragma: no cover - a loop without add_reader (Windows)
            pass
        else:
            try:
                await future
            finally:
                loop.remove_reader(fd)
            return
    await _anyio_wait_readable(fd)


async def _anyio_wait_readable(fd: int) -> None:
    import anyio

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


class _LoopHub:
    """The wake-ups of the native sessions of one asyncio loop, on one descriptor."""

    def __init__(self, loop: Any, native: Any) -> None:
        self.native = native
        self._loop = loop
        self._waiters: dict[int, Any] = {}
        self._rang: set[int] = set()
        loop.add_reader(native.fileno(), self._on_readable)

    def _on_readable(self) -> None:
        for key in self.native.take_ready():
            waiter = self._waiters.pop(key, None)
            if waiter is None:
                self._rang.add(key)
            else:
                _wake(waiter)

    async def wait(self, key: int) -> None:
        if key in self._rang:
            self._rang.discard(key)
            return
        waiter = self._waiters[key] = self._loop.create_future()
        try:
            await waiter
        finally:
            if self._waiters.get(key) is waiter:
                del self._waiters[key]

    def forget(self, key: int) -> None:
        self._rang.discard(key)


_hubs: weakref.WeakKeyDictionary[Any, _LoopHub] = weakref.WeakKeyDictionary()


def session_waiter(session: Any) -> tuple[Callable[[], Awaitable[None]], Callable[[], None]]:
    """Starts ``session``'s pump; returns ``wait()`` (until ``session.poll()`` may have
    something) and ``forget()`` (once it is over)."""
    if _on_asyncio():
        import asyncio

        from .. import _native

        loop = asyncio.get_running_loop()
        hub = _hubs.get(loop)
        if hub is None:
            try:
                hub = _hubs[loop] = _LoopHub(loop, _native.Hub())
            except NotImplementedError:  # pragma: no cover - a loop without add_reader
                hub = None
        if hub is not None:
            key = session.attach(hub.native)
            return (lambda: hub.wait(key)), (lambda: hub.forget(key))
    fd = session.fileno()
    return (lambda: wait_readable(fd)), (lambda: None)


class Mailbox:
    """An unbounded FIFO for one event loop: ``put`` never blocks, ``await get()`` waits for an
    item. One reader at a time."""

    def __init__(self) -> None:
        self._items: deque[Any] = deque()
        self._waiter: Any = None  # an asyncio future or an anyio Event, while get() waits

    def put(self, item: Any) -> None:
        self._items.append(item)
        waiter, self._waiter = self._waiter, None
        if waiter is None:
            return
        if hasattr(waiter, "set_result"):
            _wake(waiter)
        else:
            waiter.set()

    async def get(self) -> Any:
        while not self._items:
            if _on_asyncio():
                import asyncio

                self._waiter = asyncio.get_running_loop().create_future()
            else:
                import anyio

                self._waiter = anyio.Event()
            waiter = self._waiter
            try:
                await waiter.wait() if hasattr(waiter, "wait") else await waiter
            finally:
                if self._waiter is waiter:
                    self._waiter = None
        return self._items.popleft()
