"""A scripted stand-in for a Claude Code process behind the public ``Transport`` interface.

It lets the tests drive ``query()`` and ``ClaudeSDKClient`` through the whole control
protocol (initialize, can_use_tool, hook_callback, mcp_message, host requests) without the
native module. A test runs ``cli.run(script)`` next to the code under test:

    async def script(cli):
        prompt = await cli.next_input()
        answer = await cli.ask({"subtype": "can_use_tool", ...})
        cli.emit(result_frame())
        cli.finish()
"""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import anyio

from claude_agent_sdk import Transport


def assistant_frame(text: str) -> dict[str, Any]:
    return {"type": "assistant", "message": {"id": "msg_1", "model": "fake", "content": [
        {"type": "text", "text": text}]}, "parent_tool_use_id": None, "session_id": "s", "uuid": "u"}


def result_frame(**extra: Any) -> dict[str, Any]:
    return {"type": "result", "subtype": "success", "duration_ms": 1, "duration_api_ms": 1,
            "is_error": False, "num_turns": 1, "session_id": "s", "result": "done", **extra}


class FakeCli(Transport):
    def __init__(self) -> None:
        self.written: list[dict[str, Any]] = []
        self.closed = False
        self.input_ended = False
        self._ids = itertools.count()
        self._answers: dict[str, Any] = {}
        self._waiters: dict[str, anyio.Event] = {}
        self._out_send, self._out_recv = anyio.create_memory_object_stream[Any](math.inf)
        self._in_send, self._in_recv = anyio.create_memory_object_stream[Any](math.inf)

    # --- Transport ---
    async def connect(self) -> None:
        pass

    async def write(self, data: str) -> None:
        frame = json.loads(data)
        self.written.append(frame)
        if frame.get("type") == "control_request" and frame["request"].get("subtype") == "initialize":
            self.emit({"type": "control_response", "response": {
                "subtype": "success", "request_id": frame["request_id"],
                "response": {"commands": [], "output_style": "default"}}})
            return
        if frame.get("type") == "control_response":
            request_id = frame["response"]["request_id"]
            self._answers[request_id] = frame["response"]
            self._waiters[request_id].set()
            return
        self._in_send.send_nowait(frame)

    async def read_messages(self):
        async for frame in self._out_recv:
            yield frame

    async def close(self) -> None:
        self.closed = True
        self._out_send.close()

    def is_ready(self) -> bool:
        return not self.closed

    async def end_input(self) -> None:
        self.input_ended = True
        self._in_send.send_nowait(None)

    # --- script side ---
    def emit(self, frame: dict[str, Any]) -> None:
        if not self.closed:
            self._out_send.send_nowait(frame)

    def finish(self) -> None:
        self._out_send.close()

    async def next_input(self) -> dict[str, Any] | None:
        return await self._in_recv.receive()

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        request_id = f"cli_{next(self._ids)}"
        self._waiters[request_id] = anyio.Event()
        self.emit({"type": "control_request", "request_id": request_id, "request": request})
        await self._waiters[request_id].wait()
        return self._answers[request_id]

    def answer(self, frame: dict[str, Any], response: dict[str, Any]) -> None:
        self.emit({"type": "control_response", "response": {
            "subtype": "success", "request_id": frame["request_id"], "response": response}})
