"""Connection-level defences, below the ASGI application: uvicorn's HTTP protocol with a header
timeout and a cap on open connections per client address, and the proxy-trust options.

uvicorn times out idle keep-alive connections but not a request whose headers never end, and it
believes ``X-Forwarded-For`` from 127.0.0.1 by default. ``uvicorn_options(settings)`` gives the
``uvicorn.Config`` arguments that close both holes."""

from __future__ import annotations

import asyncio
import ipaddress
import json
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from medieval.interfaces.server.settings import ServerSettings


class Trusted:
    """Membership of an address in a list of IPs and networks (``*``: every address)."""

    def __init__(self, entries: list[str]) -> None:
        self.everyone = "*" in entries
        self.networks = [ipaddress.ip_network(e, strict=False) for e in entries if e != "*"]

    def __contains__(self, host: object) -> bool:
        if self.everyone:
            return True
        try:
            address = ipaddress.ip_address(str(host))
        except ValueError:
            return False
        return any(address in net for net in self.networks)


def _refusal(status: int, reason: str, code: str, detail: str) -> bytes:
    body = json.dumps({"detail": detail, "code": code}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\nretry-after: 5\r\n\r\n")
    return head.encode() + body


class ConnectionGuard:
    """What every connection of one server shares: the live transports of each client address."""

    def __init__(self, settings: ServerSettings) -> None:
        self.header_timeout = settings.header_timeout
        self.max_per_client = settings.max_connections_per_client
        self.exempt = Trusted(settings.trusted_proxies)
        self.live: dict[str, set[asyncio.BaseTransport]] = {}
        self.refusal = _refusal(503, "Service Unavailable", "too_many_connections",
                                f"at most {self.max_per_client} connections per address")

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``host``; False if the address already holds its share."""
        if host in self.exempt:
            return True
        live = self.live.get(host)
        if live is None:
            live = self.live[host] = set()
        elif len(live) >= self.max_per_client:
            # A connection upgraded to a WebSocket leaves this protocol without telling it: forget
            # the transports that are closed before counting.
            live.difference_update([t for t in live if t.is_closing()])
            if len(live) >= self.max_per_client:
                return False
        live.add(transport)
        return True

    def release(self, host: str, transport: asyncio.BaseTransport) -> None:
        live = self.live.get(host)
        if live is not None:
            live.discard(transport)
            if not live:
                del self.live[host]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, plus: a connection past its address's cap is answered 503 and closed;
    a request whose headers are not complete ``header_timeout`` seconds after its first byte (or after
    the connection opened) is dropped, however slowly its bytes keep coming."""

    guard: ClassVar[ConnectionGuard]

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self._header_timer: asyncio.TimerHandle | None = None
        self._admitted = self.guard.admit(self._peer, transport)
        if not self._admitted:
            transport.write(self.guard.refusal)
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self._admitted:
            return
        self._disarm()
        self.guard.release(self._peer, self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_protocol() is not self:
            # Upgraded to a WebSocket (which has its own hello timeout): still counted as one of the
            # address's connections until its transport closes.
            self._disarm()
        elif self._awaiting_headers():
            self._arm()
        else:
            self._disarm()

    def _awaiting_headers(self) -> bool:
        """Between requests, or in the middle of a request's headers (no request is being handled)."""
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.guard.header_timeout, self._header_timeout)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _header_timeout(self) -> None:
        self._header_timer = None
        if self.transport.get_protocol() is self and self._awaiting_headers() and not self.transport.is_closing():
            self.transport.close()


def protocol_class(settings: ServerSettings) -> type[GuardedH11Protocol]:
    """A protocol class bound to its own guard (one per server)."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"guard": ConnectionGuard(settings)})


def ws_hard_limit(settings: ServerSettings) -> int:
    """uvicorn's own WebSocket message limit, well above the application's ``max_ws_message_bytes``: a
    message between the two is answered with an error and the connection kept (ws.py); only one past
    this limit closes it (1009)."""
    return max(4 * settings.max_ws_message_bytes, 1 << 20)


def uvicorn_options(settings: ServerSettings) -> dict[str, Any]:
    """The ``uvicorn.Config`` keyword arguments of the hardening settings."""
    return {"http": protocol_class(settings), "proxy_headers": bool(settings.trusted_proxies),
            "forwarded_allow_ips": list(settings.trusted_proxies), "ws_max_size": ws_hard_limit(settings)}
