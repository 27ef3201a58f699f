"""Several server processes over one PostgreSQL database: the database side.

Every process may serve every table. A change to a table runs in one transaction (``Tx``) that first
locks the table's row (``SELECT ... FOR NO KEY UPDATE``: exclusive among writers of the table, and
still letting chat messages reference it) and reads what was stored since the process's copy
(``read_delta``: nothing when the revisions match; else the row, the seats and only the actions it has
not seen, or every action after an undo); the service catches up, decides, and commits the change
with the table's revision + 1 and a ``NOTIFY`` (delivered at commit). Only then is anyone answered.

The other processes hear the notice (``Listener``: a psycopg connection in a thread, LISTENing,
reconnecting after a failure) and bring their copy up to the stored revision, then push the new views
to their own sockets. Chat messages are announced the same way.

A table's bots and clock timers run in one process only: the one holding its lease (``renew_leases``:
an owner and an expiry, renewed by a heartbeat; expired leases are claimed by whichever process beats
first)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Connection, func, make_url, select, text, tuple_, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from medieval.interfaces.server import storage
from medieval.interfaces.server.storage import ACTIONS, CHAT, SEATS, TABLES, Database, StoredTable

log = logging.getLogger("medieval.server.shared")

#: The NOTIFY channel of the medieval server.
CHANNEL = "medieval_tables"


@dataclass
class Delta:
    """What was stored of a table since a process's copy: its row and seats, and its actions from ply
    ``since`` on (every action, to rebuild it, if ``since`` is None)."""

    stored: StoredTable
    since: int | None


def read_delta(conn: Connection, table_id: str, revision: int, ply: int, undos: int, lock: bool) -> Delta | None:
    """What changed since ``revision`` (at ``ply`` actions after ``undos`` undos); None if nothing.
    ``lock``: lock the row for a change (the transaction stays open); else read one snapshot."""
    if not lock:
        conn = conn.execution_options(isolation_level="REPEATABLE READ")
    query = select(TABLES).where(TABLES.c.id == table_id)
    if lock:
        query = query.with_for_update(key_share=True)
    row = conn.execute(query).first()
    if row is None:
        raise LookupError(table_id)
    if int(row.revision or 0) == revision:
        return None
    stored = storage._stored([row])[table_id]
    for s in conn.execute(select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)):
        stored.seats.append(storage._seat(s))
    since: int | None = ply if stored.undos == undos and stored.version >= ply else None
    for a in conn.execute(select(ACTIONS.c.seat, ACTIONS.c.notation)
                          .where(ACTIONS.c.table_id == table_id, ACTIONS.c.ply >= (since or 0),
                                 ACTIONS.c.ply < stored.version).order_by(ACTIONS.c.ply)):
        stored.actions.append((a.seat, a.notation))
    return Delta(stored, since)


def bump(conn: Connection, table_id: str) -> int:
    """Count a change of the table (the notice goes out after the commit: ``Notifier``)."""
    return int(conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(revision=TABLES.c.revision + 1)
                            .returning(TABLES.c.revision)).scalar_one())


def revisions(conn: Connection, table_ids: list[str]) -> dict[str, int]:
    return {r.id: int(r.revision) for r in conn.execute(select(TABLES.c.id, TABLES.c.revision)
                                                        .where(TABLES.c.id.in_(table_ids)))}


def chat_message(conn: Connection, message_id: int) -> dict[str, Any] | None:
    r = conn.execute(select(CHAT).where(CHAT.c.id == message_id)).first()
    if r is None:
        return None
    return {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": round(r.created_at.timestamp(), 3)}


_RENEW = text("UPDATE leases SET expires = now() + make_interval(secs => :secs) FROM tables "
              "WHERE leases.owner = :me AND tables.id = leases.table_id AND tables.status IN ('open', 'playing') "
              "RETURNING leases.table_id AS id")
#: Two processes claiming one table: the second's insert waits for the first's, then finds the lease
#: no longer expired and leaves it.
_CLAIM = text("INSERT INTO leases (table_id, owner, expires) "
              "SELECT t.id, :me, now() + make_interval(secs => :secs) FROM tables t "
              "LEFT JOIN leases l ON l.table_id = t.id "
              "WHERE t.status IN ('open', 'playing') AND (l.table_id IS NULL OR l.expires < now()) "
              "ORDER BY t.created_at, t.id LIMIT :n "
              "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires "
              "WHERE leases.expires < now() RETURNING table_id AS id")
_FORGET = text("DELETE FROM leases WHERE table_id IN (SELECT l.table_id FROM leases l JOIN tables t "
               "ON t.id = l.table_id WHERE l.owner = :me AND t.status NOT IN ('open', 'playing'))")


def renew_leases(conn: Connection, owner: str, seconds: float, claim: int,
                 connected: list[tuple[str, int]] | None = None) -> list[str]:
    """Renew ``owner``'s leases on live tables and claim up to ``claim`` expired or free ones; returns
    every live table it holds now. The ``connected`` seats (table, seat) are marked seen now."""
    for i in range(0, len(connected or ()), 500):
        chunk = (connected or [])[i:i + 500]
        conn.execute(update(SEATS).where(tuple_(SEATS.c.table_id, SEATS.c.seat).in_(chunk))
                     .values(seen_at=func.now()))
    held = [r.id for r in conn.execute(_RENEW, {"me": owner, "secs": seconds})]
    held += [r.id for r in conn.execute(_CLAIM, {"me": owner, "secs": seconds, "n": claim})]
    conn.execute(_FORGET, {"me": owner})  # the leases of ended tables
    return held


def take_lease(conn: Connection, table_id: str, owner: str, seconds: float) -> None:
    """A new table's lease, for the process creating it."""
    conn.execute(text("INSERT INTO leases (table_id, owner, expires) "
                      "VALUES (:t, :me, now() + make_interval(secs => :secs))"),
                 {"t": table_id, "me": owner, "secs": seconds})


def seen_since(conn: Connection, table_id: str, seconds: float) -> set[int]:
    """The seats of a table connected to some process within the last ``seconds``."""
    rows = conn.execute(select(SEATS.c.seat).where(SEATS.c.table_id == table_id,
                                                   SEATS.c.seen_at >= func.now() - text("make_interval(secs => :s)"))
                        .params(s=seconds))
    return {int(r.seat) for r in rows}


def release_leases(conn: Connection, owner: str) -> None:
    conn.execute(text("DELETE FROM leases WHERE owner = :me"), {"me": owner})


class Tx:
    """A table's change in one transaction holding its row, on a connection the event loop drives
    itself (psycopg's asynchronous connection): the service decides between its statements."""

    def __init__(self, db: Database, table_id: str) -> None:
        assert db.tx_engine is not None
        self.engine = db.tx_engine
        self.db = db
        self.table_id = table_id
        self.conn: AsyncConnection | None = None
        self.done = False

    async def begin(self, revision: int, ply: int, undos: int) -> Delta | None:
        self.conn = await self.engine.connect()
        return await self.conn.run_sync(read_delta, self.table_id, revision, ply, undos, True)

    async def commit(self, write: Callable[[Connection], Any]) -> int:
        """Run ``write``, count and announce the change, commit; returns the table's new revision."""
        conn = self.conn
        if self.done or conn is None:
            raise RuntimeError("this transaction is over")

        def run(sync: Connection) -> int:
            write(sync)
            return bump(sync, self.table_id)

        revision = await conn.run_sync(run)
        self.done = True  # from here on, whatever happens, nothing more is written in it
        await conn.commit()
        self.db.counted_commit()
        self.conn = None  # back to the pool at once
        await conn.close()
        return revision

    async def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is None:
            return
        try:
            await conn.rollback()
        except Exception:
            log.debug("rollback failed", exc_info=True)
        finally:
            await conn.close()


class Notifier:
    """Sends the notices of this process, after the commits they announce, in batches on a connection
    of its own. (A NOTIFY inside a change's transaction would hold PostgreSQL's notification lock through
    the commit's flush to disk, and so serialize every commit that notifies: a few hundred a second.)
    A notice lost (this process dying between a commit and its notice, a broken connection) delays the
    others until their heartbeat compares the revisions of the tables they serve."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: list[str] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="medieval-notify")

    def send(self, payload: str) -> None:
        self._queue.append(payload)
        self._wake.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        conn: AsyncConnection | None = None
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                batch, self._queue = self._queue, []
                try:
                    if conn is None:
                        conn = await (await self.engine.connect()).execution_options(isolation_level="AUTOCOMMIT")
                    await conn.execute(_NOTIFY, {"channel": CHANNEL, "payloads": batch})
                except Exception as e:
                    log.warning("%d notices to the other processes were lost (%s)", len(batch), e)
                    if conn is not None:
                        with contextlib.suppress(Exception):
                            await conn.invalidate()
                        conn = None
        finally:
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()


_NOTIFY = text("SELECT pg_notify(CAST(:channel AS text), p) FROM unnest(CAST(:payloads AS text[])) AS p")


class Listener:
    """LISTEN for the notices of the other processes on a connection of its own, in a thread; every
    notice is handed to ``on_notice`` on the event loop, and ``on_connect`` is called at every
    (re)connection (notices sent while disconnected are lost: the service then refreshes its tables)."""

    def __init__(self, database_url: str, on_notice: Callable[[str], None], on_connect: Callable[[], None]) -> None:
        url = make_url(database_url)
        self.conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.on_notice = on_notice
        self.on_connect = on_connect
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: Any = None
        self.connected = threading.Event()

    def start(self, loop: Any) -> None:
        self._loop = loop
        self._thread = threading.Thread(target=self._run, name="medieval-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    self._loop.call_soon_threadsafe(self.on_connect)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._loop.call_soon_threadsafe(self.on_notice, notice.payload)
            except Exception as e:
                self.connected.clear()
                if self._stop.is_set():
                    break
                log.warning("listening for the other processes failed (%s); reconnecting", e)
                self._stop.wait(1.0)
            except BaseException:  # the loop closed under us: stop
                break
