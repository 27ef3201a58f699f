"""Paladin's actions and their notation.

=============  ======================  ==============================================
notation       action                  when
=============  ======================  ==============================================
``first 2``    ChooseFirst(2)          the dealer names the round's first player
``look K3:2``  Look(K3, 2)             before a placement: look at seat 2's card on K3
``nolook``     NoLook()                before a placement: look at nothing
``place 7r K3``  Place(7r, K3)         put a card from hand face down facing quest K3
``challenge``  Challenge()             resolution: reveal your card against the hero
``takeback``   TakeBack()              resolution: take your card back unseen
``discard``    Discard()               resolution: put your card under the stock unseen
=============  ======================  ==============================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from medieval.core.errors import InvalidActionError
from medieval.core.state import Action
from medieval.games.paladin.components import (
    FACES_BY_INDEX,
    N_QUESTS,
    QUESTS,
    parse_face,
    parse_quest,
)

MAX_SEATS = 5
#: ALONE[seat] == (seat,): ``to_move`` of a position where one seat decides, built once.
ALONE = tuple((s,) for s in range(MAX_SEATS))


@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Look(Action):
    quest: int  # quest card id
    owner: int  # seat whose card is looked at

    def __str__(self) -> str:
        return f"look {QUESTS[self.quest].label}:{self.owner}"

    def args(self) -> dict[str, Any]:
        return {"quest": QUESTS[self.quest].label, "owner": self.owner}


@dataclass(frozen=True, slots=True)
class NoLook(Action):
    @property
    def type_name(self) -> str:
        return "no_look"

    def __str__(self) -> str:
        return "nolook"


@dataclass(frozen=True, slots=True)
class Place(Action):
    face: int  # face index: value * 2 + red
    quest: int  # quest card id

    def __str__(self) -> str:
        return f"place {FACES_BY_INDEX[self.face]} {QUESTS[self.quest].label}"

    def args(self) -> dict[str, Any]:
        return {"card": str(FACES_BY_INDEX[self.face]), "quest": QUESTS[self.quest].label}


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    def __str__(self) -> str:
        return "takeback"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    def __str__(self) -> str:
        return "discard"


# Interned action objects: legal_actions hands these out, so apply's membership test is an identity check.
CHOOSE_FIRST = tuple(ChooseFirst(s) for s in range(MAX_SEATS))
LOOK = tuple(tuple(Look(q, s) for s in range(MAX_SEATS)) for q in range(N_QUESTS))
NO_LOOK = NoLook()
PLACE = {f: tuple(Place(f, q) for q in range(N_QUESTS)) for f in FACES_BY_INDEX}
CHALLENGE = Challenge()
TAKE_BACK = TakeBack()
DISCARD = Discard()
_WORDS: dict[str, Action] = {"nolook": NO_LOOK, "challenge": CHALLENGE, "takeback": TAKE_BACK,
                             "discard": DISCARD}


def parse(text: str) -> Action:
    """Read Paladin notation (syntax only)."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _WORDS:
        return _WORDS[words[0]]
    if len(words) == 2 and words[0] == "first":
        if not words[1].isdigit() or int(words[1]) >= MAX_SEATS:
            raise InvalidActionError(f"'first' takes a seat number, got {words[1]!r}")
        return CHOOSE_FIRST[int(words[1])]
    if len(words) == 2 and words[0] == "look":
        quest_text, sep, owner = words[1].partition(":")
        if not sep or not owner.isdigit() or int(owner) >= MAX_SEATS:
            raise InvalidActionError(f"'look' takes QUEST:SEAT, e.g. 'look K3:2', got {words[1]!r}")
        return LOOK[parse_quest(quest_text).id][int(owner)]
    if len(words) == 3 and words[0] == "place":
        return PLACE[parse_face(words[1]).index][parse_quest(words[2]).id]
    raise InvalidActionError(
        f"{text!r} is not Paladin notation (first N | look QUEST:SEAT | nolook | place CARD QUEST | "
        f"challenge | takeback | discard)"
    )
