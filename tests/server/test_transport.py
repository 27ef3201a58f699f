"""Transport hardening against a real server process: half-sent requests are dropped, connections
per address are capped, forwarded headers are believed only from trusted proxies.
The WebSocket side (handshakes, coalesced pushes, nesting, retries) is in test_ws_hardening.py."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.helpers import SeatClient, ServerProcess, api, create_table, running


def _open(server: ServerProcess) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    return s


def _read_all(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a reset counts as closed)."""
    out = b""
    try:
        while chunk := s.recv(65536):
            out += chunk
    except ConnectionResetError:
        pass
    return out


def _response(s: socket.socket) -> bytes:
    """One whole HTTP response (headers and a Content-Length body), leaving the connection open."""
    out = b""
    while b"\r\n\r\n" not in out:
        out += s.recv(65536)
    head, _, body = out.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length"))
    while len(body) < length:
        body += s.recv(65536)
    return head + b"\r\n\r\n" + body


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with a 1 s header timeout and at most 6 connections per address."""
    d = tmp_path_factory.mktemp("guarded")
    with running(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log", MEDIEVAL_HEADER_TIMEOUT="1",
                 MEDIEVAL_MAX_CONNECTIONS_PER_CLIENT="6", MEDIEVAL_WS_HANDSHAKE_RATE="0") as srv:
        yield srv


def test_half_sent_requests_are_dropped_and_whole_ones_answered(guarded: ServerProcess) -> None:
    half = [_open(guarded) for _ in range(3)]
    for s in half:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # no blank line: the headers never end
    silent = _open(guarded)  # connects and says nothing at all
    whole = _open(guarded)
    whole.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert _read_all(whole).startswith(b"HTTP/1.1 200")
    for s in [*half, silent]:
        assert _read_all(s) == b"", "a half-sent request is dropped without an answer"
        s.close()


def test_a_trickled_request_is_dropped_however_slowly_it_comes(guarded: ServerProcess) -> None:
    """The timeout counts from the request's first byte: a byte now and then does not renew it."""
    s = _open(guarded)
    s.settimeout(0.25)
    sent = 0
    closed = False
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            s.sendall(b"GET /api/health HTTP/1.1\r\nX-Slow: "[sent:sent + 1] or b"a")
            sent += 1
            if s.recv(1) == b"":
                closed = True
                break
        except TimeoutError:
            continue
        except (ConnectionResetError, BrokenPipeError):
            closed = True
            break
    s.close()
    assert closed, "a request trickled one byte at a time was never dropped"


def test_keep_alive_then_a_half_sent_second_request_is_dropped(guarded: ServerProcess) -> None:
    s = _open(guarded)
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert _response(s).startswith(b"HTTP/1.1 200")
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    assert _read_all(s) == b""
    s.close()


def test_connections_per_address_are_capped_and_freed(guarded: ServerProcess) -> None:
    """WebSockets outlive the header timeout and count as connections of their address."""
    with api(guarded) as c:
        tid = create_table(c, "paladin", 3, bots=["random", "random", "random"])["table"]["id"]

    async def scenario() -> None:
        clients = [SeatClient(guarded, tid) for _ in range(6)]
        for cl in clients:
            await cl.__aenter__()
            await cl.state()
        await asyncio.sleep(1.5)  # past the header timeout: the WebSockets are not dropped by it
        await clients[0].send({"type": "ping", "id": "still-here"})
        assert (await clients[0].reply("still-here"))["type"] == "pong"

        def refused() -> bytes:
            s = _open(guarded)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            out = _read_all(s)
            s.close()
            return out

        answer = await asyncio.to_thread(refused)
        assert answer.startswith(b"HTTP/1.1 503") and b'"too_many_connections"' in answer
        await clients[0].__aexit__()
        deadline = time.monotonic() + 30
        while True:  # the slot is free once the server has seen the WebSocket close
            try:
                r = await asyncio.to_thread(httpx.get, f"{guarded.base}/api/health", timeout=5)
                if r.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "a closed WebSocket never freed its connection slot"
            await asyncio.sleep(0.1)
        for cl in clients[1:]:
            await cl.__aexit__()

    asyncio.run(scenario())


def _limited(tmp_path: Path, name: str, **env: str) -> ServerProcess:
    return ServerProcess(f"sqlite:///{tmp_path / (name + '.sqlite3')}", tmp_path / f"{name}.log",
                         MEDIEVAL_RATE_LIMIT="0.001", MEDIEVAL_RATE_BURST="3", **env)


def _statuses(server: ServerProcess, forwarded: list[str]) -> list[int]:
    with httpx.Client(base_url=server.base, timeout=30) as c:
        return [c.get("/api/games", headers={"X-Forwarded-For": ip}).status_code for ip in forwarded]


def test_forged_forwarded_for_is_ignored_by_default(tmp_path: Path) -> None:
    """No proxy is trusted by default (not even 127.0.0.1): the rate limit keys on the TCP peer, so a
    new X-Forwarded-For on every request does not buy a new allowance."""
    server = _limited(tmp_path, "default").start()
    try:
        got = _statuses(server, [f"203.0.113.{i}" for i in range(6)])
        allowed = got.count(200)  # the start-up health check spent some of the burst of 3 already
        assert allowed <= 3 and got == [200] * allowed + [429] * (6 - allowed), got
    finally:
        server.stop()


def test_a_trusted_proxy_keys_rate_limits_by_the_real_client(tmp_path: Path) -> None:
    server = _limited(tmp_path, "proxied", MEDIEVAL_TRUSTED_PROXIES="127.0.0.1").start()
    try:
        assert _statuses(server, [f"203.0.113.{i}" for i in range(6)]) == [200] * 6  # six people
        got = _statuses(server, ["198.51.100.7"] * 5)  # one person
        assert got[:3] == [200, 200, 200] and set(got[3:]) == {429}, got
    finally:
        server.stop()


def test_an_invalid_trusted_proxy_setting_is_refused(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log",
                           MEDIEVAL_TRUSTED_PROXIES="127.0.0.1,proxy.example")
    with pytest.raises(RuntimeError, match="server exited with 2"):
        server.start()
    assert "'proxy.example' is not an IP address or network" in server.log()
