"""Several server processes over one PostgreSQL database: the service side (shared.py has the
database side).

Each process hears the others' notices and brings its copies of their tables up to date, then pushes
the new views to its own sockets; chat messages stored elsewhere are sent on to its connections too.
A heartbeat every third of ``lease_seconds`` renews this process's leases and claims tables whose lease
has run out (their process died); the tables it holds have their bots and clock timers run here, and
only here. A process that stops gives its leases up at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from functools import partial

from sqlalchemy import Connection

from medieval.interfaces.server import storage
from medieval.interfaces.server.chat import ChatOps
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.shared import (
    Actor,
    Listener,
    Notifier,
    chat_message,
    release_leases,
    renew_leases,
    revisions,
)
from medieval.interfaces.server.table import BROKEN, Table

log = logging.getLogger("medieval.server.shared")

#: Expired leases one heartbeat claims at most (the others are left to the next beat, or to others).
CLAIM_PER_BEAT = 200


class ClusterOps(ChatOps):
    _listener: Listener | None = None
    _leaser: asyncio.Task[None] | None = None

    async def start_shared(self) -> None:
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._listener = Listener(self.settings.database_url, self.on_notice, self.on_listening)
        self._listener.start(asyncio.get_running_loop())
        assert self.db.tx_engine is not None
        self.notifier = Notifier(self.db.tx_engine)
        self.notifier.start()
        self.actor = Actor(self.db.url, self.db.writer_id, self.settings.db_writers, self.settings.commit_batch)
        self.actor.start()
        await asyncio.to_thread(self._listener.connected.wait, 10.0)
        self._leaser = asyncio.create_task(self._keep_leases(), name="medieval-leases")

    async def stop_shared(self) -> None:
        if self._leaser is not None:
            self._leaser.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._leaser
        for table in self.tables.values():
            table.leased = False
        try:  # the others take the tables over at their next beat, not a lease later
            await self.db.write(partial(release_leases, owner=self.db.writer_id))
        except Exception:
            log.warning("could not give the leases up: they run out in %g s", self.settings.lease_seconds)
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        for task in list(self._refreshing.values()):
            task.cancel()
        if self.notifier is not None:
            await self.notifier.stop()
        if self.db.tx_engine is not None:
            await self.db.tx_engine.dispose()

    # ------------------------------------------------------------------ notices
    def on_listening(self) -> None:
        """(Re)connected: notices sent meanwhile were lost, so every table here is brought up to date."""
        for table in list(self.tables.values()):
            self._refresh_soon(table)

    def on_notice(self, payload: str) -> None:
        parts = payload.split(" ")
        try:
            if parts[0] == "t" and len(parts) == 4 and parts[3] != self.db.writer_id:
                table = self.tables.get(parts[1])
                if table is not None and int(parts[2]) > table.revision:
                    self._refresh_soon(table)
            elif parts[0] == "c" and len(parts) == 5 and parts[4] != self.db.writer_id:
                table = self.tables.get(parts[1])
                if table is not None:
                    task = asyncio.ensure_future(self._chat_from_elsewhere(table, parts[2], int(parts[3])))
                    task.add_done_callback(_log_failure)
        except ValueError:
            log.warning("a notice not understood: %r", payload)

    def _refresh_soon(self, table: Table) -> None:
        running = self._refreshing.get(table.id)
        if running is not None and not running.done():
            self._again.add(table.id)  # once more when this refresh is over
            return
        self._refreshing[table.id] = asyncio.create_task(self._refresh_until_quiet(table))

    async def _refresh_until_quiet(self, table: Table) -> None:
        try:
            while True:
                self._again.discard(table.id)
                try:
                    await self.refresh(table)
                except Exception:
                    log.exception("table %s: catching up with storage failed", table.id)
                if table.id not in self._again:
                    return
        finally:
            self._refreshing.pop(table.id, None)

    async def _chat_from_elsewhere(self, table: Table, channel: str, message_id: int) -> None:
        message = await self.db.read(partial(chat_message, message_id=message_id))
        if message is not None:
            table.chat_total += 1
            self.post(table, channel, message)

    # ------------------------------------------------------------------ leases
    async def _keep_leases(self) -> None:
        period = self.settings.lease_seconds / 3
        renewed = time.monotonic()
        while True:
            started = time.monotonic()
            try:
                connected = [(t.id, s) for t in self.tables.values() if t.live
                             for s in sorted({c.seat for c in t.connections if c.seat is not None})]
                held = await self.db.write(partial(renew_leases, owner=self.db.writer_id,
                                                   seconds=self.settings.lease_seconds, claim=CLAIM_PER_BEAT,
                                                   connected=connected))
            except Exception:
                log.exception("renewing the leases failed")
                if time.monotonic() - renewed > self.settings.lease_seconds:
                    await self._hold(set(), started)  # they have run out: others may hold them now
            else:
                renewed = time.monotonic()
                await self._hold(set(held), started)
            try:
                await self._compare_revisions()
            except Exception:
                log.exception("comparing the tables' revisions failed")
            await asyncio.sleep(period)

    async def _compare_revisions(self) -> None:
        """Catch up with the tables watched here whose notice was lost."""
        watched = [t for t in self.tables.values() if t.connections or t.leased]
        if not watched:
            return
        stored = await self.db.read(partial(revisions, table_ids=[t.id for t in watched]))
        for table in watched:
            if stored.get(table.id, table.revision) > table.revision:
                self._refresh_soon(table)

    async def _hold(self, held: set[str], asked: float) -> None:
        """This process holds the leases of ``held`` (and of no other table taken before ``asked``, when
        the heartbeat asked: a table created since is its own)."""
        for table in list(self.tables.values()):
            if table.leased and table.id not in held and table.leased_at < asked:
                if table.live:
                    self._drop(table)
                else:
                    table.leased = False
        for table_id in held:
            known = self.tables.get(table_id)
            if known is not None and known.leased:
                continue
            try:
                table = await self.get(table_id)
                await self.refresh(table)
            except ServiceError:
                continue
            except Exception:
                log.exception("table %s does not replay; it is marked broken", table_id)
                await self.db.write(partial(_mark_broken, table_id=table_id))
                continue
            table.leased, table.leased_at = True, time.monotonic()
            log.info("table %s: its bots and clock run in this process now", table_id)
            self.changed(table)

    def _drop(self, table: Table) -> None:
        table.leased = False
        if table.bot_task is not None:
            table.bot_task.cancel()
            table.bot_task = None
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        table.set_thinking(())
        log.info("table %s: its lease went to another process", table.id)


def _mark_broken(conn: Connection, table_id: str) -> None:
    storage.update_table(conn, table_id, status=BROKEN)


def _log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("passing on a chat message failed", exc_info=task.exception())
