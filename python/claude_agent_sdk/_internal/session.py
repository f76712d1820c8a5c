"""One running session as the public API sees it: the channel's actions turned into
messages, callbacks answered, host requests (interrupt, set_model, ...) awaited, and the
error that ends it.

What each frame of the session means (a message, a callback to run, a cancelled callback,
the answer to a request of ours, the error a session's end raises) is decided in Rust, by
the host protocol the channel runs (see ``channel.py``). This layer only runs the user's
callbacks on the event loop: a detached reader task moves actions from the channel;
callbacks run as their own detached tasks (so a slow callback never holds up the stream);
messages are queued for :meth:`next_frame`, and the end raises its ``ResultError``.

    core = SessionCore(channel, prepared)
    core.start()
    await core.send_user("hi", session_id="")
    await core.end_input()
    while (frame := await core.next_frame()) is not None:
        ...
    await core.aclose()
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterable
from typing import Any

from .._errors import CLIConnectionError, result_error_from
from . import control
from .frames_json import loads as _loads
from .options_json import PreparedOptions
from .spawn import DetachedTask, spawn_detached
from .wakeup import Mailbox

logger = logging.getLogger(__name__)

_END = object()


class SessionCore:
    def __init__(self, channel: Any, prepared: PreparedOptions):
        self.channel = channel
        self.prepared = prepared
        self._frames = Mailbox()
        self._handlers: dict[str, DetachedTask] = {}
        self._tasks: list[DetachedTask] = []
        self._ended = False
        self.closed = False
        self.initialization: dict[str, Any] | None = None

    # --- lifecycle ----------------------------------------------------------------------
    def start(self) -> None:
        self._tasks.append(spawn_detached(self._read_loop, on_error=self._finish))

    async def aclose(self) -> None:
        """Stop the session now (idempotent): abort the turn, cancel callbacks."""
        if self.closed:
            return
        self.closed = True
        self.channel.close()
        for task in [*self._tasks, *self._handlers.values()]:
            task.cancel()
        self._fail_waiting("The session was closed")
        aclose = getattr(self.channel, "aclose", None)
        if aclose is not None:
            await aclose()

    # --- frames in ----------------------------------------------------------------------
    def _stamp(self, frame: dict[str, Any]) -> dict[str, Any]:
        if self.prepared.verbatim_prompts:
            return {**frame, "client_composed": True}
        return frame

    async def send(self, frame: dict[str, Any]) -> None:
        if self.closed:
            raise CLIConnectionError("The session is closed")
        await self.channel.send_user(frame)

    async def send_user(self, prompt: str, session_id: str) -> None:
        await self.send(
            self._stamp(
                {
                    "type": "user",
                    "message": {"role": "user", "content": prompt},
                    "parent_tool_use_id": None,
                    "session_id": session_id,
                }
            )
        )

    async def send_stream(self, messages: AsyncIterable[dict[str, Any]], session_id: str | None) -> None:
        """Sends each message of the stream; an item that is not a message is skipped with a
        warning, as the reference skips it, and the items after it still go."""
        async for message in messages:
            if not isinstance(message, dict):
                logger.warning("prompt stream: skipped an item that is not a message dict: %r", message)
                continue
            if session_id is not None and "session_id" not in message:
                message = {**message, "session_id": session_id}
            try:
                await self.send(self._stamp(message))
            except (ValueError, TypeError) as e:
                logger.warning("prompt stream: skipped a message the session cannot read: %s", e)

    def feed(self, messages: AsyncIterable[dict[str, Any]], session_id: str | None = None) -> None:
        """Send ``messages`` in the background, then end the input."""

        async def run() -> None:
            try:
                await self.send_stream(messages, session_id)
            except Exception as e:  # noqa: BLE001 - the reference logs and ends input too
                logger.error("prompt stream failed: %r", e)
            if not self.closed:
                await self.channel.end_input()

        self._tasks.append(spawn_detached(run))

    async def end_input(self) -> None:
        if not self.closed:
            await self.channel.end_input()

    # --- host requests ------------------------------------------------------------------
    async def request(self, body: dict[str, Any], timeout: float = 60.0) -> dict[str, Any]:
        """Send a control request and wait for the session's answer."""
        if self._ended or self.closed:
            raise CLIConnectionError("The session is over")
        return await self.channel.request(body, timeout)

    def _fail_waiting(self, why: str) -> None:
        fail = getattr(self.channel, "fail_waiting", None)
        if fail is not None:
            fail(why)

    # --- actions out --------------------------------------------------------------------
    async def _read_loop(self) -> None:
        error = None
        while (action := await self.channel.recv()) is not None:
            kind, ident, payload = action
            if kind == "message":
                # Kept as text until asked for: a str is not tracked by the cyclic garbage
                # collector, where parsed frames piling up while a stream outpaces its reader
                # made full collections, about a fifth of the CPU of streaming 25,600 events.
                self._frames.put((payload, None))
            elif kind == "callback":
                self._start_handler(ident, _loads(payload))
            elif kind == "cancel":
                handler = self._handlers.pop(str(ident), None)
                if handler is not None:
                    handler.cancel()
            elif kind == "reply":
                self.channel.resolve(ident, payload)
            elif kind == "stderr":
                self._stderr(payload)
            elif kind == "end" and payload is not None:
                end = json.loads(payload)
                error = result_error_from(end["result"], message=end["message"])
        self._finish(error)

    def _stderr(self, line: str) -> None:
        """A diagnostic line: to the stderr callback, else to debug_stderr. A callback that
        raises does not stop the session."""
        try:
            if self.prepared.stderr is not None:
                self.prepared.stderr(line)
            elif self.prepared.debug_stderr is not None:
                self.prepared.debug_stderr.write(line + "\n")
                flush = getattr(self.prepared.debug_stderr, "flush", None)
                if flush is not None:
                    flush()
        except Exception:  # noqa: BLE001 - diagnostics never end a session
            logger.debug("stderr callback raised; continuing", exc_info=True)

    def _finish(self, error: BaseException | None) -> None:
        self._fail_waiting(str(error) if error else "The session ended")
        self._frames.put((_END, error))

    def _start_handler(self, request_id: str, request: dict[str, Any]) -> None:
        async def run() -> None:
            try:
                payload = await control.answer(request, self.prepared)
                ok, text = True, json.dumps(payload)
            except Exception as e:  # noqa: BLE001 - every failure is an error reply
                ok, text = False, str(e)
            finally:
                self._handlers.pop(str(request_id), None)
            if not self.closed:
                try:
                    await self.channel.answer(request_id, ok, text)
                except Exception as e:  # noqa: BLE001 - the session went away meanwhile
                    logger.debug("could not answer %s: %r", request_id, e)

        self._handlers[str(request_id)] = spawn_detached(run)

    async def next_frame(self) -> dict[str, Any] | None:
        """The next message frame; None at the end; raises the error that ended it."""
        if self._ended:
            return None
        frame, error = await self._frames.get()
        if frame is _END:
            self._ended = True
            if error is not None:
                raise error
            return None
        return _loads(frame)
