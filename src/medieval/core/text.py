"""Plain text shared by every game's readable output: seat labels and a generic line for any log event
(the fallback where a game has no sentence of its own for an event)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

#: Keys whose integer values are seats (written ``P1`` rather than ``1``).
SEAT_KEYS = frozenset({"seat", "seats", "owner", "dealer", "winner", "winners", "player", "first",
                       "to_move", "by", "from", "to", "target", "victim", "loser", "losers"})
MAX_ITEMS = 12


def seat_label(seat: object) -> str:
    """``P2`` for seat 2; anything else as text."""
    return f"P{seat}" if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)


def is_seat_key(key: str) -> bool:
    return key in SEAT_KEYS or key.endswith(("_seat", "_seats", "_player", "_by"))


def scalar(value: Any, seat: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if seat and isinstance(value, int):
        return seat_label(value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def inline(value: Any, seat: bool = False) -> str:
    """A compact one-line form of a JSON value."""
    if isinstance(value, Mapping):
        if "label" in value and isinstance(value["label"], str | int):
            return str(value["label"])
        if "name" in value and isinstance(value["name"], str):
            return value["name"]
        parts = [f"{k} {inline(v, is_seat_key(str(k)))}" for k, v in value.items()]
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list | tuple):
        items = [inline(v, seat) for v in value[:MAX_ITEMS]]
        more = f", +{len(value) - MAX_ITEMS} more" if len(value) > MAX_ITEMS else ""
        return "[" + ", ".join(items) + more + "]"
    return scalar(value, seat)


def describe_event(event: Mapping[str, Any]) -> str:
    """Generic line for any event: its kind, then its fields (seats as ``P1``, booleans as yes/no).

    >>> describe_event({"kind": "place", "seat": 1, "quest": "Q7", "hero": True})
    'place: P1, quest Q7, hero yes'
    """
    kind = str(event.get("kind", "event")).replace("_", " ")
    parts: list[str] = []
    for key, value in event.items():
        if key == "kind":
            continue
        if key == "seat" and isinstance(value, int) and not isinstance(value, bool):
            parts.insert(0, seat_label(value))
            continue
        parts.append(f"{key.replace('_', ' ')} {inline(value, is_seat_key(key))}")
    return f"{kind}: {', '.join(parts)}" if parts else kind


class Narrator:
    """Writes log events as sentences for one reader: the reader's own seat is "You", the others by
    name (``names[seat]``) or as ``P2``.

    >>> n = Narrator(viewer=0)
    >>> f"{n.act(0, 'take', 'takes')} back {n.poss(0)} 5"
    'You take back your 5'
    >>> f"{n.act(2, 'challenge', 'challenges')} {n.obj(0)}"
    'P2 challenges you'
    """

    def __init__(self, viewer: int | None, names: Sequence[str] | None = None) -> None:
        self.viewer = viewer
        self.names = names

    def name(self, seat: object) -> str:
        """The seat's name, never "You"."""
        if self.names is not None and isinstance(seat, int) and not isinstance(seat, bool) \
                and 0 <= seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return seat_label(seat)

    def me(self, seat: object) -> bool:
        return self.viewer is not None and seat == self.viewer and not isinstance(seat, bool)

    def who(self, seat: object) -> str:
        """The subject: "You" or the seat's name."""
        return "You" if self.me(seat) else self.name(seat)

    def obj(self, seat: object) -> str:
        """The object: "you" or the seat's name."""
        return "you" if self.me(seat) else self.name(seat)

    def poss(self, seat: object) -> str:
        """The possessive: "your" or "P2's"."""
        return "your" if self.me(seat) else f"{self.name(seat)}'s"

    def act(self, seat: object, you: str, they: str) -> str:
        """Subject and verb agreeing: ``act(s, "take", "takes")`` -> "You take" / "P2 takes"."""
        return f"{self.who(seat)} {you if self.me(seat) else they}"

    def acts(self, seat: object, you: str, they: str) -> str:
        """The same inside a sentence: "you take" / "P2 takes"."""
        return f"{self.obj(seat)} {you if self.me(seat) else they}"

    def own(self, seat: object) -> str:
        """The possessive of a sentence's own subject: "your" / "their"."""
        return "your" if self.me(seat) else "their"

    def seats(self, seats: Sequence[object], subject: bool = True) -> str:
        """A list of seats in prose: "You and P2", "P1, P2 and P3"; inside a sentence (``subject=False``)
        "against P1 and you"."""
        words = [self.who(s) if subject and not i else self.obj(s) for i, s in enumerate(seats)]
        if len(words) <= 1:
            return "".join(words) or "nobody"
        return ", ".join(words[:-1]) + " and " + words[-1]


class CardHelp(TypedDict):
    """Help for one component (a card, a quest, a tile...), for hover and ``help NAME``."""

    name: str  # as the views and the notation write it
    kind: str  # what sort of component: "paladin", "quest", "guild", "tile"...
    title: str  # a readable title ("Red 7")
    text: str  # what it is and does, in our own words
    details: dict[str, str]  # short facts: {"strength": "7", "valour": "1"}
