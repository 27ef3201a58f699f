"""Plain text shared by every game's readable output: seat labels and a generic line for any log event
(the fallback where a game has no sentence of its own for an event)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
