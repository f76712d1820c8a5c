"""``Transport``: the official SDK's extension point for talking to a Claude Code process
some other way (e.g. remotely). oxagent runs the agent in-process and needs none; a transport
passed to ``query()`` / ``ClaudeSDKClient`` is used instead of the native session, with the
official control protocol (``initialize`` first, then frames as JSON lines)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator
from typing import Any


class Transport(ABC):
    """Raw I/O with a Claude Code process or service: JSON lines out, dicts in."""

    @abstractmethod
    async def connect(self) -> None:
        """Open the connection (start the process, dial the service)."""

    @abstractmethod
    async def write(self, data: str) -> None:
        """Write one JSON line (newline included)."""

    @abstractmethod
    def read_messages(self) -> AsyncIterator[dict[str, Any]]:
        """The frames coming back, parsed."""

    @abstractmethod
    async def close(self) -> None:
        """Release everything; must bound its own waits (called shielded)."""

    @abstractmethod
    def is_ready(self) -> bool:
        """Whether frames can be written."""

    @abstractmethod
    async def end_input(self) -> None:
        """No more frames will be written (close stdin)."""


__all__ = ["Transport"]
