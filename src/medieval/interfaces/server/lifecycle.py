"""A table's life: created (within the limits of the server and of the client), then open until it
starts, playing until it is over; or cancelled by its creator while open, expired when nobody came in
time, abandoned when its people are all gone. Every status is stored, so it survives a restart."""

from __future__ import annotations

import logging
import secrets
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection as DBConnection
from sqlalchemy import func, select, text

import medieval
from medieval.core.errors import MedievalError
from medieval.core.rng import fresh_seed
from medieval.core.state import RECORD_FORMAT
from medieval.interfaces.server import storage
from medieval.interfaces.server.clock import TURN, ClockConfig, ClockError
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.service import ServiceBase, client_key
from medieval.interfaces.server.shared import take_lease
from medieval.interfaces.server.table import (
    ABANDONED,
    CANCELLED,
    EXPIRED,
    LIVE,
    OPEN,
    PLAYING,
    Seat,
    Table,
    clean_name,
    hash_token,
)

log = logging.getLogger("medieval.server")


@dataclass
class Creation:
    """A new table, the creator's seat and seat token (if they sat down), the invite code of a private
    table, and the creator's credential (it cancels the table while it is open)."""

    table: Table
    seat: int | None
    token: str | None
    invite: str | None
    creator: str


def _too_many(mine: int) -> ServiceError:
    return ServiceError(429, "too_many_tables", f"you already have {mine} tables open or under way, the most one "
                                                f"client may have: finish or cancel one first")


def _insert(conn: DBConnection, row: dict[str, Any], seats: list[dict[str, Any]], lease: str | None,
            seconds: float, per_client: int | None = None) -> None:
    """Store a new table (and its lease). ``per_client``: with several processes, the creator's live
    tables are counted in storage, under a lock on the creator's key, so that no client gets past the
    limit by spreading its tables over the processes."""
    if per_client is not None:
        client = row["creator_client"]
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:c))"), {"c": f"tables-of {client}"})
        mine = conn.execute(select(func.count()).select_from(storage.TABLES).where(
            storage.TABLES.c.creator_client == client, storage.TABLES.c.status.in_(LIVE))).scalar_one()
        if mine >= per_client:
            raise _too_many(mine)
    storage.insert_table(conn, row, seats)
    if lease is not None:
        take_lease(conn, row["id"], lease, seconds)


class LifecycleOps(ServiceBase):
    def _clock(self, clock: dict[str, Any] | None, game: Any) -> ClockConfig | None:
        if clock is None:
            return None
        bot = self.bots.validate(clock.get("bot") or "medium", game)
        try:
            return ClockConfig.checked(str(clock["kind"]), float(clock["per_move"]), float(clock.get("reserve") or 0),
                                       bot, self.settings.min_clock_seconds)
        except ClockError as e:
            raise ServiceError(422, "invalid_clock", str(e)) from None

    async def create(self, game_name: str, players: int | None, options: dict[str, Any],
                     bots: list[str | None], auto_start: bool, name: str | None, private: bool = False,
                     seat: int | None = None, clock: dict[str, Any] | None = None, hotseat: bool = False,
                     client: str | None = None, address: str = "") -> Creation:
        """A new table, created by the client at ``address`` (its key: ``client``, for one seat each)."""
        if self.live_count() >= self.settings.max_live_tables:
            raise ServiceError(503, "server_full", "the server has as many tables as it can hold; try later")
        creator_client = client_key(address)
        if not self.shared:  # (with several processes, counted in storage as the table is stored)
            mine = sum(1 for t in self.tables.values() if t.live and t.creator_client == creator_client)
            if mine >= self.settings.max_tables_per_client:
                raise _too_many(mine)
        try:
            game = medieval.make(game_name, players, **options)
        except MedievalError as e:
            raise ServiceError(422, "invalid_game", str(e)) from None
        except TypeError as e:  # options that are not keyword names
            raise ServiceError(422, "invalid_game", str(e)) from None
        if len(bots) > game.players:
            raise ServiceError(422, "invalid_seats", f"{len(bots)} seats given for {game.players} players")
        config = self._clock(clock, game)
        seats = [Seat(i, None if i >= len(bots) or bots[i] is None else self.bots.validate(bots[i], game))
                 for i in range(game.players)]
        token = None
        joined: int | None = None
        if name is not None:
            name = clean_name(name)
            free = [s for s in seats if not s.taken]
            if not free:
                raise ServiceError(422, "invalid_seats", "every seat is a bot: there is no seat for you")
            if seat is not None:
                if not 0 <= seat < len(seats) or seats[seat].taken:
                    raise ServiceError(422, "invalid_seats", f"seat {seat} is not a free seat for a person")
                free = [seats[seat]]
            token = secrets.token_urlsafe(32)
            joined = free[0].index
            free[0].name, free[0].token_hash = name, hash_token(token)
            free[0].client_hash = None if client is None else hash_token(client)
        status = PLAYING if auto_start and all(s.taken for s in seats) else OPEN
        table_id = secrets.token_urlsafe(9)
        invite = secrets.token_urlsafe(12) if private else None
        creator = secrets.token_urlsafe(24)
        table = Table(table_id, game, fresh_seed(), status, auto_start, seats, private=private,
                      invite_hash=None if invite is None else hash_token(invite), creator_hash=hash_token(creator),
                      creator_client=creator_client, hotseat=hotseat, clock=config)
        table.clock_state = self.plan_clock(table, status, seats, table.state)
        stamp = storage.now()
        row = {"id": table_id, "game": game.spec.name, "players": game.players, "options": dict(game.options),
               "seed": table.seed, "status": status, "auto_start": auto_start, "version": 0, "outcome": None,
               "created_at": stamp, "updated_at": stamp, "private": private, "invite_hash": table.invite_hash,
               "creator_hash": table.creator_hash, "creator_client": creator_client, "hotseat": hotseat,
               "clock": None if config is None else config.to_json(),
               "clock_state": None if table.clock_state is None else table.clock_state.to_json(), "undos": 0,
               "record_format": RECORD_FORMAT}
        lease = self.db.writer_id if self.shared else None  # (the creator runs its bots until it goes away)
        await self.db.write(partial(_insert, row=row, seats=[s.row(table_id) for s in seats], lease=lease,
                                    seconds=self.settings.lease_seconds,
                                    per_client=self.settings.max_tables_per_client if self.shared else None))
        table.created = stamp.timestamp()
        self.tables[table_id] = table
        self.changed(table)
        return Creation(table, joined, token, invite, creator)

    async def cancel(self, table: Table, creator: str | None) -> None:
        """The creator calls off a table that has not started."""
        if not creator:
            raise ServiceError(401, "no_token", "cancelling needs the creator's credential (Authorization: Bearer "
                                                "CREATOR), returned when the table was created")
        if table.creator_hash is None or not secrets.compare_digest(hash_token(creator), table.creator_hash):
            raise ServiceError(403, "not_creator", "only the table's creator may cancel it")
        async with self.locked(table):
            if table.status != OPEN:
                raise ServiceError(409, "not_open", f"the table is {table.status}: only an open table can be cancelled")
            await self._end(table, CANCELLED)

    async def _end(self, table: Table, status: str) -> None:
        """End a live table without a result (the caller holds its lock)."""
        def apply() -> None:
            table.status = status
            table.finished_at = time.monotonic()
            if table.clock_timer is not None:
                table.clock_timer.cancel()
                table.clock_timer = None

        await self._change(table, partial(storage.update_table, table_id=table.id, status=status), apply)
        log.info("table %s %s", table.id, status)

    def abandon_limit(self, table: Table) -> float:
        """Seconds without any of its people after which a table under way is abandoned."""
        limit = self.settings.abandon_after
        if table.clock is not None and table.clock.kind == TURN:
            limit += table.clock.per_move + table.clock.reserve
        return limit

    async def sweep(self) -> None:
        """Also: expire open tables past ``open_table_ttl``, abandon games whose people are all gone."""
        await super().sweep()
        wall, now = time.time(), time.monotonic()
        for table in list(self.tables.values()):
            if not table.leased:  # (another process holds its lease: it does this)
                continue
            if table.status == OPEN and table.created + self.settings.open_table_ttl <= wall:
                async with self.locked(table):
                    if table.status == OPEN:
                        await self._end(table, EXPIRED)
            elif table.status == PLAYING and any(s.person for s in table.seats):
                if any(c.seat is not None for c in table.connections):
                    table.people_seen = now
                elif now - table.people_seen >= self.abandon_limit(table):
                    if await self.seen_elsewhere(table, self.abandon_limit(table)):
                        table.people_seen = now  # its people are connected to other processes
                        continue
                    async with self.locked(table):
                        if table.status == PLAYING and not any(c.seat is not None for c in table.connections):
                            await self._end(table, ABANDONED)
