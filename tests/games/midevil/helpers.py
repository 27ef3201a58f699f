"""Helpers for MidEvil story tests: scenario positions on a known map (tests/support is the shared
vocabulary: do, play, legal, kinds, last, events_of).

Map coordinates: the Altar tile is tile 0,0, its squares are x 0-2, y 0-2 and its centre square is
1,1; y grows to the south."""

from __future__ import annotations

from typing import Any

from medieval.games.midevil import MidEvilGame, MidEvilState
from tests.support import scenario

ALTAR_CENTRE = [1, 1]
#: A straight road north of the Altar (road squares 1,-1 1,-2 1,-3; grass on both sides).
MEADOW_NORTH = ["Meadow Road", 0, -1, 0]


def make(players: int = 2, options: dict[str, Any] | None = None, **setup: Any) -> MidEvilState:
    """A scenario position (see ``scenario.py`` for the keys), 2 players by default."""
    return scenario(MidEvilGame, players, options, **setup)


def square(state: MidEvilState, x: int, y: int) -> int:
    """The square id at map coordinates ``x, y``."""
    return state.geo().at[(x, y)]


def pawn_xy(state: MidEvilState, seat: int) -> list[int]:
    p = state.view(None)["pawns"][seat]
    return [p["x"], p["y"]]


def skeletons(state: MidEvilState) -> dict[tuple[int, int], str]:
    """The skeletons on the map, by square, as the spectator sees them."""
    return {(x, y): c for x, y, c in state.view(None)["skeletons"]}
