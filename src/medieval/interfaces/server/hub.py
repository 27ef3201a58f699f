"""Live connections: one per WebSocket, each watching one table as one seat (or as a spectator).

A connection never queues states: it is marked dirty and its sender task sends the table's current
state when it is free, with every event the seat has not been sent yet. A slow client therefore skips
intermediate positions but never misses an event, and never holds up the table. Control messages
(acks, errors) go out in order, before the next state.

A state due only to someone connecting or going away is sent at most once per ``push_interval``
seconds per connection (the latest one, when the interval is over): a storm of connections and
closes costs each watcher a state a second, not a state per connection."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from medieval.interfaces.server.table import Table


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def dumps(payload: dict[str, Any]) -> str:
    """Compact JSON, ASCII-escaped: text a client sent (a lone surrogate, say) and that an error message
    quotes back is always encodable."""
    return json.dumps(payload, separators=(",", ":"))


class Connection:
    def __init__(self, socket: Socket, table: Table, seat: int | None, events_from: int = 0,
                 client: str = "", push_interval: float = 0.0) -> None:
        self.socket = socket
        self.push_interval = push_interval
        self.table = table
        self.seat = seat
        self.client = client
        self.events_sent = events_from
        self.dirty = True
        #: Only presence changed since the last state (sent once ``push_interval`` is over).
        self.presence_dirty = False
        self._last_state = float("-inf")
        self._timer: asyncio.TimerHandle | None = None
        self.closed = False
        self._close_code: int | None = None
        self._outbox: deque[str] = deque()
        self._wake = asyncio.Event()
        self._wake.set()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._send_loop(), name=f"ws-send-{self.table.id}-{self.seat}")

    def mark_dirty(self, presence: bool = False) -> None:
        if presence:
            self.presence_dirty = True
        else:
            self.dirty = True
        self._wake.set()

    def send(self, payload: dict[str, Any]) -> None:
        self._outbox.append(dumps(payload))
        self._wake.set()

    def close_after(self, payload: dict[str, Any], code: int) -> None:
        """Send ``payload`` (after what is queued), then close the socket with ``code``."""
        self.send(payload)
        self._close_code = code
        self.dirty = self.presence_dirty = False

    async def finish(self, timeout: float = 5.0) -> None:
        """Let the sender deliver what is queued (and the close frame, after ``close_after``)."""
        if self._task is not None and not self._task.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._task), timeout)

    async def stop(self) -> None:
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    def _due(self) -> None:
        self._timer = None
        self._wake.set()

    async def _send_loop(self) -> None:
        try:
            while not self.closed:
                await self._wake.wait()
                self._wake.clear()
                while self._outbox:
                    await self.socket.send_text(self._outbox.popleft())
                if self._close_code is not None:
                    self.closed = True
                    await self.socket.close(self._close_code)
                    return
                if self.presence_dirty and not self.dirty:
                    wait = self._last_state + self.push_interval - time.monotonic()
                    if wait > 0:  # come back when the interval is over (once)
                        if self._timer is None:
                            self._timer = asyncio.get_running_loop().call_later(wait, self._due)
                        continue
                if self.dirty or self.presence_dirty:
                    self.dirty = self.presence_dirty = False
                    self._last_state = time.monotonic()
                    text, self.events_sent = self.table.payload_text(self.seat, self.events_sent)
                    await self.socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is gone; the receive loop notices and cleans up
            self.closed = True
