"""The database: an SQLAlchemy engine, Alembic migrations, and writer threads.

Every write goes through a writer thread (one on SQLite, ``db_writers`` on PostgreSQL). When many
tables move at once a writer commits several writes in one transaction (group commit); each caller's
future resolves only after that commit, so an action is durable before anyone is told about it. A
write that fails is retried alone, so one bad write never takes the others of its group down with it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Engine, Table, bindparam, create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from medieval.core.state import RECORD_FORMAT
from medieval.interfaces.server.models import ActionRow, ChatRow, SeatRow, TableRow
from medieval.interfaces.server.settings import ServerSettings

log = logging.getLogger("medieval.server.storage")

T = TypeVar("T")
TABLES = cast(Table, TableRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
CHAT = cast(Table, ChatRow.__table__)

LIVE_STATUSES = ("open", "playing")
#: The PostgreSQL advisory lock taken while migrating (any fixed 64-bit number).
MIGRATION_LOCK = 0x6D6564696576616D - 2**63


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """One accepted action, with what it does to its table (new status, outcome once over, clocks) and
    the server process that writes it."""

    table_id: str
    ply: int
    seat: int
    notation: str
    status: str
    outcome: dict[str, Any] | None
    writer: str | None = None
    clock_state: dict[str, Any] | None = None


@dataclass
class _Job:
    work: Callable[[Connection], Any] | ActionWrite
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


def _resolve(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Database:
    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.url = settings.database_url
        self.engine = self._make_engine()
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._writers: list[threading.Thread] = []
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="medieval-db-read")
        #: Transactions that hold a table's row while the event loop decides (several processes, shared.py),
        #: at most this many at once, on connections driven by the event loop itself (no thread between).
        self.tx_slots = settings.db_transactions if settings.shared else 1
        self.tx_engine: AsyncEngine | None = None
        if settings.shared:  # (a transaction always ends by a commit or a rollback: nothing to reset)
            self.tx_engine = create_async_engine(self.url, pool_size=self.tx_slots + 1, max_overflow=0,
                                                 pool_reset_on_return=None)  # (+ 1: the notices' connection)
        self.commits = 0
        #: This process's name in the actions it stores (play.py: a failed write is acknowledged only if
        #: the action stored at its ply is this process's own).
        self.writer_id = secrets.token_hex(8)
        self._count_lock = threading.Lock()

    def _make_engine(self) -> Engine:
        if self.settings.is_sqlite:
            path = self.url.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 30})
            sync = self.settings.sqlite_synchronous

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_conn: DBAPIConnection, record: ConnectionPoolEntry) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute(f"PRAGMA synchronous={sync}")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.execute("PRAGMA busy_timeout=30000")
                cur.close()

            return engine
        return create_engine(self.url, pool_size=self.settings.db_writers + 2, max_overflow=4, pool_pre_ping=True)

    # ------------------------------------------------------------------ life cycle
    def migrate(self) -> None:
        """Bring the schema to the newest revision (the migrations ship inside the package)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", "medieval.interfaces.server:migrations")
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.connect() as conn:
            if self.settings.is_sqlite:
                # SQLite alters a table by copying it and dropping the old one (Alembic's batch mode):
                # with foreign keys on, the drop would cascade and empty the seats and actions.
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
                conn.commit()
            with conn.begin():
                if not self.settings.is_sqlite:  # processes starting together migrate one after the other
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
            if self.settings.is_sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()

    def start(self) -> None:
        count = 1 if self.settings.is_sqlite else self.settings.db_writers
        for i in range(count):
            writer = threading.Thread(target=self._write_loop, name=f"medieval-db-writer-{i}", daemon=True)
            writer.start()
            self._writers.append(writer)

    def close(self) -> None:
        for _ in self._writers:
            self._jobs.put(None)
        for writer in self._writers:
            writer.join(timeout=30)
        self._writers = []
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    # ------------------------------------------------------------------ running work
    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in a committed transaction; returns once the commit is durable."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(fn, future, loop))
        return await future

    async def write_action(self, action: ActionWrite) -> None:
        """Store an accepted action; returns once it is committed. Actions of one group commit are
        written together (two statements for the whole group)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._jobs.put(_Job(action, future, loop))
        await future

    def counted_commit(self) -> None:
        with self._count_lock:
            self.commits += 1

    async def read(self, fn: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self.engine.connect() as conn:
                return fn(conn)

        return await asyncio.get_running_loop().run_in_executor(self._readers, run)

    def _write_loop(self) -> None:
        stop = False
        while not stop:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < self.settings.commit_batch:
                try:
                    nxt = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._run_batch(batch)

    def _run_batch(self, batch: list[_Job]) -> None:
        try:
            with self.engine.begin() as conn:
                actions = [job.work for job in batch if isinstance(job.work, ActionWrite)]
                if actions:
                    append_actions(conn, actions)
                results = [None if isinstance(job.work, ActionWrite) else job.work(conn) for job in batch]
        except Exception as e:
            if len(batch) == 1:
                self._deliver(batch[0], None, e)
                return
            for job in batch:  # find the culprit: everyone else still gets their commit
                self._run_batch([job])
            return
        with self._count_lock:
            self.commits += 1
        for job, result in zip(batch, results, strict=True):
            self._deliver(job, result, None)

    @staticmethod
    def _deliver(job: _Job, result: Any, error: BaseException | None) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            job.loop.call_soon_threadsafe(_resolve, job.future, result, error)


# ---------------------------------------------------------------------- the writes and reads


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    auto_start: bool
    version: int
    outcome: dict[str, Any] | None
    created_at: datetime
    private: bool = False
    invite_hash: str | None = None
    creator_hash: str | None = None
    creator_client: str | None = None
    hotseat: bool = False
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    undos: int = 0
    record_format: str = RECORD_FORMAT
    seats: list[dict[str, Any]] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    revision: int = 0


def insert_table(conn: Connection, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    conn.execute(insert(TABLES), [row])
    conn.execute(insert(SEATS), seats)


def update_table(conn: Connection, table_id: str, **values: Any) -> None:
    conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(updated_at=now(), **values))


def update_seat(conn: Connection, table_id: str, seat: int, **values: Any) -> None:
    conn.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(**values))


_UPDATE_VERSION = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("w_id"), TABLES.c.version == bindparam("w_ply"))
    .values(version=bindparam("w_version"), status=bindparam("w_status"),
            outcome=bindparam("w_outcome", type_=TABLES.c.outcome.type), updated_at=bindparam("w_stamp"),
            clock_state=bindparam("w_clock", type_=TABLES.c.clock_state.type))
)


def append_actions(conn: Connection, actions: list[ActionWrite]) -> None:
    """Accepted actions (of different tables): the primary key (table, ply) refuses a second action at
    the same ply, and each table's version must be the action's ply."""
    stamp = now()
    conn.execute(insert(ACTIONS), [{"table_id": a.table_id, "ply": a.ply, "seat": a.seat, "notation": a.notation,
                                    "writer": a.writer, "created_at": stamp} for a in actions])
    result = conn.execute(_UPDATE_VERSION, [{"w_id": a.table_id, "w_ply": a.ply, "w_version": a.ply + 1,
                                             "w_status": a.status, "w_outcome": a.outcome, "w_stamp": stamp,
                                             "w_clock": a.clock_state}
                                            for a in actions])
    if result.rowcount not in (-1, len(actions)):
        raise RuntimeError(f"{len(actions) - result.rowcount} tables were not at the version of their action")


def action_at(conn: Connection, table_id: str, ply: int) -> tuple[int, str, str | None] | None:
    """The action stored at ``ply`` of a table: (seat, notation, writer), or None."""
    row = conn.execute(select(ACTIONS.c.seat, ACTIONS.c.notation, ACTIONS.c.writer)
                       .where(ACTIONS.c.table_id == table_id, ACTIONS.c.ply == ply)).first()
    return None if row is None else (row.seat, row.notation, row.writer)


def take_back(conn: Connection, table_id: str, ply: int, clock_state: dict[str, Any] | None) -> None:
    """Remove the last action (at ``ply``) of a table, in one transaction with the table's version."""
    done = conn.execute(update(TABLES).where(TABLES.c.id == table_id, TABLES.c.version == ply + 1)
                        .values(version=ply, undos=TABLES.c.undos + 1, clock_state=clock_state, updated_at=now()))
    if done.rowcount != 1:
        raise RuntimeError(f"table {table_id} is not at version {ply + 1}: nothing taken back")
    conn.execute(delete(ACTIONS).where(ACTIONS.c.table_id == table_id, ACTIONS.c.ply == ply))


def insert_chat(conn: Connection, row: dict[str, Any]) -> int:
    key = conn.execute(insert(CHAT).values(**row)).inserted_primary_key
    assert key is not None
    return int(key[0])


def count_chat(conn: Connection, table_id: str) -> int:
    return int(conn.execute(select(func.count()).select_from(CHAT).where(CHAT.c.table_id == table_id)).scalar() or 0)


def load_chat(conn: Connection, table_id: str, channel: str, limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` messages of a table's channel, oldest first."""
    rows = conn.execute(select(CHAT).where(CHAT.c.table_id == table_id, CHAT.c.channel == channel)
                        .order_by(CHAT.c.id.desc()).limit(limit)).all()
    return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.created_at.timestamp()}
            for r in reversed(rows)]


def _aware(stamp: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored in UTC)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _seat(s: Any) -> dict[str, Any]:
    return {"seat": s.seat, "bot": s.bot, "name": s.name, "token_hash": s.token_hash, "present": s.present,
            "stand_in": s.stand_in, "client_hash": s.client_hash}


def _stored(rows: Iterable[Any]) -> dict[str, StoredTable]:
    out: dict[str, StoredTable] = {}
    for r in rows:
        out[r.id] = StoredTable(r.id, r.game, r.players, dict(r.options), int(r.seed), r.status, r.auto_start,
                                r.version, r.outcome, _aware(r.created_at), bool(r.private), r.invite_hash,
                                r.creator_hash, r.creator_client, bool(r.hotseat), r.clock, r.clock_state,
                                int(r.undos or 0), r.record_format, revision=int(r.revision or 0))
    return out


def _fill(conn: Connection, tables: dict[str, StoredTable]) -> list[StoredTable]:
    if not tables:
        return []
    ids = list(tables)
    for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):
        for s in conn.execute(select(SEATS).where(SEATS.c.table_id.in_(chunk)).order_by(SEATS.c.seat)):
            tables[s.table_id].seats.append(_seat(s))
        for a in conn.execute(select(ACTIONS.c.table_id, ACTIONS.c.seat, ACTIONS.c.notation)
                              .where(ACTIONS.c.table_id.in_(chunk)).order_by(ACTIONS.c.table_id, ACTIONS.c.ply)):
            tables[a.table_id].actions.append((a.seat, a.notation))
    return list(tables.values())


def load_live(conn: Connection) -> list[StoredTable]:
    """Every table that is open or under way (the server rebuilds them all at start-up)."""
    return _fill(conn, _stored(conn.execute(select(TABLES).where(TABLES.c.status.in_(LIVE_STATUSES)))))


def load_table(conn: Connection, table_id: str) -> StoredTable | None:
    found = _fill(conn, _stored(conn.execute(select(TABLES).where(TABLES.c.id == table_id))))
    return found[0] if found else None


def list_tables(conn: Connection, status: str, game: str | None, limit: int) -> list[StoredTable]:
    q = select(TABLES).where(TABLES.c.status == status, TABLES.c.private.is_(False))
    if game is not None:
        q = q.where(TABLES.c.game == game)
    q = q.order_by(TABLES.c.updated_at.desc()).limit(limit)
    tables = _stored(conn.execute(q))
    for s in conn.execute(select(SEATS).where(SEATS.c.table_id.in_(list(tables))).order_by(SEATS.c.seat)):
        tables[s.table_id].seats.append(_seat(s))
    return list(tables.values())
