"""Medievalia's actions and their notation.

==========================  =============================================================
notation                    meaning
==========================  =============================================================
``play 3``                  one 3 (total 3)
``play 4 4``                two 4s (total 8)
``play 5 5 W``              two 5s and a Wildcard joining them as a 5 (total 15)
``play W W as 7``           two Wildcards, both worth 7 (total 14)
``play S`` / ``play R``     a Skip / a Skip-and-reverse
``play 1 1``                two 1s: a number play, or one Skip-and-reverse under CM02
``play W``                  a Wildcard played as a Skip-and-reverse (CM03 only)
``play 5 5 give 2``         two 5s under CM01: your creature stack goes to seat 2
``play 12 next 3``          a 12 under CM10: a Skip, and seat 3 plays next
``take``                    take every open card on the table into your creature stack
==========================  =============================================================

What a play *means* (number or skip) depends on the Magic Field card in play; the action itself only
names the cards, so one notation is one action. Cards are named by face, never by position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from medieval.core.errors import InvalidActionError
from medieval.core.state import Action
from medieval.games.medievalia.components import FACE_NAMES, NUMBERS, W, parse_face

MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Play(Action):
    """``count`` copies of ``face`` plus ``wilds`` Wildcards joining them.

    ``value`` is ``face`` when ``count > 0``; for a set of Wildcards alone (``count == 0``) it is the
    value declared for all of them. ``give`` (CM01) and ``next`` (CM10) name a seat, or are -1."""

    face: int
    count: int
    wilds: int
    value: int
    give: int = -1
    next: int = -1
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)
    #: the cards as the table shows them: the notation without ``play``, ``give`` and ``next``
    shown: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        text = self._notation()
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "shown", text[5:].split(" give ")[0].split(" next ")[0])

    @property
    def cards(self) -> int:
        return self.count + self.wilds

    def __str__(self) -> str:
        return self._text

    def args(self) -> dict[str, Any]:
        """``cards``: the faces played (``["5", "5", "W"]``); ``value``: the value each card shows or is
        declared at (the numbered face, which Wildcards joining it take; the value declared for Wildcards
        played alone; None for a special card played as itself); ``give`` (CM01) and ``next`` (CM10): a
        seat, or None. Whether the play counts as a number or as a Skip follows from the Magic Field
        card in play (Ruling R23)."""
        cards = [FACE_NAMES[self.face]] * self.count + ["W"] * self.wilds
        return {"cards": cards, "value": self.value if self.value in NUMBERS else None,
                "give": None if self.give < 0 else self.give, "next": None if self.next < 0 else self.next}

    def _notation(self) -> str:
        parts = ["play"]
        if self.count:
            parts += [FACE_NAMES[self.face]] * self.count
            parts += ["W"] * self.wilds
        else:
            parts += ["W"] * self.wilds
            parts += ["as", str(self.value)]
        if self.give >= 0:
            parts += ["give", str(self.give)]
        if self.next >= 0:
            parts += ["next", str(self.next)]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take every open card on the table into your creature stack; then you lead."""

    def __str__(self) -> str:
        return "take"

    def args(self) -> dict[str, Any]:
        return {}


TAKE = Take()
_PLAYS: dict[tuple[int, int, int, int, int, int], Play] = {}


def play(face: int, count: int, wilds: int = 0, value: int = 0, give: int = -1, nxt: int = -1) -> Play:
    """The interned Play action (legal_actions hands out these, so apply's membership test is fast)."""
    if count:
        value = face
    key = (face, count, wilds, value, give, nxt)
    a = _PLAYS.get(key)
    if a is None:
        a = _PLAYS[key] = Play(face, count, wilds, value, give, nxt)
    return a


_SYNTAX = ("take | play CARDS [give SEAT] [next SEAT] | play W.. as VALUE; cards 1-13, W, S, R, "
           "e.g. 'play 5 5 W', 'play W W as 7', 'play R'")


def _seat(word: str, key: str) -> int:
    if not word.isdigit() or int(word) >= MAX_SEATS:
        raise InvalidActionError(f"'{key}' takes a seat number 0-{MAX_SEATS - 1}, got {word!r}")
    return int(word)


_PARSED: dict[str, Action] = {}


def parse(text: str) -> Action:
    """Read Medievalia notation (syntax only; cards may be written in any order)."""
    action = _PARSED.get(text)
    if action is None:
        action = _parse(text)
        if len(_PARSED) < 100_000:
            _PARSED[text] = action
    return action


def _parse(text: str) -> Action:
    words = text.strip().split()
    if words == ["take"]:
        return TAKE
    if len(words) < 2 or words[0] != "play":
        raise InvalidActionError(f"{text!r} is not Medievalia notation ({_SYNTAX})")
    give = nxt = -1
    declared = 0
    tokens: list[str] = []
    i = 1
    while i < len(words):
        w = words[i]
        if w in ("give", "next", "as"):
            if i + 1 >= len(words):
                raise InvalidActionError(f"{text!r}: '{w}' needs a number after it")
            arg = words[i + 1]
            if w == "as":
                if not arg.isdigit() or not 1 <= int(arg) <= 13:
                    raise InvalidActionError(f"{text!r}: a Wildcard is worth 1 to 13, not {arg!r}")
                declared = int(arg)
            elif w == "give":
                give = _seat(arg, w)
            else:
                nxt = _seat(arg, w)
            i += 2
            continue
        if give >= 0 or nxt >= 0 or declared:
            raise InvalidActionError(f"{text!r}: cards come before 'as', 'give' and 'next'")
        tokens.append(w)
        i += 1
    if not tokens:
        raise InvalidActionError(f"{text!r}: name at least one card ({_SYNTAX})")
    try:
        faces = [parse_face(t) for t in tokens]
    except ValueError as e:
        raise InvalidActionError(f"{text!r}: {e}") from None
    others = sorted({f for f in faces if f != W})
    wilds = faces.count(W)
    if declared:
        if others:
            raise InvalidActionError(f"{text!r}: 'as' declares the value of Wildcards played alone")
        return play(W, 0, wilds, declared, give, nxt)
    if not others:  # Wildcards alone with no declared value: played as their own face (CM03)
        return play(W, wilds, 0, 0, give, nxt)
    if len(others) > 1:
        raise InvalidActionError(f"{text!r}: all cards of a play show one value (Wildcards may join)")
    face = others[0]
    return play(face, len(faces) - wilds, wilds, face, give, nxt)
