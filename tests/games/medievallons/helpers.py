"""Medievallons test helpers: stacked positions and what a seat's view shows (tests/support is the
shared vocabulary: do, play, legal, kinds, last, events_of, game, scenario)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from medieval.games.medievallons import MedievallonsGame, MedievallonsState
from medieval.games.medievallons.view import GuildView, MatchView, PendingView
from tests.support import scenario


def stacked(players: int = 3, options: dict[str, Any] | None = None, **setup: Any) -> MedievallonsState:
    """A stacked position (``MedievallonsGame.scenario``: hands, guilds, discard, draw, ...)."""
    return scenario(MedievallonsGame, players, options, **setup)


def hand(state: MedievallonsState, seat: int) -> Counter[str]:
    """The cards in ``seat``'s hand, as its view shows them."""
    cards = state.view(seat)["hand"]
    assert cards is not None
    return Counter(cards)


def guilds(state: MedievallonsState, seat: int | None = None) -> list[GuildView]:
    """The guilds on the table (of ``seat`` only, if given), as everyone sees them."""
    return [g for g in state.view(None)["guilds"] if seat is None or g["owner"] == seat]


def pending(state: MedievallonsState, seat: int | None) -> PendingView:
    """The pending decision as ``seat`` sees it (there must be one)."""
    p = state.view(seat)["pending"]
    assert p is not None, "no pending decision"
    return p


def match(state: MedievallonsState) -> MatchView:
    """The 2-player match's standing (the game must be a match)."""
    m = state.view(None)["match"]
    assert m is not None, "not a best-of-three match"
    return m


def two_guilds(owner: int) -> list[dict[str, object]]:
    """Two guilds of three (Stars and Nobles) for ``owner``: a third one wins."""
    return [{"owner": owner, "cards": ["Star"] * 3}, {"owner": owner, "cards": ["Noble"] * 3}]
