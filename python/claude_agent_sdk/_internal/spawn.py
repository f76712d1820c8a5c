"""Tasks that outlive the call that starts them, on asyncio and on trio.

A session reads frames and answers control requests in the background while the caller
iterates, yields, or does something else entirely; an anyio task group cannot span those
yields (its cancel scope would cross tasks). So background work runs as a detached task:
an ``asyncio.Task`` on asyncio, a trio system task (in the caller's context) on trio. It is
cancelled through the returned handle; its exceptions go to ``on_error`` rather than crashing
the event loop.

    handle = spawn_detached(reader_loop, on_error=report)
    ...
    handle.cancel()
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import sniffio

logger = logging.getLogger(__name__)


class DetachedTask:
    """Cancel handle of a detached task."""

    def __init__(self) -> None:
        self._cancel: Callable[[], None] | None = None
        self._cancelled = False
        self.done = False

    def cancel(self) -> None:
        self._cancelled = True
        if self._cancel is not None and not self.done:
            self._cancel()


_asyncio_tasks: set[Any] = set()  # strong references: asyncio keeps only weak ones


def spawn_detached(
    fn: Callable[[], Awaitable[Any]],
    on_error: Callable[[BaseException], None] | None = None,
) -> DetachedTask:
    handle = DetachedTask()

    def report(exc: BaseException) -> None:
        if on_error is not None:
            on_error(exc)
        else:
            logger.error("background task failed: %r", exc)

    library = sniffio.current_async_library()
    if library == "trio":
        import trio

        async def run_trio() -> None:
            with trio.CancelScope() as scope:
                handle._cancel = scope.cancel
                if handle._cancelled:
                    scope.cancel()
                try:
                    await fn()
                except Exception as exc:  # noqa: BLE001 - reported, not raised into trio
                    report(exc)
            handle.done = True

        trio.lowlevel.spawn_system_task(run_trio, context=contextvars.copy_context())
        return handle

    import asyncio

    async def run_asyncio() -> None:
        try:
            await fn()
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001 - reported, not left unretrieved
            report(exc)
        finally:
            handle.done = True

    task = asyncio.get_running_loop().create_task(run_asyncio())
    _asyncio_tasks.add(task)
    task.add_done_callback(_asyncio_tasks.discard)
    handle._cancel = task.cancel
    return handle
