"""``ClaudeSDKClient``: a conversation that stays open for several prompts, with control
methods (interrupt, permission mode, model) while it runs.

    async with ClaudeSDKClient(options) as client:
        await client.query("Hello")
        async for message in client.receive_response():
            print(message)
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator
from typing import Any

from ._errors import CLIConnectionError
from ._internal.message_parser import parse_message
from ._internal.opening import open_session
from ._internal.session import SessionCore
from ._messages import Message, ResultMessage
from ._options import ClaudeAgentOptions
from ._td_config import ContextUsageResponse, McpStatusResponse, PermissionMode

_NOT_CONNECTED = "Not connected. Call connect() first."


class ClaudeSDKClient:
    """A bidirectional session. Use it from one task (or ``async with`` block)."""

    def __init__(self, options: ClaudeAgentOptions | None = None, transport: Any | None = None):
        self.options = options if options is not None else ClaudeAgentOptions()
        self._transport = transport
        self._core: SessionCore | None = None
        self._server_info: dict[str, Any] | None = None

    def _connected(self) -> SessionCore:
        if self._core is None:
            raise CLIConnectionError(_NOT_CONNECTED)
        return self._core

    async def connect(self, prompt: str | AsyncIterable[dict[str, Any]] | None = None) -> None:
        """Start the session; send ``prompt`` first when given. With an async iterable, the
        input ends when it is exhausted (later ``query()`` calls then fail)."""
        if self._core is not None:
            await self.disconnect()
        self._core = await open_session(self.options, self._transport)
        self._server_info = self._core.initialization
        try:
            if isinstance(prompt, str):
                await self._core.send_user(prompt, session_id="default")
            elif prompt is not None:
                self._core.feed(prompt, session_id=None)
        except BaseException:
            await self.disconnect()
            raise

    async def query(
        self, prompt: str | AsyncIterable[dict[str, Any]], session_id: str = "default"
    ) -> None:
        """Send a prompt (a string, or user-message dicts); does not wait for the answer."""
        core = self._connected()
        if isinstance(prompt, str):
            await core.send_user(prompt, session_id=session_id)
        else:
            await core.send_stream(prompt, session_id)

    async def receive_messages(self) -> AsyncIterator[Message]:
        """Every message until the session ends."""
        core = self._connected()
        while (frame := await core.next_frame()) is not None:
            message = parse_message(frame)
            if message is not None:
                yield message

    async def receive_response(self) -> AsyncIterator[Message]:
        """Messages up to and including the next ResultMessage."""
        async for message in self.receive_messages():
            yield message
            if isinstance(message, ResultMessage):
                return

    async def interrupt(self) -> None:
        """Stop the current turn."""
        await self._connected().request({"subtype": "interrupt"})

    async def set_permission_mode(self, mode: PermissionMode) -> None:
        await self._connected().request({"subtype": "set_permission_mode", "mode": mode})

    async def set_model(self, model: str | None = None) -> None:
        await self._connected().request({"subtype": "set_model", "model": model})

    async def rewind_files(self, user_message_id: str) -> None:
        await self._connected().request(
            {"subtype": "rewind_files", "user_message_id": user_message_id}
        )

    async def reconnect_mcp_server(self, server_name: str) -> None:
        await self._connected().request({"subtype": "mcp_reconnect", "serverName": server_name})

    async def toggle_mcp_server(self, server_name: str, enabled: bool) -> None:
        await self._connected().request(
            {"subtype": "mcp_toggle", "serverName": server_name, "enabled": enabled}
        )

    async def stop_task(self, task_id: str) -> None:
        await self._connected().request({"subtype": "stop_task", "task_id": task_id})

    async def get_mcp_status(self) -> McpStatusResponse:
        return await self._connected().request({"subtype": "mcp_status"})  # type: ignore[return-value]

    async def get_context_usage(self) -> ContextUsageResponse:
        return await self._connected().request({"subtype": "get_context_usage"})  # type: ignore[return-value]

    async def get_server_info(self) -> dict[str, Any] | None:
        """The session's ``initialize`` answer (commands, models, output styles, ...)."""
        core = self._connected()
        if self._server_info is None:
            try:
                self._server_info = await core.request({"subtype": "initialize", "hooks": None})
            except CLIConnectionError:
                raise
            except Exception:  # noqa: BLE001 - None, as the reference before initialize
                return None
        return self._server_info

    async def disconnect(self) -> None:
        """Stop the session (idempotent)."""
        core, self._core = self._core, None
        self._server_info = None
        if core is not None:
            await core.aclose()

    async def __aenter__(self) -> ClaudeSDKClient:
        await self.connect()
        return self

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        await self.disconnect()
        return False
