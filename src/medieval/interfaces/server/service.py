"""What every part of the table service shares: the tables in memory, the database, the bots, reading
tables, committing a change and telling everyone, and each table's clock timer.

The server is authoritative: it owns each game's seed (drawn from ``secrets``) and its state. Every
change is written to the database first and applied in memory only once the commit is done, under the
table's lock; then every connection watching the table is told. A refused request changes nothing.
At start-up every open or running table is rebuilt by replaying its stored actions.

The service is made of parts along its seams (tables.py puts them together): lifecycle.py (creating,
cancelling, expiring and abandoning tables), seats.py (joining, leaving, bots standing in, clocks running
out), play.py (actions and undo), chat.py."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Coroutine
from functools import partial
from typing import Any

from sqlalchemy import Connection as DBConnection

from medieval.core.state import State
from medieval.interfaces.server import storage
from medieval.interfaces.server.bots import BotRunner
from medieval.interfaces.server.clock import ClockState
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.hub import Connection
from medieval.interfaces.server.limits import KeyedBuckets
from medieval.interfaces.server.settings import ServerSettings
from medieval.interfaces.server.shared import Actor, Delta, Notifier, Tx, read_delta_at_once, seen_since
from medieval.interfaces.server.storage import ActionWrite, Database
from medieval.interfaces.server.table import (
    BROKEN,
    ENDED,
    LIVE,
    PLAYING,
    TABLE_ID,
    Seat,
    Table,
    hash_token,
    rebuild,
    stored_summary,
)

log = logging.getLogger("medieval.server")


async def to_the_end(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` (a commit and its in-memory twin) to the end even if the caller is cancelled, and
    keep the caller (who holds the table's lock) until it is done, so the two can never be split."""
    task = asyncio.ensure_future(work)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await task
        raise


def client_key(host: str) -> str:
    """The client a per-client limit counts: its address (an IPv6 address by its /64 network, which one
    subscriber usually holds whole), hashed so that storage keeps no address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        key = host
    else:
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            key = str(address.ipv4_mapped)
        elif isinstance(address, ipaddress.IPv6Address):
            key = str(ipaddress.ip_network(f"{address}/64", strict=False))
        else:
            key = str(address)
    return hashlib.sha256(f"medieval-client:{key}".encode()).hexdigest()[:32]


def running_seats(status: str, seats: list[Seat], state: State) -> list[int]:
    """The seats whose clock runs: to move in a game under way, and played by their person."""
    if status != PLAYING:
        return []
    return [s for s in state.to_move if seats[s].person and seats[s].stand_in is None]


class ServiceBase:
    def __init__(self, settings: ServerSettings, db: Database) -> None:
        self.settings = settings
        self.db = db
        self.tables: dict[str, Table] = {}
        self.bots = BotRunner(self, settings)
        self.actions_total = 0
        self.latencies: deque[float] = deque(maxlen=20_000)
        self.ws_per_client: Counter[str] = Counter()
        #: Chat messages per client address, over all its connections (chat.py).
        self.chat_buckets = KeyedBuckets(settings.chat_rate, settings.chat_burst)
        self._sweeper: asyncio.Task[None] | None = None
        #: Several processes share the database (shared.py): changes lock the table's row and catch up.
        self.shared = settings.shared
        self._tx_slots = asyncio.Semaphore(db.tx_slots)
        self.notifier: Notifier | None = None
        #: Stores actions in one round trip each (several processes: shared.py ``Actor``).
        self.actor: Actor | None = None

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        if self.shared:  # each table is loaded when asked for, or when this process takes its lease
            await self.start_shared()
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="medieval-sweeper")
            return
        stored = await self.db.read(storage.load_live)
        broken: list[str] = []

        def rebuild_all() -> None:
            for st in stored:
                try:
                    self.tables[st.id] = rebuild(st)
                except Exception:
                    log.exception("table %s does not replay; it is marked broken", st.id)
                    broken.append(st.id)

        await asyncio.to_thread(rebuild_all)
        for tid in broken:
            await self.db.write(partial(storage.update_table, table_id=tid, status=BROKEN))
        log.info("resumed %d tables (%d broken)", len(self.tables), len(broken))
        for table in self.tables.values():
            self.bots.kick(table)
            self.arm_clock(table)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="medieval-sweeper")

    async def start_shared(self) -> None:
        raise NotImplementedError  # cluster.py

    async def stop_shared(self) -> None:
        raise NotImplementedError  # cluster.py

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.shared:
            await self.stop_shared()
        for table in self.tables.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
        await self.bots.stop()
        if self.actor is not None:  # after the bots: the actions they have under way are stored
            await self.actor.stop()
        for table in self.tables.values():
            for conn in list(table.connections):
                await conn.stop()

    def sweep_period(self) -> float:
        s = self.settings
        return max(0.2, min(30.0, max(1.0, s.finished_ttl), s.open_table_ttl / 4, s.abandon_after / 4))

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_period())
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep failed; it runs again")

    async def sweep(self) -> None:
        """Forget ended tables nobody watches (storage keeps them); lifecycle.py adds expiry and abandonment."""
        limit = time.monotonic() - self.settings.finished_ttl
        for tid, t in list(self.tables.items()):
            if t.status in ENDED and not t.connections and (t.finished_at or 0) <= limit:
                if t.clock_timer is not None:
                    t.clock_timer.cancel()
                del self.tables[tid]

    # ------------------------------------------------------------------ reading
    def live_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status in LIVE)

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID.match(table_id):
            raise ServiceError(404, "no_table", f"no table {table_id!r}")
        stored = await self.db.read(partial(storage.load_table, table_id=table_id))
        if stored is None or stored.status == BROKEN:
            raise ServiceError(404, "no_table", f"no table {table_id!r}")
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = await asyncio.to_thread(rebuild, stored)
            table.leased = not self.shared
            table = self.tables.setdefault(table_id, table)
        return table

    async def list_tables(self, status: str, game: str | None, limit: int) -> list[dict[str, Any]]:
        if status in LIVE and not self.shared:  # (with several processes, storage knows every table)
            found = [t for t in self.tables.values() if t.status == status and not t.private
                     and (game is None or t.game.spec.name == game)]
            found.sort(key=lambda t: t.created, reverse=True)
            return [t.summary() for t in found[:limit]]
        stored = await self.db.read(partial(storage.list_tables, status=status, game=game, limit=limit))
        return [self.tables[st.id].summary() if st.id in self.tables else stored_summary(st) for st in stored]

    def seat_of(self, table: Table, token: str | None) -> int:
        """The seat a bearer token holds at ``table``: 401 without a token, 403 with another one."""
        if not token:
            raise ServiceError(401, "no_token", "this needs the seat token you got when you joined "
                                                "(Authorization: Bearer TOKEN)")
        seat = table.tokens.get(hash_token(token))
        if seat is None:
            raise ServiceError(403, "not_your_table", "this token holds no seat at this table")
        table.people_seen = time.monotonic()  # a person is about
        return seat

    async def seat_for(self, table: Table, token: str | None) -> int:
        """``seat_of``, after catching up with storage if the token is new here (with several processes, it
        may have been given by another one a moment ago)."""
        if self.shared and token and hash_token(token) not in table.tokens:
            await self.refresh(table)
        return self.seat_of(table, token)

    async def seen_elsewhere(self, table: Table, seconds: float) -> set[int]:
        """The seats of ``table`` connected to another process within ``seconds`` (several processes;
        none otherwise)."""
        if not self.shared:
            return set()
        return await self.db.read(partial(seen_since, table_id=table.id, seconds=seconds))

    def metrics(self) -> dict[str, Any]:
        lat = sorted(self.latencies)

        def pct(p: float) -> float | None:
            return None if not lat else round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 3)

        return {"status": "ok", "live_tables": self.live_count(), "tables_in_memory": len(self.tables),
                "connections": sum(len(t.connections) for t in self.tables.values()),
                "actions": self.actions_total, "commits": self.db.commits,
                "move_latency_ms": {"p50": pct(0.5), "p99": pct(0.99), "samples": len(lat)}}

    # ------------------------------------------------------------------ changing a table
    @contextlib.asynccontextmanager
    async def locked(self, table: Table) -> AsyncIterator[None]:
        """Hold ``table`` for a change: its lock in this process; with several processes, also its row in
        the database, in a transaction that first brings the table up to what is stored (the change's
        write then commits in it: ``_write``). Whatever is decided inside sees the stored truth. (Actions
        take the lock only, and are stored in one statement that checks the copy: play.py.)"""
        async with table.lock:
            if not self.shared:
                yield
                return
            async with self._tx_slots:
                tx = Tx(self.db, table.id)
                try:
                    try:
                        delta = await _unsplit(tx.begin(table.revision, table.ply, table.undos))
                    except LookupError:
                        raise ServiceError(404, "no_table", f"no table {table.id!r}") from None
                    except Exception as e:
                        log.warning("table %s: its transaction could not begin: %s", table.id, e)
                        raise ServiceError(503, "storage_unavailable", "the database cannot be reached now; "
                                                                       "try again") from None
                    if delta is not None:
                        await self._catch_up(table, delta)
                    table.tx = tx
                    yield
                finally:
                    table.tx = None
                    await _unsplit(tx.close())

    async def _write(self, table: Table, write: Callable[[DBConnection], Any]) -> None:
        """Commit ``write`` (in the table's transaction, counted and announced, with several processes)."""
        if table.tx is None:
            await self.db.write(write)
            return
        table.revision = await table.tx.commit(write)
        self.announce(f"t {table.id} {table.revision} {self.db.writer_id}")

    def announce(self, payload: str) -> None:
        """Tell the other processes (several processes; nothing otherwise)."""
        if self.notifier is not None:
            self.notifier.send(payload)

    async def _write_action(self, table: Table, action: ActionWrite) -> None:
        """Commit an accepted action. With several processes, in one statement that stores it only if the
        table was not changed elsewhere since this copy (else ``Stale``: nothing stored, catch up and decide
        again), then announced."""
        if table.tx is not None:
            table.revision = await table.tx.commit(partial(storage.append_actions, actions=[action]))
        elif self.actor is not None:
            table.revision = await self.actor.act(action, table.revision, table.undos)
        else:
            await self.db.write_action(action)
            return
        self.announce(f"t {table.id} {table.revision} {self.db.writer_id}")

    async def _catch_up(self, table: Table, delta: Delta) -> None:
        """Bring ``table`` up to what another process stored (only the actions it has not seen are
        replayed; after an undo, or if they do not replay, the table is rebuilt), and tell its watchers."""
        stored, state = delta.stored, None
        if delta.since is not None and len(stored.actions) == stored.version - delta.since:
            state = table.state
            if stored.actions:
                state = state.clone()
                try:
                    for seat, notation in stored.actions:
                        state.apply(seat, state.parse_action(seat, notation))
                except Exception:
                    log.exception("table %s: the stored actions do not follow this copy; rebuilding it", table.id)
                    state = None
        if state is None:
            if delta.since is not None:
                full = await self.db.read(partial(storage.load_table, table_id=table.id))
                if full is None:
                    return
                stored = full
            table.adopt(await asyncio.to_thread(rebuild, stored))
        else:
            table.sync(stored, state)
        self.changed(table)

    async def refresh(self, table: Table) -> None:
        """Catch up with storage now (a notice from another process, or a token unknown here)."""
        async with table.lock:
            await self._caught_up(table)

    async def _caught_up(self, table: Table) -> bool:
        """Catch up with storage, the table's lock held; whether anything had changed."""
        delta = await self.db.read(partial(read_delta_at_once, table_id=table.id, revision=table.revision,
                                           ply=table.ply, undos=table.undos))
        if delta is None:
            return False
        await self._catch_up(table, delta)
        return True

    async def _change(self, table: Table, write: Callable[[DBConnection], None], apply: Callable[[], None]) -> None:
        """Commit ``write``, then ``apply`` the same change in memory (a cancelled caller cannot split
        them); then everyone is told."""
        async def run() -> None:
            await self._write(table, write)
            apply()
            table.seats_changed()

        await to_the_end(run())
        self.changed(table)

    def changed(self, table: Table) -> None:
        """After a change: every watcher is told, bots play if they are to move, the clock is re-armed."""
        table.notify()
        if table.leased:  # (with several processes, the lease holder plays the bots and keeps the clock)
            self.bots.kick(table)
            self.arm_clock(table)

    def plan_clock(self, table: Table, status: str, seats: list[Seat], state: State, actor: int | None = None,
                   start: ClockState | None = None) -> ClockState | None:
        """The table's clocks after a change to ``status``, ``seats`` and ``state`` (from ``start``, the
        clocks now if None), without touching the table: the change stores them with itself."""
        if table.clock is None or table.clock_state is None:
            return None
        planned = (start or table.clock_state).copy()
        planned.sync(table.clock, running_seats(status, seats, state), time.time(), actor)
        return planned

    def arm_clock(self, table: Table) -> None:
        """Wake up at the table's next deadline (seats.py ``clock_due`` plays out of time seats)."""
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        if table.clock is None or table.clock_state is None or table.status != PLAYING:
            return
        deadline = table.clock_state.next_deadline(table.clock)
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        table.clock_timer = loop.call_later(max(0.0, deadline - time.time()) + 0.01,
                                            lambda: self._spawn(self.clock_due(table)))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_log_failure)

    async def clock_due(self, table: Table) -> None:
        raise NotImplementedError  # seats.py

    async def submit(self, table: Table, seat: int, text: object, version: int | None = None,
                     by_bot: bool = False) -> int:
        raise NotImplementedError  # play.py

    # ------------------------------------------------------------------ connections
    def attach(self, conn: Connection) -> None:
        table = conn.table
        table.connections.add(conn)
        conn.start()
        if conn.seat is not None:
            table.people_seen = time.monotonic()
            table.seats_changed()
            table.notify(presence=True)

    async def detach(self, conn: Connection) -> None:
        table = conn.table
        await conn.stop()
        if conn in table.connections:
            table.connections.discard(conn)
            if conn.seat is not None:
                now = time.monotonic()
                table.people_seen = now
                table.seats[conn.seat].last_seen = now
                table.seats_changed()
                table.notify(presence=True)


async def _unsplit(work: Coroutine[Any, Any, Any]) -> Any:
    """Await ``work`` (a step of a table's transaction) to its end even if the caller is cancelled
    meanwhile, so that a connection holding a row is never left behind."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await task
        raise


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a clock timeout failed", exc_info=task.exception())
