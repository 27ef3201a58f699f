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

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Connection, make_url, select, text, update

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


def bump(conn: Connection, table_id: str, origin: str) -> int:
    """Count a change of the table and announce it (at commit) to the other processes."""
    revision = int(conn.execute(update(TABLES).where(TABLES.c.id == table_id)
                                .values(revision=TABLES.c.revision + 1).returning(TABLES.c.revision)).scalar_one())
    notify(conn, f"t {table_id} {revision} {origin}")
    return revision


def notify(conn: Connection, payload: str) -> None:
    conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})


def chat_message(conn: Connection, message_id: int) -> dict[str, Any] | None:
    r = conn.execute(select(CHAT).where(CHAT.c.id == message_id)).first()
    if r is None:
        return None
    return {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": round(r.created_at.timestamp(), 3)}


_RENEW = text("UPDATE tables SET lease_expires = now() + make_interval(secs => :secs) "
              "WHERE lease_owner = :me AND status IN ('open', 'playing') RETURNING id")
_CLAIM = text("UPDATE tables SET lease_owner = :me, lease_expires = now() + make_interval(secs => :secs) "
              "WHERE id IN (SELECT id FROM tables WHERE status IN ('open', 'playing') "
              "AND (lease_owner IS NULL OR lease_expires < now()) ORDER BY created_at LIMIT :n "
              "FOR NO KEY UPDATE SKIP LOCKED) RETURNING id")


def renew_leases(conn: Connection, owner: str, seconds: float, claim: int) -> list[str]:
    """Renew ``owner``'s leases on live tables and claim up to ``claim`` expired or free ones; returns
    every live table it holds now."""
    held = [r.id for r in conn.execute(_RENEW, {"me": owner, "secs": seconds})]
    held += [r.id for r in conn.execute(_CLAIM, {"me": owner, "secs": seconds, "n": claim})]
    return held


def release_leases(conn: Connection, owner: str) -> None:
    conn.execute(update(TABLES).where(TABLES.c.lease_owner == owner).values(lease_owner=None, lease_expires=None))


class Tx:
    """A table's change in one transaction holding its row, run step by step on the database's
    transaction threads while the event loop decides in between."""

    def __init__(self, db: Database, table_id: str) -> None:
        self.db = db
        self.table_id = table_id
        self.conn: Connection | None = None
        self.done = False

    async def begin(self, revision: int, ply: int, undos: int) -> Delta | None:
        def run() -> Delta | None:
            self.conn = self.db.engine.connect()
            return read_delta(self.conn, self.table_id, revision, ply, undos, lock=True)

        return await self.db.in_tx(run)

    async def commit(self, write: Callable[[Connection], Any]) -> int:
        """Run ``write``, count and announce the change, commit; returns the table's new revision."""
        if self.done or self.conn is None:
            raise RuntimeError("this transaction is over")
        conn = self.conn

        def run() -> int:
            write(conn)
            revision = bump(conn, self.table_id, self.db.writer_id)
            self.done = True  # from here on, whatever happens, nothing more is written in it
            conn.commit()
            return revision

        return await self.db.in_tx(run)

    async def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is None:
            return

        def run() -> None:
            try:
                conn.rollback()
            except Exception:
                log.debug("rollback failed", exc_info=True)
            finally:
                conn.close()

        await self.db.in_tx(run)


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
