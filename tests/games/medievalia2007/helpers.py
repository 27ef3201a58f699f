"""Helpers for the Medievalia (2007) tests: configured games, stacked positions and names of cards on
the table (tests/support is the shared vocabulary: do, play, legal, kinds, last, events_of)."""

from __future__ import annotations

from typing import Any

from medieval.games.medievalia2007 import Medievalia2007Game, Medievalia2007State
from medieval.games.medievalia2007.components import FACE, FACES, NAME, PROD, card_of_name
from medieval.games.medievalia2007.paying import shortfall
from tests.support import game, legal, play, scenario

FIELD = {"face": "Field"}


def make(players: int = 2, **options: Any) -> Medievalia2007Game:
    return game(Medievalia2007Game, players, **options)


def scen(players: int = 2, options: dict[str, Any] | None = None, **setup: Any) -> Medievalia2007State:
    """A stacked position (``scenario.build``: fiefs, away, hands, decks, stacks, phase...)."""
    return scenario(Medievalia2007Game, players, options, **setup)


def cid(name: str) -> int:
    """The id of a card named like the notation (``Field3``)."""
    return card_of_name(name)


def alive(state: Medievalia2007State, name: str) -> bool:
    """Is the card on the table?"""
    return state.owner[cid(name)] >= 0


def hand_faces(state: Medievalia2007State, seat: int) -> list[str]:
    return sorted(FACES[FACE[c]] for c in state.hands[seat])


def find(state: Medievalia2007State, face: str, owner: int, where: str | None = None) -> list[str]:
    """Names of ``owner``'s cards of ``face`` on the table (optionally only in Fief ``where``)."""
    g = state.game
    return [NAME[c] for c in state.tables[owner] if FACES[FACE[c]] == face
            and (where is None or g.loc_names[state.loc[c]] == where)]


def one(state: Medievalia2007State, face: str, owner: int, where: str | None = None) -> str:
    names = find(state, face, owner, where)
    assert len(names) == 1, names
    return names[0]


def rich(free: list[object] | None = None, city_buildings: list[str] | None = None) -> dict[str, object]:
    """A developed Fief: City, Field and Farm (6 food), Mine (3 gold), Forest (3 energy), 10 Workers attached."""
    w2 = ["Worker", "Worker"]
    return {"city": {"troops": w2, "buildings": city_buildings or []},
            "territories": [{"face": "Field", "troops": w2}, {"face": "Farm", "troops": w2},
                            {"face": "Mine", "troops": w2}, {"face": "Forest", "troops": w2}],
            "free": free or []}


def pay(state: Medievalia2007State) -> Medievalia2007State:
    """Pay the purchase in progress: a card making a missing resource first, else any card, a trade,
    a Bureaucrat, or selling a card from hand."""
    while state.phase == "pay":
        short = shortfall(state, state.active)
        options = [m for m in legal(state) if m.startswith(("produce ", "reduce ", "trade ", "sell "))]
        assert options, legal(state)
        useful = [m for m in options if m.startswith("produce ") and short[PROD[cid(m.split()[1])]] > 0]
        play(state, (useful or options)[0])
    return state
