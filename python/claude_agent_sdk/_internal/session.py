"""One running session as the public API sees it: frames in and out, control requests
answered, host requests (interrupt, set_model, ...) awaited, and the error that ends it.

A detached reader task (``spawn.py``) moves frames from the channel: control requests go to
their own detached handler tasks (so a slow callback never holds up the stream), replies to
our own requests wake their callers, and everything else is queued for :meth:`next_frame`.
When the channel ends after an error result, the queue ends with a ``ResultError``.

    core = SessionCore(channel, prepared)
    core.start()
    await core.send_user("hi", session_id="")
    await core.end_input()
    while (frame := await core.next_frame()) is not None:
        ...
    await core.aclose()
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import AsyncIterable
from typing import Any

import anyio

from .._errors import CLIConnectionError, result_error_from
from . import control
from .options_json import PreparedOptions
from .spawn import DetachedTask, spawn_detached

logger = logging.getLogger(__name__)

_END = object()


class _Pending:
    def __init__(self) -> None:
        self.event = anyio.Event()
        self.response: dict[str, Any] | None = None
        self.error: BaseException | None = None


class SessionCore:
    def __init__(self, channel: Any, prepared: PreparedOptions):
        self.channel = channel
        self.prepared = prepared
        self._send, self._receive = anyio.create_memory_object_stream[Any](math.inf)
        self._pending: dict[str, _Pending] = {}
        self._handlers: dict[str, DetachedTask] = {}
        self._tasks: list[DetachedTask] = []
        self._counter = 0
        self._last_error_result: dict[str, Any] | None = None
        # Whether the session has started a turn (sent its init message).
        self._started = False
        self._ended = False
        self._end_error: BaseException | None = None
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
        self._fail_pending(CLIConnectionError("The session was closed"))
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
        reply = await self.channel.send(frame)
        if reply is not None:
            self._route(reply)

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
        async for message in messages:
            if session_id is not None and "session_id" not in message:
                message["session_id"] = session_id
            await self.send(self._stamp(message))

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
        self._counter += 1
        request_id = f"req_{self._counter}_{os.urandom(4).hex()}"
        pending = _Pending()
        self._pending[request_id] = pending
        try:
            await self.send({"type": "control_request", "request_id": request_id, "request": body})
            with anyio.fail_after(timeout):
                await pending.event.wait()
        except TimeoutError:
            raise Exception(f"Control request timeout: {body.get('subtype')}") from None
        finally:
            self._pending.pop(request_id, None)
        if pending.error is not None:
            raise pending.error
        return pending.response or {}

    def _fail_pending(self, error: BaseException) -> None:
        for pending in list(self._pending.values()):
            if not pending.event.is_set():
                pending.error = error
                pending.event.set()

    # --- frames out ---------------------------------------------------------------------
    async def _read_loop(self) -> None:
        while True:
            frame = await self.channel.recv()
            if frame is None:
                break
            self._route(frame)
        error = None
        if self._last_error_result is not None:
            error = result_error_from(self._last_error_result)
        self._finish(error)

    def _finish(self, error: BaseException | None) -> None:
        self._fail_pending(error or CLIConnectionError("The session ended"))
        self._send.send_nowait((_END, error))

    def _route(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "control_request":
            self._start_handler(frame)
            return
        if kind == "control_response":
            self._resolve(frame.get("response") or {})
            return
        if kind == "control_cancel_request":
            handler = self._handlers.pop(str(frame.get("request_id")), None)
            if handler is not None:
                handler.cancel()
            return
        if kind == "transcript_mirror":
            return
        state_change = kind == "system" and frame.get("subtype") == "session_state_changed"
        if state_change and frame.get("sdk_host_only") is True:
            return
        if kind == "system" and frame.get("subtype") == "init":
            self._started = True
        if kind == "result":
            self._last_error_result = frame if frame.get("is_error") else None
            if not self._started and frame.get("is_error") and frame.get("num_turns") == 0:
                # A session that failed before it started (resume of an unknown session):
                # the Python SDK raises without yielding the result.
                return
        elif not state_change:
            # The conversation moved on: a later end is not "after an error result".
            self._last_error_result = None
        self._send.send_nowait((frame, None))

    def _resolve(self, response: dict[str, Any]) -> None:
        pending = self._pending.get(str(response.get("request_id")))
        if pending is None:
            return
        if response.get("subtype") == "error":
            pending.error = Exception(response.get("error") or "control request failed")
        else:
            body = response.get("response")
            pending.response = body if isinstance(body, dict) else {}
        pending.event.set()

    def _start_handler(self, frame: dict[str, Any]) -> None:
        request_id = frame.get("request_id")
        request = frame.get("request") or {}

        async def run() -> None:
            try:
                payload = await control.answer(request, self.prepared)
                response: dict[str, Any] = {
                    "subtype": "success",
                    "request_id": request_id,
                    "response": payload,
                }
            except Exception as e:  # noqa: BLE001 - every failure is an error reply
                response = {"subtype": "error", "request_id": request_id, "error": str(e)}
            finally:
                self._handlers.pop(str(request_id), None)
            if not self.closed:
                try:
                    await self.channel.send({"type": "control_response", "response": response})
                except Exception as e:  # noqa: BLE001 - the session went away meanwhile
                    logger.debug("could not answer %s: %r", request_id, e)

        self._handlers[str(request_id)] = spawn_detached(run)

    async def next_frame(self) -> dict[str, Any] | None:
        """The next message frame; None at the end; raises the error that ended it."""
        if self._ended:
            return None
        try:
            frame, error = await self._receive.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            return None
        if frame is _END:
            self._ended = True
            self._end_error = error
            if error is not None:
                raise error
            return None
        return frame
