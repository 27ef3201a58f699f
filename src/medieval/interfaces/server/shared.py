"""Several server processes over one PostgreSQL database: the database side.

Every process may serve every table. An action is decided on the process's copy and stored by one
statement (``Actor``: migration 0011's ``medieval_act``) that locks the table's row (``FOR NO KEY
UPDATE``: exclusive among writers of the table, and still letting chat messages reference it), compares
the stored revision with the copy's, and stores the action with the revision + 1 in that statement's
transaction; or, if the table was changed elsewhere, stores nothing and returns the row, the seats and
only the actions the copy has not seen (every action after an undo): the service catches up and decides
again (``Stale``). Any other change (seats, undo, start, cancel, a clock running out) runs in one
transaction (``Tx``) that first locks the row and reads what was stored since the copy (``read_delta``),
then lets the service decide and commits the change with the revision + 1. Only after the commit is
anyone answered, and the other processes told (``Notifier``).

The other processes hear the notice (``Listener``: a psycopg connection in a thread, LISTENing,
reconnecting after a failure) and bring their copy up to the stored revision, then push the new views
to their own sockets. Chat messages are announced the same way.

A table's bots and clock timers run in one process only: the one holding its lease (``renew_leases``:
an owner and an expiry, renewed by a heartbeat; expired leases are claimed by whichever process beats
first)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from types import SimpleNamespace
from typing import Any

import psycopg
from sqlalchemy import Connection, func, make_url, select, text, tuple_, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from medieval.interfaces.server import storage
from medieval.interfaces.server.storage import ACTIONS, CHAT, SEATS, TABLES, ActionWrite, Database, StoredTable

log = logging.getLogger("medieval.server.shared")

#: The NOTIFY channel of the medieval server.
CHANNEL = "medieval_tables"


@dataclass
class Delta:
    """What was stored of a table since a process's copy: its row and seats, and its actions from ply
    ``since`` on (every action, to rebuild it, if ``since`` is None)."""

    stored: StoredTable
    since: int | None


def read_delta(conn: Connection, table_id: str, revision: int, ply: int, undos: int) -> Delta | None:
    """What changed since ``revision`` (at ``ply`` actions after ``undos`` undos), None if nothing, the
    row locked for a change (the transaction stays open)."""
    query = select(TABLES).where(TABLES.c.id == table_id).with_for_update(key_share=True)
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


#: What changed of a table since a copy, in one statement (one snapshot), as ``medieval_act`` answers it:
#: NULL if the copy is the stored table.
_DELTA = text(
    "SELECT CASE WHEN t.revision = :revision THEN NULL ELSE json_build_object("
    "'table', row_to_json(t), 'since', d.since, "
    "'seats', (SELECT coalesce(json_agg(row_to_json(s) ORDER BY s.seat), '[]'::json) "
    "FROM seats s WHERE s.table_id = t.id), "
    "'actions', (SELECT coalesce(json_agg(json_build_array(a.seat, a.notation) ORDER BY a.ply), '[]'::json) "
    "FROM actions a WHERE a.table_id = t.id AND a.ply >= coalesce(d.since, 0) AND a.ply < t.version)) END "
    "AS delta FROM tables t CROSS JOIN LATERAL (SELECT CASE WHEN t.undos = :undos AND t.version >= :ply "
    "THEN CAST(:ply AS integer) END AS since) d WHERE t.id = :id")


def read_delta_at_once(conn: Connection, table_id: str, revision: int, ply: int, undos: int) -> Delta | None:
    """``read_delta`` without a lock in one statement, outside a transaction (one round trip: a notice's
    catch-up). Raises LookupError if the table is not stored."""
    conn = conn.execution_options(isolation_level="AUTOCOMMIT")
    row = conn.execute(_DELTA, {"id": table_id, "revision": revision, "ply": ply, "undos": undos}).first()
    if row is None:
        raise LookupError(table_id)
    return None if row.delta is None else delta_from_json(row.delta)


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
        return await self.conn.run_sync(read_delta, self.table_id, revision, ply, undos)

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


class Stale(Exception):
    """The table was changed by another process since this process's copy: nothing was stored. ``delta``
    is what it has not seen (None: the table is no longer stored)."""

    def __init__(self, delta: Delta | None) -> None:
        super().__init__("the table was changed elsewhere")
        self.delta = delta


@dataclass
class _Act:
    action: ActionWrite
    revision: int
    undos: int
    future: asyncio.Future[int]


_ACT = text("SELECT o_id, o_revision, o_delta FROM medieval_act(CAST(:ids AS text[]), CAST(:revisions AS bigint[]), "
            "CAST(:plies AS integer[]), CAST(:undos AS integer[]), CAST(:seats AS integer[]), "
            "CAST(:notations AS text[]), CAST(:statuses AS text[]), CAST(:outcomes AS text[]), "
            "CAST(:clocks AS text[]), CAST(:writer AS text))")


class Actor:
    """Stores actions, each in one database round trip at most (migration 0011's ``medieval_act``): the
    function locks the table's row, compares its revision with this process's copy, and stores the
    action with the table's new version and revision, all in the statement's own transaction, or stores
    nothing and returns what was stored elsewhere (``Stale``). The actions waiting when a worker is free
    are stored by one call (one transaction, one flush to disk for all of them); ``workers`` calls run at
    once. A call that fails is tried again action by action, so that one bad action never takes the
    others of its group down with it."""

    def __init__(self, url: str, writer: str, workers: int, batch: int) -> None:
        self.engine = create_async_engine(url, pool_size=workers, max_overflow=0, isolation_level="AUTOCOMMIT",
                                          pool_reset_on_return=None)
        self.writer = writer
        self.workers = workers
        self.batch = batch
        self.calls = 0
        self._queue: asyncio.Queue[_Act] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = False

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._run(), name=f"medieval-act-{i}") for i in range(self.workers)]

    async def stop(self) -> None:
        self._stopped = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        while not self._queue.empty():
            job = self._queue.get_nowait()
            if not job.future.done():
                job.future.set_exception(RuntimeError("the server is stopping"))
        await self.engine.dispose()

    async def act(self, action: ActionWrite, revision: int, undos: int) -> int:
        """Store ``action`` if the stored table is at ``revision`` (with ``undos`` undos): returns the new
        revision once committed. Raises ``Stale`` if it was changed elsewhere (nothing stored)."""
        if self._stopped:
            raise RuntimeError("the server is stopping: nothing more is stored")
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Act(action, revision, undos, future))
        return await future

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self.batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._store(batch)
            except asyncio.CancelledError:  # stopped mid-call: nobody is left waiting
                _fail(batch, RuntimeError("the server is stopping"))
                raise
            except Exception as e:
                log.exception("storing %d actions failed", len(batch))
                _fail(batch, e)

    async def _store(self, batch: list[_Act], failed: Exception | None = None) -> None:
        """Store ``batch`` in one call; if it fails, each action alone (``failed``: the group's error)."""
        batch.sort(key=lambda job: job.action.table_id)  # every process locks rows in one order
        try:
            async with self.engine.connect() as conn:
                rows = (await conn.execute(_ACT, self._params(batch))).all()
        except Exception as e:
            if len(batch) == 1:
                if not batch[0].future.done():
                    batch[0].future.set_exception(e)
                return
            for job in batch:
                await self._store([job], e)
            return
        self.calls += 1
        # one answer per action, in the order given (a group may hold two actions of one table: the
        # first stored, the second then behind it; answers keyed by table would mix them up)
        for job, r in zip(batch, rows, strict=False):
            if job.future.done():
                continue
            try:
                if r.o_id != job.action.table_id:
                    raise RuntimeError(f"medieval_act answered for {r.o_id}, not {job.action.table_id}")
                if failed is not None and r.o_delta is not None:
                    # Changed since: perhaps by this very action, if the group's commit happened and only
                    # its answer was lost; the caller asks storage (play.py ``_after_failed_write``).
                    job.future.set_exception(failed)
                elif r.o_revision is None:
                    job.future.set_exception(Stale(None))
                elif r.o_delta is not None:
                    job.future.set_exception(Stale(delta_from_json(r.o_delta)))
                else:
                    job.future.set_result(int(r.o_revision))
            except Exception as e:  # (the caller then asks storage whether its action is there)
                job.future.set_exception(e)
        _fail(batch[len(rows):], RuntimeError("medieval_act gave fewer answers than actions"))

    def _params(self, batch: list[_Act]) -> dict[str, Any]:
        acts = [job.action for job in batch]
        return {"ids": [a.table_id for a in acts], "revisions": [job.revision for job in batch],
                "plies": [a.ply for a in acts], "undos": [job.undos for job in batch],
                "seats": [a.seat for a in acts], "notations": [a.notation for a in acts],
                "statuses": [a.status for a in acts],
                "outcomes": [None if a.outcome is None else json.dumps(a.outcome) for a in acts],
                "clocks": [None if a.clock_state is None else json.dumps(a.clock_state) for a in acts],
                "writer": self.writer}


def _fail(batch: list[_Act], error: Exception) -> None:
    for job in batch:
        if not job.future.done():
            job.future.set_exception(error)


def delta_from_json(found: Any) -> Delta:
    """The ``Delta`` that ``medieval_act`` returns (as JSON) for a table changed elsewhere."""
    if isinstance(found, str):
        found = json.loads(found)
    row = dict(found["table"])
    row["created_at"] = datetime.fromisoformat(row["created_at"])
    table = row["id"]
    stored = storage._stored([SimpleNamespace(**row)])[table]
    stored.seats = [storage._seat(SimpleNamespace(**s)) for s in found["seats"]]
    stored.actions = [(int(seat), str(notation)) for seat, notation in found["actions"]]
    since = found["since"]
    return Delta(stored, None if since is None else int(since))


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
