"""Shared helpers for the Medievallons tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import medieval
from medieval.games.medievallons.rules import MedievallonsGame, MedievallonsState


def game(players: int = 3, **options: Any) -> MedievallonsGame:
    g = medieval.make("medievallons", players, **options)
    assert isinstance(g, MedievallonsGame)
    return g


def scen(players: int = 3, options: dict[str, Any] | None = None, **setup: Any) -> MedievallonsState:
    return game(players, **(options or {})).scenario(**setup)


def act(state: MedievallonsState, seat: int, text: str) -> None:
    state.apply(seat, state.parse_action(seat, text))


def hand(state: MedievallonsState, seat: int) -> Counter[str]:
    return Counter(state.view(seat)["hand"])


def legal(state: MedievallonsState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def guilds(state: MedievallonsState, seat: int | None = None) -> list[dict[str, Any]]:
    return [g for g in state.view(None)["guilds"] if seat is None or g["owner"] == seat]


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]
