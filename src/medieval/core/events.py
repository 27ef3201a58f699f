"""The game log. Each event is public, or private to some seats with an optional redacted form that
everyone else sees (for instance "Bob looked at a card" without its face)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log. ``to`` None means public; otherwise the seats that see ``data``.
    Seats not in ``to`` see ``redacted`` (or nothing when it is None)."""

    kind: str
    data: dict[str, Any]
    to: tuple[int, ...] | None = None
    redacted: dict[str, Any] | None = None

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        if self.to is None or (seat is not None and seat in self.to):
            return {"kind": self.kind, **self.data}
        if self.redacted is None:
            return None
        return {"kind": self.kind, **self.redacted}

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.to is not None:
            d["to"] = list(self.to)
            d["redacted"] = self.redacted
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        to = d.get("to")
        return cls(d["kind"], dict(d["data"]), None if to is None else tuple(to), d.get("redacted"))
