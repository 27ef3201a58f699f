"""Server settings: defaults, overridden by ``MEDIEVAL_*`` environment variables, overridden by the
command line."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def default_database_url() -> str:
    """An embedded SQLite file in the user's data folder (``$XDG_DATA_HOME/medieval/server.sqlite3``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{base / 'medieval' / 'server.sqlite3'}"


def normalize_database_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean PostgreSQL through psycopg 3 (SQLAlchemy would pick
    psycopg2 otherwise)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


class ServerSettings(BaseSettings):
    """Everything the server can be told. Environment variables: ``MEDIEVAL_`` + the upper-case name,
    e.g. ``MEDIEVAL_DATABASE_URL``, ``MEDIEVAL_BOT_DELAY``."""

    model_config = SettingsConfigDict(env_prefix="MEDIEVAL_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    database_url: str = Field(default_factory=default_database_url)
    #: Run the Alembic migrations up to the newest revision at start-up.
    migrate: bool = True
    #: SQLite ``synchronous`` pragma (the database is in WAL mode). NORMAL: a committed action survives
    #: any crash of the server process (SIGKILL included), but a power cut or OS crash may lose the
    #: last commits; FULL: it survives those too, at the price of an fsync per commit (twice the median
    #: move latency on the benchmark, far more under disk contention). PostgreSQL syncs each commit.
    sqlite_synchronous: str = Field(default="NORMAL", pattern="^(FULL|NORMAL|EXTRA)$")
    #: Seconds a bot waits before it moves, so people can follow (0 for simulations and benchmarks).
    bot_delay: float = Field(default=0.6, ge=0, le=60)
    #: Threads that compute bot moves (off the event loop).
    bot_workers: int = Field(default=2, ge=1, le=64)
    #: Bots a table may seat (names as ``make_agent`` knows them) and the most a bot may think.
    allowed_bots: list[str] = ["random", "heuristic", "ismcts"]
    max_bot_seconds: float = Field(default=5.0, gt=0)
    max_bot_iterations: int = Field(default=200_000, ge=1)
    #: Largest HTTP request body and WebSocket message accepted, in bytes.
    max_body_bytes: int = Field(default=64 * 1024, ge=256)
    max_ws_message_bytes: int = Field(default=16 * 1024, ge=256)
    #: HTTP requests per second per client address (token bucket refill) and the burst allowed; 0 = off.
    rate_limit: float = Field(default=20.0, ge=0)
    rate_burst: int = Field(default=100, ge=1)
    #: WebSocket messages per second per connection and the burst allowed; 0 = off.
    ws_rate_limit: float = Field(default=10.0, ge=0)
    ws_rate_burst: int = Field(default=40, ge=1)
    #: Open WebSocket connections per client address.
    max_ws_per_client: int = Field(default=256, ge=1)
    #: Hardening (docs/server.md, "Hardening"). Seconds a connection has to finish sending a request's
    #: headers, counted from its first byte (or from the connection, for the first request): a client
    #: that sends half a request, or trickles it, is disconnected after that.
    header_timeout: float = Field(default=10.0, gt=0, le=300)
    #: Open TCP connections per client address (HTTP and WebSocket together); one more is answered
    #: 503 and closed. Connections from a trusted proxy are not counted (the proxy carries many people).
    max_connections_per_client: int = Field(default=512, ge=1)
    #: WebSocket handshakes per second per client address (token bucket refill) and the burst
    #: allowed; beyond, the handshake is answered 429. 0 = off.
    ws_handshake_rate: float = Field(default=2.0, ge=0)
    ws_handshake_burst: int = Field(default=30, ge=1)
    #: Seconds between two states a connection is sent only because someone connected or went away
    #: (states after an action or a seat change go out at once): connection storms cannot amplify.
    presence_push_interval: float = Field(default=1.0, ge=0, le=60)
    #: Addresses (IPs or networks such as 10.0.0.0/8; "*" for any) of the reverse proxies whose
    #: X-Forwarded-For / X-Forwarded-Proto headers are believed. Empty (the default): no forwarded
    #: header is believed, from anyone; the client is the TCP peer. Environment: comma-separated.
    trusted_proxies: Annotated[list[str], NoDecode] = []
    #: Deepest nesting of arrays and objects accepted in a JSON body or WebSocket message (refused
    #: with a clear error beyond; the WebSocket stays open).
    max_json_depth: int = Field(default=32, ge=2, le=200)
    #: WebSocket action ids remembered per seat token, so that a retried action is answered with its
    #: first ack instead of being applied twice.
    ws_remembered_ids: int = Field(default=256, ge=1, le=100_000)
    #: Tables that are open or being played at once, over all clients.
    max_live_tables: int = Field(default=10_000, ge=1)
    #: Live tables (open or being played) one client may have created; the client is its address (an
    #: IPv6 address by its /64 network), as trusted_proxies says. 429 ``too_many_tables`` beyond.
    max_tables_per_client: int = Field(default=20, ge=1)
    #: Seconds an open table waits for its players; then it expires (status ``expired``).
    open_table_ttl: float = Field(default=7_200.0, gt=0)
    #: Seconds a game under way may go with none of its people connected or acting; then it is
    #: abandoned (status ``abandoned``). A turn-based table adds one move's time and reserve to it.
    abandon_after: float = Field(default=3_600.0, gt=0)
    #: Seconds a seat's holder must have been gone (no connection) before the other players may hand the
    #: seat to a bot (at once if the holder left it).
    handover_after: float = Field(default=60.0, ge=0)
    #: Shortest real-time clock offered, in seconds per move.
    min_clock_seconds: float = Field(default=10.0, ge=1, le=3_600)
    #: Chat: the longest message (characters), messages a second per connection (and per address) with
    #: the burst allowed, the messages sent on connect, and the most stored per table.
    max_chat_chars: int = Field(default=500, ge=1, le=10_000)
    chat_rate: float = Field(default=1.0, gt=0)
    chat_burst: int = Field(default=5, ge=1)
    chat_history: int = Field(default=100, ge=0, le=10_000)
    max_chat_messages: int = Field(default=2_000, ge=1)
    #: Seconds a finished table with no watcher stays in memory (it is reloaded from storage on demand).
    finished_ttl: float = Field(default=300.0, ge=0)
    #: Seconds a WebSocket client has to say hello.
    hello_timeout: float = Field(default=10.0, gt=0)
    #: Actions written together at most in one commit when many tables move at once.
    commit_batch: int = Field(default=64, ge=1)
    #: Writer threads (connections) committing in parallel on PostgreSQL; SQLite always has one.
    #: Order within a table is kept by the table's lock: a table has one action in flight at most.
    db_writers: int = Field(default=3, ge=1, le=16)
    #: Several server processes share the database (docs/server.md, "Several processes"): every change
    #: locks its table's row, catches up with what the others stored, and is announced to them (LISTEN/
    #: NOTIFY); bots and clocks run in the process holding the table's lease. Off by default: on this
    #: design an action costs several database round trips, so one process alone is faster without it
    #: (docs/server.md, "Load"); off, a second process on the same database refuses to start. Needs
    #: PostgreSQL: SQLite is always one process.
    multi_process: bool = False
    #: Seconds a process's lease on a table lasts; its heartbeat renews it three times as often. A
    #: process that dies loses its tables' bots and clocks to another one at most this long after.
    lease_seconds: float = Field(default=6.0, ge=1.0, le=300.0)
    #: Tables a process changes at once with several processes (each holds a database connection for its
    #: transaction). Each process opens up to 2 x ``db_writers`` (writers, and callers storing actions)
    #: + 8 + this many connections to PostgreSQL:
    #: keep the sum over the processes under the server's ``max_connections``.
    db_transactions: int = Field(default=24, ge=1, le=256)
    log_level: str = Field(default="info", pattern="^(critical|error|warning|info|debug)$")

    @field_validator("log_level", mode="before")
    @classmethod
    def _lower(cls, v: object) -> object:
        return v.lower() if isinstance(v, str) else v

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split(cls, v: object) -> object:
        if isinstance(v, str):
            return [part.strip() for part in v.split(",") if part.strip()]
        return v

    @field_validator("trusted_proxies")
    @classmethod
    def _addresses(cls, v: list[str]) -> list[str]:
        for entry in v:
            if entry != "*":
                try:
                    ipaddress.ip_network(entry, strict=False)
                except ValueError:
                    raise ValueError(f"trusted_proxies: {entry!r} is not an IP address or network") from None
        return v

    @field_validator("database_url")
    @classmethod
    def _normalize(cls, v: str) -> str:
        return normalize_database_url(v)

    @model_validator(mode="after")
    def _one_sqlite_process(self) -> ServerSettings:
        if self.multi_process and self.is_sqlite:
            raise ValueError("multi_process needs PostgreSQL: an SQLite database is served by one process")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def shared(self) -> bool:
        """Several processes may serve this database (PostgreSQL with ``multi_process`` on)."""
        return not self.is_sqlite and self.multi_process
