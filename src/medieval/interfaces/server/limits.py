"""Request size and rate limits, as plain ASGI middleware (cheap, and they answer before FastAPI parses
anything)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take`` spends one if there is one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def retry_after(self) -> int:
        return max(1, int((1 - self.tokens) / self.rate + 0.999)) if self.rate > 0 else 1


class KeyedBuckets:
    """A token bucket per key (a client address), forgetting full ones when there are many."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def get(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                now = time.monotonic()
                for k, b in list(self.buckets.items()):
                    if b.tokens + (now - b.stamp) * b.rate >= b.burst:
                        del self.buckets[k]
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def too_deep(text: str | bytes, limit: int) -> bool:
    """Whether JSON ``text`` nests arrays and objects deeper than ``limit`` (strings skipped), found
    without parsing it: the parser itself would overflow the stack on a deep enough document."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


async def send_error(send: Send, status: int, code: str, detail: str,
                     headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    body = json.dumps({"detail": detail, "code": code}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse HTTP bodies over ``max_bytes`` with 413 (declared or streamed), reading them up front,
    and JSON bodies nested deeper than ``max_depth`` with 422."""

    def __init__(self, app: ASGIApp, max_bytes: int, max_depth: int = 32) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await send_error(send, 400, "bad_request", "Content-Length is not a number")
                    return
                if declared > self.max_bytes:
                    await send_error(send, 413, "too_large", f"request bodies are limited to {self.max_bytes} bytes")
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await send_error(send, 413, "too_large", f"request bodies are limited to {self.max_bytes} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if too_deep(body, self.max_depth):
            await send_error(send, 422, "invalid_request", f"JSON nested deeper than {self.max_depth} levels")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class RateLimit:
    """At most ``rate`` HTTP requests a second per client address (bursts up to ``burst``); 429 beyond."""

    def __init__(self, app: ASGIApp, rate: float, burst: int, exempt: tuple[str, ...] = ()) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        #: Path prefixes not counted (static files: a page load asks for a few dozen at once).
        self.exempt = exempt
        self.buckets = KeyedBuckets(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.rate <= 0 or str(scope.get("path", "")).startswith(self.exempt):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        bucket = self.buckets.get(client[0] if client else "")
        if not bucket.take():
            await send_error(send, 429, "rate_limited", "too many requests; slow down",
                             ((b"retry-after", str(bucket.retry_after()).encode()),))
            return
        await self.app(scope, receive, send)
