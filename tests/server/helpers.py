"""Test helpers: a real server process, and real HTTP and WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import ProgrammingError
from websockets.exceptions import ConnectionClosedOK

POSTGRES_ENV = "MEDIEVAL_TEST_POSTGRES_URL"

#: Environment of test servers: bots without a pause and limits that tests do not trip by accident.
FAST_ENV = {
    "MEDIEVAL_BOT_DELAY": "0",
    "MEDIEVAL_RATE_LIMIT": "0",
    "MEDIEVAL_WS_RATE_LIMIT": "0",
    "MEDIEVAL_WS_HANDSHAKE_RATE": "0",
    "MEDIEVAL_MAX_TABLES_PER_CLIENT": "100000",
    "MEDIEVAL_LOG_LEVEL": os.environ.get("MEDIEVAL_TEST_SERVER_LOG_LEVEL", "warning"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``python -m medieval.interfaces.server`` in a child process, on a free port."""

    def __init__(self, database_url: str, log_path: Path, **env: str) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.env = {**FAST_ENV, **env}
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> ServerProcess:
        env = {**os.environ, **self.env}
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "medieval.interfaces.server", "--port", str(self.port),
             "--database-url", self.database_url], env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-5000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


@contextmanager
def running(database_url: str, log_path: Path, **env: str) -> Iterator[ServerProcess]:
    server = ServerProcess(database_url, log_path, **env).start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database on the server of ``admin_url``; dropped afterwards."""
    name = f"medieval_test_{uuid.uuid4().hex[:12]}"
    sa_url = admin_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(sa_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    parts = urlsplit(admin_url)
    try:
        yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    finally:
        _drop(engine, name)
        engine.dispose()


def _drop(engine: Engine, name: str, tries: int = 5) -> None:
    """Drop a test database. FORCE ends the sessions left in it; without pg_signal_backend (which
    .ci/postgres.sh grants) an autovacuum worker in it makes the drop fail, so it is tried again a few
    times, as the worker soon finishes."""
    for attempt in range(tries):
        try:
            with engine.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except ProgrammingError:
            if attempt == tries - 1:
                raise
            time.sleep(0.5 * (attempt + 1))


def stored_actions(database_url: str, table_id: str) -> list[list[Any]]:
    """The accepted actions of a table, read straight from the database."""
    url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT seat, notation FROM actions WHERE table_id = :t ORDER BY ply"),
                                {"t": table_id})
            return [[r.seat, r.notation] for r in rows]
    finally:
        engine.dispose()


def stored_table(database_url: str, table_id: str) -> dict[str, Any]:
    url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT * FROM tables WHERE id = :t"), {"t": table_id}).mappings().one()
            return dict(row)
    finally:
        engine.dispose()


def record(database_url: str, table_id: str) -> dict[str, Any]:
    row = stored_table(database_url, table_id)
    options = row["options"] if isinstance(row["options"], dict) else json.loads(row["options"])
    return {"format": row["record_format"], "game": row["game"], "players": row["players"], "options": options,
            "origin": {"seed": int(row["seed"])}, "actions": stored_actions(database_url, table_id)}


class SeatClient:
    """A WebSocket client for one seat (token) or a spectator (no token) that keeps every message.

    A reader task receives continuously into a queue, so waiting for a message can be cancelled (or
    time out) without ever losing one."""

    def __init__(self, server: ServerProcess, table_id: str, token: str | None = None, events_from: int = 0) -> None:
        self.url = f"{server.ws_base}/ws/tables/{table_id}"
        self.token = token
        self.events_from = events_from
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.ws: Any = None
        self._queue: asyncio.Queue[dict[str, Any] | BaseException] = asyncio.Queue()
        #: Chat messages go to their own queue (``chat``), out of the way of states, acks and errors.
        self._chats: asyncio.Queue[dict[str, Any] | BaseException] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        #: The newest state message, and a flag raised whenever a state message arrives.
        self.latest: dict[str, Any] | None = None
        self.news = asyncio.Event()

    async def __aenter__(self) -> SeatClient:
        self.ws = await websockets.connect(self.url, max_size=2**24)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token, "events_from": self.events_from}))
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.raw.append(raw)
                msg: dict[str, Any] = json.loads(raw)
                self.messages.append(msg)
                (self._chats if msg["type"] == "chat" else self._queue).put_nowait(msg)
                if msg["type"] == "state":
                    self.latest = msg
                    self.news.set()
        except BaseException as e:  # the connection broke: tell whoever waits
            self._queue.put_nowait(e)
            self._chats.put_nowait(e)
            raise
        closed = ConnectionClosedOK(self.ws.close_rcvd, self.ws.close_sent)
        self._queue.put_nowait(closed)
        self._chats.put_nowait(closed)

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        """The next message that is not chat."""
        return await self._take(self._queue, timeout)

    async def chat(self, timeout: float = 30) -> dict[str, Any]:
        """The next chat message."""
        return await self._take(self._chats, timeout)

    @staticmethod
    async def _take(queue: asyncio.Queue[dict[str, Any] | BaseException], timeout: float) -> dict[str, Any]:
        item = await asyncio.wait_for(queue.get(), timeout)
        if isinstance(item, BaseException):
            queue.put_nowait(item)
            raise item
        return item

    async def send(self, payload: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(payload))

    async def state(self, timeout: float = 30) -> dict[str, Any]:
        """The next state message (other messages are kept too)."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == "state":
                return msg

    async def reply(self, msg_id: Any, timeout: float = 30) -> dict[str, Any]:
        """The ack or error answering message ``msg_id``."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] in ("ack", "error", "pong") and msg.get("id") == msg_id:
                return msg

    async def until(self, predicate: Any, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = await self.state(max(0.1, deadline - time.monotonic()))
            if predicate(msg):
                return msg

    async def when(self, predicate: Any, timeout: float = 60) -> dict[str, Any]:
        """The newest state once it satisfies ``predicate``. (Read from ``latest``, not from the queue:
        ``reply`` consumes the states that came before its answer, and one of them may be the one waited
        for, when it was not produced by the message replied to.)"""
        deadline = time.monotonic() + timeout
        while True:
            self.news.clear()
            if self.latest is not None and predicate(self.latest):
                return self.latest
            await asyncio.wait_for(self.news.wait(), max(0.1, deadline - time.monotonic()))

    def events(self) -> list[dict[str, Any]]:
        """Every event received, in order, checking that the increments join up."""
        out: list[dict[str, Any]] = []
        for m in self.messages:
            if m["type"] == "state":
                assert m["events_from"] == len(out) or (not out and m["events_from"] == self.events_from), \
                    f"events_from {m['events_from']} after {len(out)} events"
                out += m["events"]
        return out


async def any_news(clients: list[SeatClient], timeout: float = 30) -> None:
    """Wait until one of ``clients`` has received a state since the last call; then read their
    ``latest``. (Waiting on flags, not on receives: nothing is consumed, so nothing can be lost when the
    waits that lost the race are cancelled.)"""
    waiters = [asyncio.ensure_future(c.news.wait()) for c in clients]
    try:
        await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waiters:
            w.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)
    for c in clients:
        c.news.clear()


def api(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=30)


def create_table(client: httpx.Client, game: str, players: int | None = None, bots: list[str | None] | None = None,
                 name: str | None = None, auto_start: bool = True, **options: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "auto_start": auto_start, "options": options}
    if players is not None:
        body["players"] = players
    if bots is not None:
        body["seats"] = [{"bot": b} for b in bots]
    if name is not None:
        body["name"] = name
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def settle(client: httpx.Client, table_id: str, timeout: float = 60) -> dict[str, Any]:
    """Wait until no bot is to move at the table (the game waits for a person, or is over)."""
    deadline = time.monotonic() + timeout
    while True:
        table: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        bots = {s["seat"] for s in table["seats"] if s["bot"] is not None}
        if table["status"] != "playing" or not bots.intersection(table["to_move"]):
            return table
        assert time.monotonic() < deadline, "the bots never stopped"
        time.sleep(0.02)
