"""One vocabulary for every game's tests.

- ``game(PaladinGame, 4, next_dealer="fewest")``: a configured game of that concrete type;
- ``scenario(PaladinGame, 3, options={...}, hands=[...])``: a stacked position (the game's ``scenario``);
- ``do(state, "0 place 7r Q1", "1 nolook")``: moves written ``SEAT notation``, applied in order;
- ``play(state, "place 7r Q1", "nolook")``: moves by notation, each for the first seat to move;
- ``play_randomly(state, rng, 40)``: random legal moves of the first seat to move, ``steps`` of them or
  to the end of the game;
- ``legal(state)`` / ``legal(state, seat)``: the notation of the legal actions;
- ``kinds(state, seat)``, ``last(state, kind, seat)``, ``events_of(state, kind, seat)``: the log as a seat
  sees it (``seat`` None: the spectator).

Tests cite the rule they check in their name and docstring (``test_6_3_zero_beats_nine``...)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from medieval.core.state import Game, State

G = TypeVar("G", bound=Game[Any])
S = TypeVar("S", bound=State)

__all__ = ["do", "events_of", "game", "kinds", "last", "legal", "play", "play_randomly", "scenario"]


def game(cls: type[G], players: int | None = None, **options: Any) -> G:
    """A configured game of class ``cls`` (its concrete type, for typed tests)."""
    return cls(players, **options)


def scenario(cls: type[Game[S]], players: int | None = None, options: dict[str, Any] | None = None,
             **setup: Any) -> S:
    """A stacked position of game class ``cls`` with ``options``, built by its ``scenario(**setup)``."""
    return cls(players, **(options or {})).scenario(**setup)


def do(state: State, *moves: str) -> None:
    """Apply moves written ``SEAT notation`` (e.g. ``"0 place 7r Q1"``), in order."""
    for move in moves:
        seat_text, _, text = move.partition(" ")
        if not seat_text.isdigit():
            raise ValueError(f"write moves as 'SEAT notation', got {move!r}")
        seat = int(seat_text)
        state.apply(seat, state.parse_action(seat, text))


def play(state: S, *moves: str) -> S:
    """Apply moves by notation, each for the first seat to move; returns the state."""
    for text in moves:
        seat = state.to_move[0]
        state.apply(seat, state.parse_action(seat, text))
    return state


def play_randomly(state: S, rng: random.Random, steps: int | None = None) -> S:
    """Random legal moves (``rng.choice``), each for the first seat to move: ``steps`` of them, or all
    until the game is over (``None``), stopping early if it ends; returns the state."""
    done = 0
    while not state.is_over and (steps is None or done < steps):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return state


def legal(state: State, seat: int | None = None) -> list[str]:
    """The notation of ``seat``'s legal actions (default: the first seat to move)."""
    if seat is None:
        seat = state.to_move[0]
    return [str(a) for a in state.legal_actions(seat)]


def kinds(state: State, seat: int | None = None) -> list[str]:
    """The kinds of the log's events as ``seat`` sees them (None: the spectator)."""
    return [e["kind"] for e in state.events(seat)]


def events_of(state: State, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Every event of that kind, as ``seat`` sees it."""
    return [e for e in state.events(seat) if e["kind"] == kind]


def last(state: State, kind: str, seat: int | None = None) -> dict[str, Any]:
    """The last event of that kind, as ``seat`` sees it."""
    found = events_of(state, kind, seat)
    if not found:
        raise AssertionError(f"no {kind} event in the log")
    return found[-1]
