"""§2 Game Preparation: three shuffled decks (the first card of each face up under it), three building
stacks with School, Workshop and Bank on top, a City per player, then each player's eight cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.rng import Rng
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    BUILDING_IDS,
    CITY_IDS,
    DECK_IDS,
    DECKS,
    FACE,
    FACES,
    NCARDS,
    STACK_TOPS,
)
from medieval.games.medievalia2007.fief import SETUP, SETUP_CARDS, put
from medieval.games.medievalia2007.turn import start_turn

if TYPE_CHECKING:
    from medieval.games.medievalia2007.game import Medievalia2007Game
    from medieval.games.medievalia2007.state import Medievalia2007State


def blank(game: Medievalia2007Game, seed: int) -> Medievalia2007State:
    """A state with every field empty, before setup."""
    from medieval.games.medievalia2007.state import Medievalia2007State

    s = Medievalia2007State(game, seed)
    n = game.players
    s.phase = SETUP
    s.active = 0
    s.turn = 0
    s.picker = 0
    s.picks = 0
    s.decks = [[], [], []]
    s.stacks = [[], [], []]
    s.hands = [[] for _ in range(n)]
    s.discard = []
    s.removed = []
    s.owner = [-1] * NCARDS
    s.loc = [-1] * NCARDS
    s.host = [-1] * NCARDS
    s.rot = [0] * NCARDS
    s.marks = {}
    s.tables = [[] for _ in range(n)]
    s.pool = [[0, 0, 0, 0] for _ in range(n)]
    s.wild = [0] * n
    s.alive = [True] * n
    s.siege = [0] * n
    s.called = 0  # NOT_ASKED
    s.buying = None
    s.abandoned = []
    s.excess = [0] * n
    s.battle = None
    s.result = None
    return s


def initial_state(game: Medievalia2007Game, seed: int) -> Medievalia2007State:
    """§2: three shuffled decks (the first card of each placed face up under it, ruling R10), three
    building stacks with School, Workshop and Bank face up, a City per player; then each player in
    turn takes 8 cards (``take``)."""
    s = blank(game, seed)
    rng = s._rng()
    for d in range(3):
        deck = list(DECK_IDS[d])
        rng.shuffle(deck)
        deck.append(deck.pop(0))  # the first card goes face up under the deck
        s.decks[d] = deck
    s.stacks = building_stacks(rng, list(BUILDING_IDS))
    for p in range(game.players):
        put(s, CITY_IDS[p], p, p, -1)
    s._emit("setup", {"players": game.players, "allied": game.allied,
                      "deck_bottoms": [FACES[FACE[d[-1]]] for d in s.decks],
                      "stack_tops": [FACES[FACE[st[0]]] for st in s.stacks]})
    return s


def building_stacks(rng: Rng, ids: list[int]) -> list[list[int]]:
    """§2.3-4: School, Workshop and Bank face up on three roughly equal stacks of the other buildings
    (their second copies are shuffled into the stacks, ruling R9)."""
    tops: list[int] = []
    for f in STACK_TOPS:
        for c in ids:
            if FACE[c] == f and c not in tops:
                tops.append(c)
                break
    rest = [c for c in ids if c not in tops]
    rng.shuffle(rest)
    k = len(tops) or 3
    stacks: list[list[int]] = [[] for _ in range(3)]
    for i, c in enumerate(rest):
        stacks[i % 3].append(c)
    for i, t in enumerate(tops[:k]):
        stacks[i].insert(0, t)
    return stacks


def take(s: Medievalia2007State, seat: int, action: A.Take) -> None:
    """§2.5 (ruling R11): take the top card of a deck, looking at it; after 8 cards the next player
    takes his, and after the last player the first turn begins."""
    card = s.decks[action.deck].pop(0)
    s.hands[seat].append(card)
    where = {"seat": seat, "deck": DECKS[action.deck]}
    s._emit("take", {**where, "card": FACES[FACE[card]]}, to=(seat,), redacted=where)
    s.picks += 1
    if s.picks == SETUP_CARDS:
        s.picks = 0
        if s.picker + 1 < s.players:
            s.picker += 1
        else:
            start_turn(s, 0)
