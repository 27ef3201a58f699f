"""Shared helpers for the Medievalia (2007) tests."""

from __future__ import annotations

from typing import Any

import medieval
from medieval.games.medievalia2007.components import FACE, FACES, card_of_name
from medieval.games.medievalia2007.rules import Medievalia2007State

__all__ = ["Medievalia2007State"]


def make(players: int = 2, **options: Any) -> medieval.Game:
    return medieval.make("medievalia2007", players, **options)


def scen(players: int = 2, options: dict[str, Any] | None = None, **setup: Any) -> Medievalia2007State:
    state = make(players, **(options or {})).scenario(**setup)
    assert isinstance(state, Medievalia2007State)
    return state


def legal(state: Medievalia2007State, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = state.to_move[0]
    return [str(a) for a in state.legal_actions(seat)]


def play(state: Medievalia2007State, *moves: str) -> Medievalia2007State:
    """Apply moves in order, each by the seat to move."""
    for m in moves:
        seat = state.to_move[0]
        state.apply(seat, state.parse_action(seat, m))
    return state


def cid(name: str) -> int:
    return card_of_name(name)


def alive(state: Medievalia2007State, name: str) -> bool:
    """Is the card on the table?"""
    return state.owner[cid(name)] >= 0


def hand_faces(state: Medievalia2007State, seat: int) -> list[str]:
    return sorted(FACES[FACE[c]] for c in state.hands[seat])


def kinds(state: Medievalia2007State) -> list[str]:
    return [e["kind"] for e in state.events(None)]


def last(state: Medievalia2007State, kind: str) -> dict[str, Any]:
    return [e for e in state.events(None) if e["kind"] == kind][-1]


FIELD = {"face": "Field"}


def find(state: Medievalia2007State, face: str, owner: int, where: str | None = None) -> list[str]:
    """Names of ``owner``'s cards of ``face`` on the table (optionally only in Fief ``where``)."""
    from medieval.games.medievalia2007.components import NAME

    g = state.game
    return [NAME[c] for c in state.tables[owner] if FACES[FACE[c]] == face
            and (where is None or g.loc_names[state.loc[c]] == where)]


def one(state: Medievalia2007State, face: str, owner: int, where: str | None = None) -> str:
    names = find(state, face, owner, where)
    assert len(names) == 1, names
    return names[0]


#: A developed Fief: City, Field and Farm (6 food), Mine (3 gold), Forest (3 energy), 10 Workers attached.
def rich(free: list[object] | None = None, city_buildings: list[str] | None = None) -> dict[str, object]:
    w2 = ["Worker", "Worker"]
    return {"city": {"troops": w2, "buildings": city_buildings or []},
            "territories": [{"face": "Field", "troops": w2}, {"face": "Farm", "troops": w2},
                            {"face": "Mine", "troops": w2}, {"face": "Forest", "troops": w2}],
            "free": free or []}


def pay(state: Medievalia2007State) -> Medievalia2007State:
    """Pay the purchase in progress: a card making a missing resource first, else any card, a trade,
    a Bureaucrat, or selling a card from hand."""
    from medieval.games.medievalia2007.components import PROD

    while state.phase == "pay":
        short = state.shortfall(state.active)
        options = [m for m in legal(state) if m.startswith(("produce ", "reduce ", "trade ", "sell "))]
        assert options, legal(state)
        useful = [m for m in options if m.startswith("produce ") and short[PROD[cid(m.split()[1])]] > 0]
        play(state, (useful or options)[0])
    return state
