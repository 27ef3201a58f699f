"""Play: actions, and taking one back (undo).

An action is checked under the table's lock, applied to a copy of the state, written with its ply (the
primary key ``(table, ply)`` refuses a second action at a ply), committed, and only then does the copy
replace the live state. If the write fails, storage decides: the action is acknowledged only if the
action stored at its ply is this very one, written by this process (the commit happened and only its
answer was lost); anything else is logged, refused, and the table reloaded from storage.

With several processes the action is decided on this process's copy and stored in one statement that
checks the copy is the stored table (shared.py ``Actor``); when another process changed it meanwhile,
nothing is stored, the copy catches up from the statement's answer and the action is decided again. A
refusal is given only after checking storage for changes the copy lacks.

Undo follows Board Game Arena's policy (core/undo.py): a seat may take back its own last action within
its turn, never past a reveal, a chance event or another seat's decision."""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from typing import Any

from medieval.core.errors import IllegalActionError, InvalidActionError
from medieval.core.undo import can_undo, undo_allowed_cheaply, undo_record
from medieval.interfaces.server import storage
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.service import ServiceBase, to_the_end
from medieval.interfaces.server.shared import Stale
from medieval.interfaces.server.table import (
    FINISHED,
    MAX_NOTATION,
    OPEN,
    PLAYING,
    UNDO_MARKS,
    Table,
    UndoMark,
    rebuild,
)

log = logging.getLogger("medieval.server")

#: Times an action is decided again after finding its table changed by another process.
STALE_RETRIES = 8


def _not_playing(table: Table) -> ServiceError:
    if table.status == FINISHED:
        return ServiceError(409, "game_over", "the table is finished")
    if table.status == OPEN:
        return ServiceError(409, "not_started", "the table is open: the game has not started")
    return ServiceError(409, "table_closed", f"the table was {table.status}")


class PlayOps(ServiceBase):
    async def submit(self, table: Table, seat: int, text: object, version: int | None = None,
                     by_bot: bool = False) -> int:
        """Apply ``seat``'s action (notation) once it is committed; return the new version. Anything
        refused raises ServiceError and changes nothing. ``by_bot``: the seat's bot (its own or one
        standing in) plays it."""
        started = time.perf_counter()
        if not isinstance(text, str) or len(text) > MAX_NOTATION:
            raise ServiceError(422, "invalid_action", f"an action is notation text of at most {MAX_NOTATION} "
                                                      f"characters")
        async with table.lock:
            for attempt in range(STALE_RETRIES + 1):
                try:
                    await self._act(table, seat, text, version, by_bot)
                    break
                except Stale as stale:  # changed by another process meanwhile: nothing stored; decide again
                    if stale.delta is None:
                        raise ServiceError(404, "no_table", f"no table {table.id!r}") from None
                    await self._catch_up(table, stale.delta)
                except ServiceError:  # refused: on what is stored, not on a copy behind it
                    if not self.shared or attempt == STALE_RETRIES or not await self._checked_again(table):
                        raise
            else:
                raise ServiceError(503, "busy_table", "the table keeps changing under this action; try again")
        self.actions_total += 1
        self.latencies.append(time.perf_counter() - started)
        if not by_bot:
            table.people_seen = time.monotonic()
        self.changed(table)
        return table.version

    async def _checked_again(self, table: Table) -> bool:
        """Whether storage had changes this process's copy of ``table`` lacked (it has them now)."""
        try:
            return await self._caught_up(table)
        except Exception:
            log.warning("table %s: storage could not be read to check a refusal", table.id, exc_info=True)
            return False

    async def _act(self, table: Table, seat: int, text: str, version: int | None, by_bot: bool) -> None:
        """Decide on and commit ``seat``'s action, the table's lock held (with several processes, the
        write raises ``Stale`` if the table was changed elsewhere since this copy)."""
        if table.status != PLAYING:
            raise _not_playing(table)
        target = table.seats[seat]
        if by_bot and target.player is None:
            raise ServiceError(409, "not_a_bot", f"no bot plays seat {seat} now")
        if not by_bot and not target.present:
            raise ServiceError(409, "seat_absent", "you are away from this seat (you left it, or your time ran "
                                                   "out and a bot plays it): take it back (rejoin) to act")
        if version is not None and version != table.version:
            raise ServiceError(409, "stale_version", f"the table is at version {table.version}, not {version}")
        state = table.state
        try:
            action = state.parse_action(seat, text)
        except IllegalActionError as e:
            if seat not in state.to_move:
                raise ServiceError(409, "not_your_turn", f"seat {seat} is not to move", []) from None
            raise ServiceError(422, "illegal_action", str(e), e.legal) from None
        except InvalidActionError as e:
            raise ServiceError(422, "invalid_action", str(e), e.legal) from None
        new = state.clone()
        new.apply(seat, action)
        ply = table.ply
        outcome = new.outcome
        status = FINISHED if outcome is not None else PLAYING
        clock = self.plan_clock(table, status, table.seats, new, actor=seat)
        mark = UndoMark(ply, seat, not by_bot and undo_allowed_cheaply(state, seat, action, new),
                        None if table.clock_state is None else table.clock_state.copy())
        notation = str(action)
        write = storage.ActionWrite(table.id, ply, seat, notation, status,
                                    None if outcome is None else outcome.to_json(), self.db.writer_id,
                                    None if clock is None else clock.to_json())

        async def commit() -> None:
            try:
                await self._write_action(table, write)
            except Stale:
                raise
            except Exception as e:
                await self._after_failed_write(table, ply, seat, notation, e)
            table.state, table.ply = new, ply + 1
            table.clock_state = clock
            table.undo_marks.append(mark)
            del table.undo_marks[:-UNDO_MARKS]
            if outcome is not None:
                table.status = FINISHED
                table.finished_at = time.monotonic()

        await to_the_end(commit())

    async def _after_failed_write(self, table: Table, ply: int, seat: int, notation: str, error: Exception) -> None:
        """The write of an action failed; return if storage holds this very action at its ply (the commit
        happened, only its answer was lost), else refuse. Someone else's action there is an error: it is
        logged and the table reloaded from storage, so that nothing stored is lost."""
        try:
            stored = await self.db.read(partial(storage.action_at, table_id=table.id, ply=ply))
        except Exception:
            log.exception("table %s: storing action %d failed, and storage cannot be read", table.id, ply)
            raise ServiceError(503, "storage_unavailable", "the action could not be stored; try again") from error
        if stored == (seat, notation, self.db.writer_id):
            return
        if stored is None:
            log.error("table %s: storing action %d (seat %d, %r) failed: %s", table.id, ply, seat, notation, error)
            raise ServiceError(503, "storage_unavailable", "the action could not be stored; try again") from error
        log.error("table %s: ply %d is already stored as seat %d %r by writer %s, not seat %d %r by this "
                  "server (%s): another process writes this database; the table is reloaded from storage",
                  table.id, ply, stored[0], stored[1], stored[2], seat, notation, self.db.writer_id)
        await self._reload(table)
        raise ServiceError(409, "write_conflict", "another action was stored at this point of the game: your action "
                                                  "was not applied; here is the table as it is stored") from error

    async def _reload(self, table: Table) -> None:
        stored = await self.db.read(partial(storage.load_table, table_id=table.id))
        if stored is None:
            return
        fresh = await asyncio.to_thread(rebuild, stored)
        table.adopt(fresh)
        self.changed(table)

    # ------------------------------------------------------------------ undo
    async def undo(self, table: Table, seat: int, version: int | None = None) -> int:
        """Take back ``seat``'s last action if the undo policy allows it; return the new version."""
        async with self.locked(table):
            if table.status != PLAYING:
                raise _not_playing(table)
            if not table.seats[seat].present:
                raise ServiceError(409, "seat_absent", "you are away from this seat: take it back (rejoin) first")
            if version is not None and version != table.version:
                raise ServiceError(409, "stale_version", f"the table is at version {table.version}, not {version}")
            if not table.can_undo(seat):
                raise ServiceError(409, "undo_refused", "there is nothing of yours to take back: only your own "
                                                        "last action, while your turn goes on, and not one that "
                                                        "drew a card or a die, or showed anyone anything")
            after = table.state
            last_seat, notation = after.history[-1]
            assert last_seat == seat

            def check() -> tuple[Any, bool]:
                before = table.game.replay(undo_record(after.record()))
                return before, can_undo(before, seat, before.parse_action(seat, notation), after)

            before, allowed = await asyncio.to_thread(check)
            if not allowed:
                raise ServiceError(409, "undo_refused", "that action told another player something (what it "
                                                        "was possible to do depended on what they cannot see): "
                                                        "it cannot be taken back")
            mark = table.undo_marks[-1]
            ply = table.ply - 1
            clock = self.plan_clock(table, PLAYING, table.seats, before, start=mark.clock)

            async def commit() -> None:
                await self._write(table, partial(storage.take_back, table_id=table.id, ply=ply,
                                                 clock_state=None if clock is None else clock.to_json()))
                table.state, table.ply = before, ply
                table.undos += 1
                table.clock_state = clock
                table.undo_marks.pop()
                counts: dict[int | None, int] = {}
                for conn in table.connections:  # each log is shorter now: continue it from what is true
                    if conn.seat not in counts:
                        counts[conn.seat] = len(before.events(conn.seat))
                    conn.events_sent = min(conn.events_sent, counts[conn.seat])
                table.seats_changed()

            await to_the_end(commit())
        table.people_seen = time.monotonic()
        log.info("table %s: seat %d took back %r", table.id, seat, notation)
        self.changed(table)
        return table.version
