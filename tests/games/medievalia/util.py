"""Helpers for the Medievalia tests: build positions and play moves by notation."""

from __future__ import annotations

from typing import Any

import medieval
from medieval.games.medievalia import MedievaliaGame, MedievaliaState


def game(players: int = 4, **options: Any) -> MedievaliaGame:
    g = medieval.make("medievalia", players=players, **options)
    assert isinstance(g, MedievaliaGame)
    return g


def base_game(players: int = 4, **options: Any) -> MedievaliaGame:
    """A game with no Tower cards unless asked for: the base rules."""
    options.setdefault("tower", "none")
    return game(players, **options)


def scenario(players: int = 4, options: dict[str, Any] | None = None, **setup: Any) -> MedievaliaState:
    opts = {"tower": "none", **(options or {})}
    s = game(players, **opts).scenario(**setup)
    assert isinstance(s, MedievaliaState)
    return s


def play(state: MedievaliaState, *moves: str) -> MedievaliaState:
    """Apply moves in turn order, each by notation, for whoever is to move."""
    for text in moves:
        seat = state.to_move[0]
        state.apply(seat, state.parse_action(seat, text))
    return state


def legal(state: MedievaliaState, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = state.to_move[0]
    return [str(a) for a in state.legal_actions(seat)]


def hand(state: MedievaliaState, seat: int) -> list[str]:
    h = state.view(seat)["hand"]
    assert h is not None
    return list(h)
