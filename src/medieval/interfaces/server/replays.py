"""Finished games for everyone: the full record to download, and the game replayed up to any step,
from one seat's view, the spectator's, or with every seat's cards open. Nothing of a game under way is
served here but a seat's own history (to that seat): the full record holds the seed, which decides every
hidden card."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from medieval.core.state import State
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.narrate import with_text
from medieval.interfaces.server.table import DEALT, FINISHED, Table

#: Positions replayed, per table: (table id -> every state from step 0 to the end), a few tables kept.
_CACHE: OrderedDict[str, list[State]] = OrderedDict()
_CACHE_TABLES = 8


def record(table: Table) -> dict[str, Any]:
    """The record of a finished table, with its id and the seats' names."""
    _finished(table)
    return {**table.state.record(), "table": table.id, "names": list(table.names())}


def seat_record(table: Table, seat: int) -> dict[str, Any]:
    """A game under way as ``seat`` saw it: its own actions (with their ply) and its log, each event with
    its sentence, and its view now. Nothing it was not shown: no seed, no other seat's hidden card."""
    state = table.state
    dealt = table.status in DEALT
    return {"format": "medieval/seat-history@1", "table": table.id, "game": table.game.spec.name,
            "players": table.game.players, "options": dict(table.game.options), "status": table.status,
            "seat": seat, "names": list(table.names()),
            "actions": [[ply, n] for ply, (s, n) in enumerate(state.history) if s == seat],
            "events": with_text(table.game.spec, state.events(seat), seat, table.names()) if dealt else [],
            "view": dict(state.view(seat)) if dealt else None}


def _finished(table: Table) -> None:
    if table.status != FINISHED:
        raise ServiceError(409, "not_finished", "a game's record and replay are served once it is over")


def _positions(table: Table) -> list[State]:
    states = _CACHE.get(table.id)
    if states is not None:
        _CACHE.move_to_end(table.id)
        return states
    rec = table.state.record()
    state = table.game.replay({**rec, "actions": []})
    states = [state.clone()]
    for seat, notation in rec["actions"]:
        state.apply(seat, state.parse_action(seat, notation))
        states.append(state.clone())
    _CACHE[table.id] = states
    while len(_CACHE) > _CACHE_TABLES:
        _CACHE.popitem(last=False)
    return states


async def replay(table: Table, step: int | None, seat: int | None, open_: bool) -> dict[str, Any]:
    """The finished game at ``step`` (the end if None) from ``seat``'s view, the spectator's (None), or
    every seat's (``open_``)."""
    _finished(table)
    if seat is not None and not 0 <= seat < table.game.players:
        raise ServiceError(422, "no_seat", f"no seat {seat}: seats are 0 to {table.game.players - 1}")
    states = await asyncio.to_thread(_positions, table)
    steps = len(states) - 1
    at = steps if step is None else min(max(step, 0), steps)
    state = states[at]
    names = table.names()
    seats: list[int | None] = list(range(table.game.players)) if open_ else [seat]
    reader = None if open_ else seat
    history = [[s, n] for s, n in table.state.history]
    return {
        "table": table.id, "game": table.game.spec.name, "players": table.game.players,
        "steps": steps, "step": at, "seat": reader, "open": open_,
        "views": [{"seat": s, "view": dict(state.view(s))} for s in seats],
        "to_move": list(state.to_move), "history": history,
        "events": with_text(table.game.spec, state.events(reader), reader, names),
        "seats": table.public_seats(),
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }
