"""A Paladin heuristic that decides from the seat's view only.

- The dealer names itself first player (first choice of quest, and the tie-break).
- Heroes: the strongest card on the richest free quest.
- Before a placement: look at the unknown card on the richest quest where it still has to place.
- Placing: strong cards on rich quests where the known cards are beatable, weak cards on poor ones;
  the weakest card is kept.
- Resolution: challenge when the card beats the hero and no known later card beats it; otherwise take
  strong cards back and discard weak ones.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.paladin import actions as A
from medieval.games.paladin.components import FACES_BY_INDEX, QUEST_BY_LABEL
from medieval.games.paladin.view import CardFace, PaladinView

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


def strength(card: CardFace) -> float:
    """Order cards by how likely they are to hold a quest (0 is weak except against 9)."""
    v = int(card["value"])
    return v + (0.5 if card["red"] else 0.0) if v else 0.2


def beats(challenger: CardFace, hero: CardFace) -> bool:
    cv, hv = challenger["value"], hero["value"]
    if cv == 0 and hv == 9:
        return True
    if cv == 9 and hv == 0:
        return False
    if cv != hv:
        return bool(cv > hv)
    return bool(challenger["red"]) and not hero["red"]


def choose(state: PaladinState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    first = legal[0]
    if isinstance(first, A.ChooseFirst):
        return A.CHOOSE_FIRST[seat]
    if first is A.NO_LOOK:
        return _look(view, legal, seat)
    if isinstance(first, A.Place):
        return _place(view, legal, seat)
    return _resolve(view, seat)


def _swords(view: PaladinView, quest_id: int) -> int:
    for q in view["quests"]:
        if QUEST_BY_LABEL[q["quest"]["label"]].id == quest_id:
            return int(q["quest"]["swords"])
    return 0


def _look(view: PaladinView, legal: list[Action], seat: int) -> Action:
    best: Action = A.NO_LOOK
    best_score = 0.0
    for a in legal:
        if isinstance(a, A.Look):
            score = _swords(view, a.quest) + (0.5 if a.owner != seat else 0.0)
            if score > best_score:
                best, best_score = a, score
    return best


def _place(view: PaladinView, legal: list[Action], seat: int) -> Action:
    hand = sorted(view["hand"] or [], key=strength)
    by_label = {c["label"]: c for c in hand}
    quests = {QUEST_BY_LABEL[q["quest"]["label"]].id: q for q in view["quests"]}
    best: Action = legal[0]
    best_score = -1e9
    weakest = hand[0]["label"] if hand else None
    for a in legal:
        assert isinstance(a, A.Place)
        card = by_label[str(FACES_BY_INDEX[a.face])]
        q = quests[a.quest]
        swords = int(q["quest"]["swords"])
        known = [c["card"] for c in q["cards"] if c["card"] is not None and c["seat"] != seat]
        s = strength(card)
        threat = max((strength(c) for c in known), default=0.0)
        # Value strong cards on rich quests; avoid wasting them where a known card already wins.
        score = s * swords - (3.0 * swords if threat > s else 0.0)
        if card["label"] == weakest and len(hand) > 1:
            score -= 2.0  # keep the weakest card for the next round's refill to replace
        if score > best_score:
            best, best_score = a, score
    return best


def _resolve(view: PaladinView, seat: int) -> Action:
    quest = next(q for q in view["quests"] if q["state"] == "resolving")
    mine = next(c["card"] for c in quest["cards"] if c["seat"] == seat)
    revealed = quest["hero"]
    assert mine is not None and revealed is not None  # a seat knows its own card; the hero is face up
    hero = revealed["card"]
    later = [card for c in quest["cards"] if c["seat"] != seat and (card := c["card"]) is not None]
    if beats(mine, hero) and not any(beats(c, mine) for c in later):
        return A.CHALLENGE
    if beats(mine, hero) and quest["quest"]["swords"] >= 4:
        return A.CHALLENGE
    return A.TAKE_BACK if strength(mine) >= 6 else A.DISCARD
