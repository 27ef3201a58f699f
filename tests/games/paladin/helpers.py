"""Helpers for Paladin story tests: stacked games driven by notation."""

from __future__ import annotations

from typing import Any

import medieval
from medieval.games.paladin.rules import PaladinState


def stacked(players: int = 3, **setup: Any) -> PaladinState:
    options = setup.pop("options", {})
    state = medieval.make("paladin", players, **options).scenario(**setup)
    assert isinstance(state, PaladinState)
    return state


def do(state: PaladinState, *moves: str) -> None:
    """Apply moves given as 'SEAT notation', e.g. '0 place 7r Q1'."""
    for move in moves:
        seat_text, _, text = move.partition(" ")
        seat = int(seat_text)
        state.apply(seat, state.parse_action(seat, text))


def notations(state: PaladinState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def place_all(state: PaladinState, plan: dict[int, list[str]]) -> None:
    """Play the placement phase: ``plan[seat]`` lists that seat's placements ("7r Q1") in its turn
    order; every look decision is answered 'nolook'."""
    queues = {s: list(v) for s, v in plan.items()}
    while state.phase == "place":
        seat = state.to_move[0]
        if "nolook" in notations(state, seat):
            do(state, f"{seat} nolook")
            continue
        do(state, f"{seat} place {queues[seat].pop(0)}")


# A 3-player stacked round used by several tests: dealer 0, quests Q7 (3 swords), K1 (4), K7 (6).
HANDS_3P = [["9", "5", "2", "0"], ["7r", "6", "3", "1"], ["8", "4r", "4", "1r"]]
QUESTS_3P = ["Q7", "K1", "K7"]
