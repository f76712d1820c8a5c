"""Channels: where a session's actions come from and its answers go to.

- :class:`NativeChannel`: the in-process oxagent session (``_native.NativeSession``).
- :class:`TransportChannel`: a user's ``Transport`` (the official SDK's extension point).

Both run the host's side of the control protocol in Rust (``oxagent::host_protocol``) and
speak in its actions: ``await recv()`` gives ``(kind, id, payload)`` tuples —
``("message", None, frame)``, ``("callback", id, request)``, ``("cancel", id, None)``,
``("reply", id, {"ok"|"error": ...})`` (transports only) and last ``("end", None, error)`` —
then None. ``await answer(id, ok, payload)`` answers a callback, ``await request(body)`` sends a
request of the host's and returns the session's answer, ``await send_user(frame)`` /
``await end_input()`` feed prompts, ``close()`` stops.
"""

from __future__ import annotations

import json
import math
from collections import deque
from typing import Any

import anyio

from .._errors import CLIConnectionError, CLIJSONDecodeError, ProcessError
from .wakeup import session_waiter

Action = tuple[str, "str | None", "str | None"]


def well_formed(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings replaced by U+FFFD: a Python str
    may hold one, a JSON text for the session may not (the reference sends such a prompt)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, dict):
        return {k: well_formed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [well_formed(v) for v in value]
    return value

class NativeChannel:
    """The native session. Actions are read when its wake-ups come: through the descriptor its
    asyncio loop shares with its other sessions, or one of its own that any event loop can
    wait on (trio); no thread is involved."""

    def __init__(self, options_json: dict[str, Any], store: Any = None):
        from .. import _native  # imported late: the pure-Python layer works without it
        from . import telemetry

        try:
            self._session = _native.NativeSession(
                json.dumps(options_json), store, telemetry.traceparent()
            )
        except _native.StartRefused as e:
            # The reference's CLI refuses such a value (a session_id that is not a UUID) and
            # exits with code 1 before any message.
            raise ProcessError("Command failed with exit code 1", exit_code=1,
                               stderr=f"Error: {e}") from e
        except ConnectionError as e:
            # The session could not start as the `user` option asks, where the reference
            # fails to start its CLI.
            raise CLIConnectionError(str(e)) from e
        telemetry.session_started(_native)
        self._wait, self._forget = session_waiter(self._session)
        self._buffer: deque[Action] = deque()
        self._over = False
        self._closed = False

    async def send_user(self, frame: dict[str, Any]) -> None:
        try:
            self._session.send(json.dumps(well_formed(frame)))
        except ConnectionError as e:
            raise CLIConnectionError(f"The session is closed: {e}") from e

    async def answer(self, ident: str, ok: bool, payload: str) -> None:
        self._session.answer(ident, ok, payload)

    async def request(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The session answers at once."""
        try:
            return json.loads(self._session.request(json.dumps(body)))
        except ConnectionError as e:
            raise CLIConnectionError(f"The session is closed: {e}") from e

    def resolve(self, ident: str, payload: str | None) -> None:
        """Native requests are answered at once; no reply action comes."""

    async def recv(self) -> Action | None:
        while True:
            if self._buffer:
                return self._buffer.popleft()
            if self._over:
                return None
            batch = self._session.poll()
            if batch is None:
                self._over = True
                self._forget()
            elif batch:
                self._buffer.extend(batch)
            else:
                await self._wait()

    async def end_input(self) -> None:
        self._session.end_input()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._session.close()


class _Waiting:
    def __init__(self) -> None:
        self.event = anyio.Event()
        self.payload: dict[str, Any] = {}


class TransportChannel:
    """A custom ``Transport``: JSON lines written to it, dicts read from it, read with the
    host protocol."""

    def __init__(self, transport: Any):
        from .. import _native

        self._transport = transport
        self._messages: Any = None
        self._host = _native.HostProtocol()
        self._waiting: dict[str, _Waiting] = {}
        self._ended = False

    async def connect(self) -> None:
        await self._transport.connect()
        self._messages = self._transport.read_messages().__aiter__()

    async def _write(self, frame: str) -> None:
        await self._transport.write(frame + "\n")

    async def send_user(self, frame: dict[str, Any]) -> None:
        await self._write(json.dumps(well_formed(frame)))

    async def answer(self, ident: str, ok: bool, payload: str) -> None:
        await self._write(self._host.answer(ident, ok, payload))

    async def request(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        ident, frame = self._host.request(json.dumps(body))
        waiting = self._waiting[ident] = _Waiting()
        try:
            await self._write(frame)
            with anyio.fail_after(timeout if math.isfinite(timeout) else None):
                await waiting.event.wait()
        except TimeoutError:
            self._host.forget(ident)
            raise Exception(f"Control request timeout: {body.get('subtype')}") from None
        finally:
            self._waiting.pop(ident, None)
        if "error" in waiting.payload:
            raise Exception(waiting.payload["error"])
        return waiting.payload.get("ok") or {}

    def resolve(self, ident: str | None, payload: str | None) -> None:
        waiting = self._waiting.get(ident or "")
        if waiting is not None:
            waiting.payload = json.loads(payload or "{}")
            waiting.event.set()

    def fail_waiting(self, error: str) -> None:
        for waiting in self._waiting.values():
            waiting.payload = {"error": error}
            waiting.event.set()

    async def recv(self) -> Action | None:
        while not self._ended:
            try:
                frame = await self._messages.__anext__()
            except StopAsyncIteration:
                self._ended = True
                return ("end", None, self._host.end())
            if isinstance(frame, str):
                try:
                    json.loads(frame)
                except ValueError as e:
                    raise CLIJSONDecodeError(frame, e) from e
                text = frame
            else:
                text = json.dumps(frame)
            action = self._host.feed(text)
            if action is not None:
                return action
        return None

    async def end_input(self) -> None:
        await self._transport.end_input()

    def close(self) -> None:
        self._host.stop()

    async def aclose(self) -> None:
        with anyio.move_on_after(10, shield=True):
            await self._transport.close()
