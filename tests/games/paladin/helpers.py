"""Helpers for Paladin story tests: stacked games driven by notation (tests/support is the shared
vocabulary: do, play, legal, kinds, last)."""

from __future__ import annotations

from typing import Any

from medieval.games.paladin import PaladinGame, PaladinState
from medieval.games.paladin.view import CardFace
from tests.support import do, legal, scenario


def stacked(players: int = 3, **setup: Any) -> PaladinState:
    options = setup.pop("options", {})
    return scenario(PaladinGame, players, options, **setup)


def hand(state: PaladinState, seat: int) -> list[CardFace]:
    """The faces in ``seat``'s hand, as its view shows them."""
    cards = state.view(seat)["hand"]
    assert cards is not None
    return cards


def place_all(state: PaladinState, plan: dict[int, list[str]]) -> None:
    """Play the placement phase: ``plan[seat]`` lists that seat's placements ("7r Q1") in its turn
    order; every look decision is answered 'nolook'."""
    queues = {s: list(v) for s, v in plan.items()}
    while state.phase == "place":
        seat = state.to_move[0]
        if "nolook" in legal(state, seat):
            do(state, f"{seat} nolook")
            continue
        do(state, f"{seat} place {queues[seat].pop(0)}")


# A 3-player stacked round used by several tests: dealer 0, quests Q7 (3 swords), K1 (4), K7 (6).
HANDS_3P = [["9", "5", "2", "0"], ["7r", "6", "3", "1"], ["8", "4r", "4", "1r"]]
QUESTS_3P = ["Q7", "K1", "K7"]
