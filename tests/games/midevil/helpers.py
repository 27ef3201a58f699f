"""Helpers for MidEvil story tests: scenario positions driven by notation.

Map coordinates: the Altar tile is tile 0,0, its squares are x 0-2, y 0-2 and its centre square is
1,1; y grows to the south."""

from __future__ import annotations

from typing import Any

import medieval
from medieval.games.midevil import MidEvilState

ALTAR_CENTRE = [1, 1]
#: A straight road north of the Altar (road squares 1,-1 1,-2 1,-3; grass on both sides).
MEADOW_NORTH = ["Meadow Road", 0, -1, 0]


def make(players: int = 2, options: dict[str, Any] | None = None, **setup: Any) -> MidEvilState:
    state = medieval.make("midevil", players, **(options or {})).scenario(**setup)
    assert isinstance(state, MidEvilState)
    return state


def do(state: MidEvilState, *moves: str) -> None:
    """Apply moves written 'SEAT notation', e.g. '0 move N'."""
    for move in moves:
        seat_text, _, text = move.partition(" ")
        seat = int(seat_text)
        state.apply(seat, state.parse_action(seat, text))


def notations(state: MidEvilState, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = state.to_move[0]
    return [str(a) for a in state.legal_actions(seat)]


def kinds(state: MidEvilState, seat: int | None = None) -> list[str]:
    return [e["kind"] for e in state.events(seat)]


def last(state: MidEvilState, kind: str, seat: int | None = None) -> dict[str, Any]:
    """The last event of that kind (as ``seat`` sees it)."""
    for e in reversed(state.events(seat)):
        if e["kind"] == kind:
            return e
    raise AssertionError(f"no {kind} event")


def square(state: MidEvilState, x: int, y: int) -> int:
    return state.geo().at[(x, y)]


def pawn_xy(state: MidEvilState, seat: int) -> list[int]:
    p = state.view(None)["pawns"][seat]
    return [p["x"], p["y"]]


def skeletons(state: MidEvilState) -> dict[tuple[int, int], str]:
    return {(x, y): c for x, y, c in state.view(None)["skeletons"]}
