"""Helpers for the Medievalia tests that only this game needs (tests/support is the shared vocabulary:
game, scenario, do, play, legal, kinds, last, events_of)."""

from __future__ import annotations

import random
from typing import Any

from medieval.games.medievalia import MedievaliaGame, MedievaliaState
from tests.support import game, scenario


def base_game(players: int = 4, **options: Any) -> MedievaliaGame:
    """A game with no Tower cards unless asked for: the base rules."""
    options.setdefault("tower", "none")
    return game(MedievaliaGame, players, **options)


def stacked(players: int = 4, options: dict[str, Any] | None = None, **setup: Any) -> MedievaliaState:
    """A stacked position (``MedievaliaGame.scenario``) under the base rules unless ``options`` say
    otherwise."""
    return scenario(MedievaliaGame, players, {"tower": "none", **(options or {})}, **setup)


def hand(state: MedievaliaState, seat: int) -> list[str]:
    """The cards in ``seat``'s hand, as its view shows them."""
    cards = state.view(seat)["hand"]
    assert cards is not None
    return cards


def random_moves(state: MedievaliaState, moves: int, rng: random.Random) -> MedievaliaState:
    """Apply up to ``moves`` random legal actions (fewer if the game ends); returns the state."""
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def random_state(players: int = 4, moves: int = 60, seed: int = 1, **options: Any) -> MedievaliaState:
    """A seeded game after ``moves`` random moves."""
    return random_moves(game(MedievaliaGame, players, **options).new_game(seed=seed), moves, random.Random(seed))


def play_out(state: MedievaliaState, seed: int = 0) -> MedievaliaState:
    """Random moves to the end of the game."""
    return random_moves(state, 1_000_000, random.Random(seed))


def components_of(state: MedievaliaState, kind: str) -> dict[str, int]:
    """The components of one kind (``card``: creature cards by face, ``tower``: Tower cards by code)."""
    out: dict[str, int] = {}
    for key, count in state.components().items():
        assert isinstance(key, tuple) and len(key) == 2
        if key[0] == kind:
            out[str(key[1])] = count
    return out
