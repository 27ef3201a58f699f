"""Seats: joining (one seat per client, but at hotseat tables), starting, leaving and coming back, bots
standing in for people who are away, and clocks running out.

A person's seat is never lost to a stranger: its token holds it to the end of the game. When its holder
is away, because they left, ran out of time, or the other players handed the seat to a bot, a bot may
stand in (``stand_in``) and the holder takes the seat back whenever they return (``rejoin``)."""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection as DBConnection

from medieval.interfaces.server import storage
from medieval.interfaces.server.clock import ClockState
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.service import ServiceBase, running_seats
from medieval.interfaces.server.table import ENDED, FINISHED, OPEN, PLAYING, Seat, Table, clean_name, hash_token

#: The bot that stands in when a seat is handed over and the table has no clock to name one.
DEFAULT_STAND_IN = "medium"


def _ended(table: Table, what: str) -> ServiceError:
    if table.status == FINISHED:
        return ServiceError(409, "table_finished", f"this game is over: there is no seat to {what}")
    return ServiceError(409, "table_closed", f"this table was {table.status}: there is no seat to {what}")


class SeatOps(ServiceBase):
    def _planned(self, table: Table, changes: dict[int, dict[str, Any]]) -> list[Seat]:
        return [dataclasses.replace(s, **changes[s.index]) if s.index in changes else s for s in table.seats]

    def _seat_write(self, table: Table, changes: dict[int, dict[str, Any]], status: str | None,
                    clock: ClockState | None) -> Callable[[DBConnection], None]:
        def write(conn: DBConnection) -> None:
            for index, values in changes.items():
                storage.update_seat(conn, table.id, index, **values)
            table_values: dict[str, Any] = {}
            if status is not None:
                table_values["status"] = status
            if clock is not None:
                table_values["clock_state"] = clock.to_json()
            if table_values:
                storage.update_table(conn, table.id, **table_values)

        return write

    async def _seats(self, table: Table, changes: dict[int, dict[str, Any]], status: str | None = None,
                     revoke: dict[int, str] | None = None, clocks: ClockState | None = None) -> None:
        """Change seats (and the status), with the clocks that follow (from ``clocks``, the clocks now if
        None), in one commit (caller holds the lock)."""
        new_status = status or table.status
        clock = self.plan_clock(table, new_status, self._planned(table, changes), table.state, start=clocks)

        def apply() -> None:
            for index, values in changes.items():
                seat = table.seats[index]
                old = seat.token_hash
                for k, v in values.items():
                    setattr(seat, k, v)
                if old is not None and seat.token_hash != old:
                    table.tokens.pop(old, None)
                    table.revoke(index, (revoke or {}).get(index, "this seat's token no longer holds it"))
                if seat.token_hash is not None:
                    table.tokens[seat.token_hash] = index
            if status is not None:
                table.status = status
            if clock is not None:
                table.clock_state = clock

        await self._change(table, self._seat_write(table, changes, status, clock), apply)

    # ------------------------------------------------------------------ joining
    async def join(self, table: Table, name: str, seat: int | None, invite: str | None = None,
                   client: str | None = None, holding: str | None = None) -> tuple[int, str]:
        """Take a seat. ``client``: the client's key (one seat per client but at hotseat tables);
        ``holding``: a seat token the request carries (a seat of this table: refused as well)."""
        name = clean_name(name)
        if table.private and (not invite or not secrets.compare_digest(hash_token(invite), table.invite_hash or "")):
            raise ServiceError(403, "invite_needed", "this table is private: join it through its invite link")
        client_hash = None if client is None else hash_token(client)
        async with self.locked(table):
            if table.status == OPEN:
                free = [s for s in table.seats if not s.taken]
            elif table.status == PLAYING:  # a seat left mid-game: its holder's, or the invite's
                free = [s for s in table.seats if s.bot is None and not s.present]
                if free and not table.private:
                    raise ServiceError(409, "seat_held", "a seat left during the game is kept for its holder; "
                                                         "only a private table's invite may take it over")
            else:
                raise _ended(table, "join")
            if not table.hotseat:
                held = holding is not None and hash_token(holding) in table.tokens
                if held or (client_hash is not None and any(s.client_hash == client_hash for s in table.seats)):
                    raise ServiceError(409, "one_seat_per_client", "you already hold a seat at this table (one "
                                                                   "seat per person, but at a hotseat table)")
            if seat is not None:
                if not 0 <= seat < len(table.seats):
                    raise ServiceError(422, "no_seat", f"no seat {seat}: seats are 0 to {len(table.seats) - 1}")
                if table.seats[seat] not in free:
                    raise ServiceError(409, "seat_taken", f"seat {seat} is not free")
                target = table.seats[seat]
            elif free:
                target = free[0]
            else:
                raise ServiceError(409, "table_full", "no seat is free at this table")
            token = secrets.token_urlsafe(32)
            starts = (table.status == OPEN and table.auto_start
                      and all(s.taken for s in table.seats if s is not target))
            change = {"name": name, "token_hash": hash_token(token), "present": True, "stand_in": None,
                      "client_hash": client_hash}
            await self._seats(table, {target.index: change}, PLAYING if starts else None,
                              revoke={target.index: "someone else took over this seat"})
            return target.index, token

    async def start_table(self, table: Table, seat: int, fill_bot: str | None) -> None:
        async with self.locked(table):
            if table.status != OPEN:
                raise ServiceError(409, "not_open", f"the table is {table.status}, not open")
            empty = [s for s in table.seats if not s.taken]
            if empty and fill_bot is None:
                raise ServiceError(409, "seats_empty", f"seats {[s.index for s in empty]} are empty: name a "
                                                       f"bot to fill them (fill_bot)")
            bot = None if fill_bot is None else self.bots.validate(fill_bot, table.game)
            await self._seats(table, {s.index: {"bot": bot} for s in empty}, PLAYING)

    # ------------------------------------------------------------------ away and back
    async def leave(self, table: Table, seat: int, bot: str | None) -> None:
        """Before the start the seat is free again (its token dies). During the game the seat waits for
        its holder, with ``bot`` (a level) standing in if given; the token takes it back (rejoin)."""
        async with self.locked(table):
            if table.status not in (OPEN, PLAYING):
                raise _ended(table, "leave")
            if table.status == OPEN:
                change: dict[str, Any] = {"name": None, "token_hash": None, "present": True, "client_hash": None}
            else:
                stand_in = None if bot is None else self.bots.validate(bot, table.game)
                change = {"present": False, "stand_in": stand_in}
            await self._seats(table, {seat: change}, revoke={seat: "you left this seat"})

    async def rejoin(self, table: Table, seat: int) -> None:
        """The holder takes their seat back from a bot standing in, or after leaving it."""
        async with self.locked(table):
            target = table.seats[seat]
            if table.status in ENDED:
                raise _ended(table, "rejoin")
            if target.present and target.stand_in is None:
                return
            await self._seats(table, {seat: {"present": True, "stand_in": None}})

    def absent(self, table: Table, seat: Seat) -> bool:
        """Away: the holder left, or has had no connection for ``handover_after`` seconds."""
        if not seat.present:
            return True
        if any(c.seat == seat.index for c in table.connections):
            return False
        return time.monotonic() - seat.last_seen >= self.settings.handover_after

    async def hand_to_bot(self, table: Table, by: int, seat: int, bot: str | None) -> None:
        """Another player hands an absent person's seat to a bot (its holder can take it back)."""
        async with self.locked(table):
            if table.status != PLAYING:
                raise ServiceError(409, "not_started" if table.status == OPEN else "game_over",
                                   f"the table is {table.status}: only a game under way has seats to hand over")
            if not 0 <= seat < len(table.seats):
                raise ServiceError(422, "no_seat", f"no seat {seat}: seats are 0 to {len(table.seats) - 1}")
            target = table.seats[seat]
            if seat == by:
                raise ServiceError(422, "own_seat", "to let a bot play your own seat, leave it with a bot")
            if not target.person:
                raise ServiceError(409, "not_a_person", f"seat {seat} is a bot's")
            if target.stand_in is not None:
                raise ServiceError(409, "seat_with_bot", f"a bot already plays seat {seat}")
            if not self.absent(table, target) or seat in await self.seen_elsewhere(table, self.settings.handover_after):
                raise ServiceError(409, "seat_not_absent", f"seat {seat}'s player is here (or was, less than "
                                                           f"{self.settings.handover_after:g} s ago)")
            level = bot or (table.clock.bot if table.clock is not None else DEFAULT_STAND_IN)
            await self._seats(table, {seat: {"present": False, "stand_in": self.bots.validate(level, table.game)}})

    async def clock_due(self, table: Table) -> None:
        """A deadline passed: every seat out of time is played by the clock's bot until its holder comes
        back."""
        async with self.locked(table):
            if table.clock is None or table.clock_state is None or table.status != PLAYING:
                return
            late = [s for s in table.clock_state.out_of_time(table.clock, time.time())
                    if s in running_seats(table.status, table.seats, table.state)]
            if not late:
                self.arm_clock(table)
                return
            now = time.time()
            start = table.clock_state.copy()
            for s in late:
                start.settle(table.clock, s, now)
                start.remaining[s] = 0.0
            await self._seats(table, {s: {"present": False, "stand_in": table.clock.bot} for s in late}, clocks=start)

