"""Stacked Paladin games for tests and tutorials (``PaladinGame.scenario``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.errors import InvalidOptionError
from medieval.games.paladin.components import FACE_OF, KING_IDS, N_CARDS, QUEEN_IDS, QUEST_BY_LABEL, parse_face
from medieval.games.paladin.setup import blank, start_round

if TYPE_CHECKING:
    from medieval.games.paladin.game import PaladinGame
    from medieval.games.paladin.state import PaladinState

KEYS = frozenset({"deck", "hands", "quests", "dealer"})


def build(game: PaladinGame, setup: dict[str, Any]) -> PaladinState:
    """A stacked game.

    ``deck``: Paladin faces from the top of the stock as it is before the first deal (e.g.
    ``["9", "0", "7r"]``); the remaining cards follow in a fixed order. ``hands``: alternatively,
    the starting hand of every seat (a list per seat); ``deck`` then lists the stock after the deal.
    ``quests``: quest labels from the top of the quest deck (the rest follow, Queens first).
    ``dealer``: the first dealer's seat (default 0)."""
    unknown = set(setup) - KEYS
    if unknown:
        raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(KEYS)})")
    n = game.players
    dealer = setup.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InvalidOptionError(f"dealer must be a seat 0-{n - 1}, got {dealer!r}")
    pool = list(range(N_CARDS))

    def take(face_text: object) -> int:
        if not isinstance(face_text, str):
            raise InvalidOptionError(f"cards are written like '7' or '7r', got {face_text!r}")
        try:
            face = parse_face(face_text).index
        except ValueError as e:
            raise InvalidOptionError(str(e).split(" (legal")[0]) from None
        for c in pool:
            if FACE_OF[c] == face:
                pool.remove(c)
                return c
        raise InvalidOptionError(f"no {face_text} left: the deck has only so many of that card")

    hands_spec = setup.get("hands")
    deck_spec = setup.get("deck", [])
    if not isinstance(deck_spec, list):
        raise InvalidOptionError("deck must be a list of cards")
    s = blank(game, 0)
    s._origin = {"scenario": dict(setup)}
    s.dealer = dealer
    quests_spec = setup.get("quests", [])
    if not isinstance(quests_spec, list):
        raise InvalidOptionError("quests must be a list of quest labels")
    qpool = list(QUEEN_IDS) + list(KING_IDS)
    top = []
    for label in quests_spec:
        q = QUEST_BY_LABEL.get(str(label).upper())
        if q is None or q.id not in qpool:
            raise InvalidOptionError(f"quest {label!r} is unknown or listed twice")
        qpool.remove(q.id)
        top.append(q.id)
    s.quest_deck = top + qpool
    if hands_spec is None:
        s.deck = [take(f) for f in deck_spec]
        s.deck += pool
        start_round(s)
        return s
    if not isinstance(hands_spec, list) or len(hands_spec) != n:
        raise InvalidOptionError(f"hands must list {n} hands")
    for seat, hand in enumerate(hands_spec):
        if not isinstance(hand, list) or len(hand) != n + 1:
            raise InvalidOptionError(f"hand of seat {seat} must have {n + 1} cards")
        s.hands[seat] = [take(f) for f in hand]
        for c in s.hands[seat]:
            s.known[seat] |= 1 << c
    s.deck = [take(f) for f in deck_spec] + pool
    start_round(s)
    return s
