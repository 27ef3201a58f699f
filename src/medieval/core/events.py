"""The game log. Each event is public, or private to some seats with an optional redacted form that
everyone else sees (for instance "Bob looked at a card" without its face)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Event:
    """One entry of the log. ``to`` None means public; otherwise the seats that see ``data``.
    Seats not in ``to`` see ``redacted`` (or nothing when it is None). Treat it as immutable: the log's
    events are shared between a state and its clones. (A plain class with slots: games emit many of
    them, and building one costs a third of a frozen dataclass.)"""

    __slots__ = ("_args", "_build", "data", "kind", "redacted", "to")  # (_args, _build: see LazyEvent)

    kind: str
    data: dict[str, Any]
    to: tuple[int, ...] | None
    redacted: dict[str, Any] | None

    def __init__(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
                 redacted: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.data = data
        self.to = to
        self.redacted = redacted

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind == other.kind and self.data == other.data and self.to == other.to
                and self.redacted == other.redacted)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        """Pickled and deep-copied as a plain event (a lazy one's payloads are built first)."""
        return Event, (self.kind, self.data, self.to, self.redacted)

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, to={self.to!r}, redacted={self.redacted!r})"

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


#: Builds a lazy event's payloads from its arguments: ``(data, redacted)``.
Payloads = Callable[..., tuple[dict[str, Any], dict[str, Any] | None]]


class LazyEvent(Event):
    """An event whose payloads are built from their arguments when first read (``State._emit_lazy``):
    the log of a playout nobody reads then costs a tuple of arguments an event, not two dicts of names.
    Once read it turns into a plain :class:`Event` (same slots), so later reads cost nothing more."""

    __slots__ = ()

    def __init__(self, kind: str, build: Payloads, args: tuple[Any, ...],
                 to: tuple[int, ...] | None = None) -> None:
        self.kind = kind
        self.to = to
        self._build = build
        self._args = args

    def _payloads(self) -> tuple[dict[str, Any], dict[str, Any] | None]:
        data, redacted = self._build(*self._args)
        self.__class__ = Event  # type: ignore[assignment]
        plain: Event = self  # (now a plain event: data and redacted are its slots)
        plain.data = data
        plain.redacted = redacted
        return data, redacted

    @property
    def data(self) -> dict[str, Any]:  # type: ignore[override]
        return self._payloads()[0]

    @property
    def redacted(self) -> dict[str, Any] | None:  # type: ignore[override]
        return self._payloads()[1]


# ---------------------------------------------------------------------------------------- log entries
#: A log entry as a state keeps it: a plain tuple, ``(kind, to, data, redacted)`` for an eager event and
#: ``(kind, to, builder, args)`` for a lazy one, where ``builder`` is the number of its payload builder
#: (``BUILDER_NUMBERS``), an int rather than the function. An entry of atomic values (text, numbers, tuples
#: of them: the usual lazy entry) then holds nothing the garbage collector must follow, so CPython stops
#: tracking it after its first young collection: the log of a long game costs the collector nothing,
#: where one object an event made every full collection walk it. States hand out :class:`Event` objects
#: (``to_event``) and never the entries themselves.
Entry = tuple[str, "tuple[int, ...] | None", Any, Any]

#: The payload builders met so far, by number; numbers hold within one process only, so entries leave a
#: process as eager ones (``eager_entry``: pickling a state does so). A builder is a module's function,
#: one object for the life of the process: a closure or ``partial`` made at each emit would be a new
#: builder each time, and this list would grow with the log.
BUILDERS: list[Payloads] = []


class _Numbers(dict[Payloads, int]):
    """``BUILDER_NUMBERS[build]``: the number of a payload builder in ``BUILDERS``, given at its first use
    (a look-up in C once it has one). Numbering takes a lock: games may be played in several threads (the
    server), and two builders met at once must not get one number."""

    def __missing__(self, build: Payloads) -> int:
        with _NUMBERING:
            number = self.get(build)
            if number is None:
                BUILDERS.append(build)
                number = self[build] = len(BUILDERS) - 1
            return number


_NUMBERING = threading.Lock()


BUILDER_NUMBERS = _Numbers()


def to_event(entry: Entry) -> Event:
    """The event a log entry stands for (a lazy entry gives a :class:`LazyEvent`: its payloads are built
    when read)."""
    kind, to, a, b = entry
    if type(a) is int:
        return LazyEvent(kind, BUILDERS[a], b, to)
    return Event(kind, a, to, b)


def entry_of(event: Event) -> Entry:
    """The eager log entry of an event."""
    return (event.kind, event.to, event.data, event.redacted)


def eager_entry(entry: Entry) -> Entry:
    """A log entry with its payloads built (the entry itself if it is eager)."""
    kind, to, a, b = entry
    if type(a) is int:
        data, redacted = BUILDERS[a](*b)
        return (kind, to, data, redacted)
    return entry


def entry_for_seat(entry: Entry, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` sees of a log entry (as :meth:`Event.for_seat`): a new dict each call."""
    kind, to, a, b = entry
    if type(a) is int:
        a, b = BUILDERS[a](*b)
    if to is None or (seat is not None and seat in to):
        return {"kind": kind, **a}
    if b is None:
        return None
    return {"kind": kind, **b}
