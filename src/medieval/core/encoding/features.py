"""The declarative vocabulary of observation encodings: a game's ``view(seat)`` described as features
(``Number``, ``OneHot``, ``Seat``, ``Counts``, ``PerSeat``, ``Slots``...) that write values in ``[0, 1]``
at fixed offsets. Every feature reads from the view dict (or from the item a container hands it). Seats
are written *egocentrically*: relative to the observing seat (``+0`` is the observer, ``+1`` the next
seat...), so one policy can play every seat.

Each game declares its layout in its own ``encoding.py`` (named by ``GameSpec.parts.encoding``) with
these classes; they import no third-party package. The RL adapters (``medieval.interop``) bind a layout
to a configured game with numpy."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from medieval.core.state import State

Getter = Callable[[Any, "Context"], Any]


class InteropError(Exception):
    """Base of the encoding and interop layer's errors."""


class MissingEncodingError(InteropError, LookupError):
    """A registered game has no observation/action encoding yet."""


class EncodingError(InteropError, ValueError):
    """A view or an action does not fit the declared encoding (the game changed, or a declared bound is
    too small)."""


# ----------------------------------------------------------------------------------------------- context
class Context:
    """What a feature or an action key function knows besides its node: who observes, how many seats, and
    (lazily) the observer's whole view. ``memo`` caches per-position derived tables (e.g. guild slots)."""

    __slots__ = ("_state", "_view", "max_players", "me", "memo", "players")

    def __init__(self, me: int, players: int, max_players: int, view: Mapping[str, Any] | None = None,
                 state: State | None = None) -> None:
        self.me = me
        self.players = players
        self.max_players = max_players
        self._view = view
        self._state = state
        self.memo: dict[str, Any] = {}

    @property
    def view(self) -> Mapping[str, Any]:
        if self._view is None:
            if self._state is None:  # pragma: no cover - contexts are built with one of the two
                raise EncodingError("this context has neither a view nor a state")
            self._view = self._state.view(self.me)
        return self._view

    def rel(self, seat: int) -> int:
        """The seat relative to the observer: 0 is the observer, 1 the next seat in seat order..."""
        return (seat - self.me) % self.players

    def abs(self, rel: int) -> int:
        """The absolute seat of a relative one."""
        return (self.me + rel) % self.players


def path(spec: str | Getter | None) -> Getter:
    """A getter from a dotted key path (``"deck.count"``), a callable ``(node, ctx) -> value``, or None
    (the node itself)."""
    if spec is None:
        return lambda node, ctx: node
    if callable(spec):
        return spec
    keys = spec.split(".")
    if len(keys) == 1:
        key = keys[0]

        def get1(node: Any, ctx: Context) -> Any:
            return None if node is None else node.get(key)

        return get1

    def get(node: Any, ctx: Context) -> Any:
        for k in keys:
            if node is None:
                return None
            node = node.get(k)
        return node

    return get


class Writer:
    """Collects the non-zero entries of an observation (most entries are zero)."""

    __slots__ = ("idx", "val")

    def __init__(self) -> None:
        self.idx: list[int] = []
        self.val: list[float] = []


#: A compiled feature: ``write(node, ctx, idx.append, val.append, base)``.
WriteFn = Callable[[Any, Context, Callable[[int], None], Callable[[float], None], int], None]


@dataclass(frozen=True)
class Row:
    """One line of a layout table: offset, size, name, meaning."""

    offset: int
    size: int
    name: str
    doc: str


# ----------------------------------------------------------------------------------------------- features
class Feature:
    """A block of the observation vector: ``size`` entries, all in [0, 1]. ``compile`` returns the function
    that writes the block's non-zero entries for a node (the features of an encoding are compiled once)."""

    name: str
    doc: str

    def size(self, max_players: int) -> int:
        raise NotImplementedError

    def compile(self, max_players: int) -> WriteFn:
        raise NotImplementedError

    def rows(self, max_players: int, base: int, prefix: str) -> list[Row]:
        return [Row(base, self.size(max_players), prefix + self.name, self.doc)]


class Number(Feature):
    """One number scaled from ``[lo, hi]`` to ``[0, 1]`` (clipped); None is 0."""

    def __init__(self, name: str, get: str | Getter | None, lo: float, hi: float, doc: str = "") -> None:
        if hi <= lo:
            raise ValueError(f"{name}: hi must exceed lo")
        self.name, self._get, self.lo, self.hi = name, path(get), float(lo), float(hi)
        self.doc = doc or f"{name}, scaled from [{lo:g}, {hi:g}] to [0, 1]"

    def size(self, max_players: int) -> int:
        return 1

    def compile(self, max_players: int) -> WriteFn:
        get, lo, span = self._get, self.lo, self.hi - self.lo

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            v = get(node, ctx)
            if v is not None:
                x = (v - lo) / span
                if x > 0.0:
                    ia(base)
                    va(x if x < 1.0 else 1.0)

        return write


class Flag(Feature):
    """1 when the value is truthy."""

    def __init__(self, name: str, get: str | Getter | None, doc: str = "") -> None:
        self.name, self._get = name, path(get)
        self.doc = doc or f"1 if {name}"

    def size(self, max_players: int) -> int:
        return 1

    def compile(self, max_players: int) -> WriteFn:
        get = self._get

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            if get(node, ctx):
                ia(base)
                va(1.0)

        return write


class OneHot(Feature):
    """One entry per choice; the value's entry is 1 (None: all 0). A value outside ``choices`` raises
    :class:`EncodingError` (the game changed: update the encoding)."""

    def __init__(self, name: str, get: str | Getter | None, choices: Sequence[Any], doc: str = "") -> None:
        self.name, self._get, self.choices = name, path(get), tuple(choices)
        self._index = {c: i for i, c in enumerate(self.choices)}
        self.doc = doc or f"{name}: one-hot over {', '.join(map(str, self.choices))}"

    def size(self, max_players: int) -> int:
        return len(self.choices)

    def _unexpected(self, v: Any) -> EncodingError:
        return EncodingError(f"{self.name}: unexpected value {v!r} (expected one of {list(self.choices)})")

    def compile(self, max_players: int) -> WriteFn:
        get, index = self._get, self._index

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            v = get(node, ctx)
            if v is not None:
                i = index.get(v)
                if i is None:
                    raise self._unexpected(v)
                ia(base + i)
                va(1.0)

        return write


class MultiHot(OneHot):
    """One entry per choice; 1 for every choice in the (iterable) value."""

    def __init__(self, name: str, get: str | Getter | None, choices: Sequence[Any], doc: str = "") -> None:
        super().__init__(name, get, choices, doc or f"{name}: 1 per member, over {', '.join(map(str, choices))}")

    def compile(self, max_players: int) -> WriteFn:
        get, index = self._get, self._index

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            values = get(node, ctx)
            if values:
                for v in set(values):
                    i = index.get(v)
                    if i is None:
                        raise self._unexpected(v)
                    ia(base + i)
                    va(1.0)

        return write


class Counts(Feature):
    """One entry per label: how many of that label the value holds, divided by ``cap`` (clipped). The value
    is an iterable of labels (repeats count) or a mapping label -> count."""

    def __init__(self, name: str, get: str | Getter | None, labels: Sequence[Any], cap: float,
                 doc: str = "") -> None:
        self.name, self._get, self.labels, self.cap = name, path(get), tuple(labels), float(cap)
        self._index = {c: i for i, c in enumerate(self.labels)}
        self.doc = doc or f"{name}: count per {len(self.labels)} labels / {cap:g}"

    def size(self, max_players: int) -> int:
        return len(self.labels)

    def compile(self, max_players: int) -> WriteFn:
        get, index, cap = self._get, self._index, self.cap

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            v = get(node, ctx)
            if not v:
                return
            if type(v) is dict or isinstance(v, Mapping):
                items: Iterable[tuple[Any, float]] = v.items()
            else:
                counts: dict[Any, float] = {}
                for x in v:
                    counts[x] = counts.get(x, 0.0) + 1.0
                items = counts.items()
            for label, c in items:
                if c:
                    i = index.get(label)
                    if i is None:
                        raise EncodingError(f"{self.name}: unexpected label {label!r} "
                                            f"(expected one of {list(self.labels)})")
                    ia(base + i)
                    va(c / cap if c < cap else 1.0)

        return write


class Seat(Feature):
    """A seat number as a one-hot over relative seats (``max_players`` entries; None: all 0)."""

    def __init__(self, name: str, get: str | Getter | None, doc: str = "") -> None:
        self.name, self._get = name, path(get)
        self.doc = doc or f"{name}: relative seat, one-hot (+0 = you)"

    def size(self, max_players: int) -> int:
        return max_players

    def compile(self, max_players: int) -> WriteFn:
        get = self._get

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            v = get(node, ctx)
            if v is not None:
                ia(base + (v - ctx.me) % ctx.players)
                va(1.0)

        return write


class Seats(Seat):
    """A list of seats as a multi-hot over relative seats."""

    def __init__(self, name: str, get: str | Getter | None, doc: str = "") -> None:
        super().__init__(name, get, doc or f"{name}: relative seats, multi-hot (+0 = you)")

    def compile(self, max_players: int) -> WriteFn:
        get = self._get

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            v = get(node, ctx)
            if v:
                me, n = ctx.me, ctx.players
                for s in set(v):
                    ia(base + (s - me) % n)
                    va(1.0)

        return write


class Custom(Feature):
    """An escape hatch: ``fn(node, ctx) -> iterable of (position, value)`` within a block of ``size``
    (values are clipped to 1)."""

    def __init__(self, name: str, size: int | Callable[[int], int],
                 fn: Callable[[Any, Context], Iterable[tuple[int, float]]], doc: str) -> None:
        self.name, self._size, self._fn, self.doc = name, size, fn, doc

    def size(self, max_players: int) -> int:
        return self._size(max_players) if callable(self._size) else self._size

    def compile(self, max_players: int) -> WriteFn:
        fn = self._fn

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            for i, v in fn(node, ctx):
                if v > 0.0:
                    ia(base + i)
                    va(v if v <= 1.0 else 1.0)

        return write


def _compile_block(inner: Sequence[Feature], max_players: int) -> tuple[int, WriteFn]:
    """Compile features laid one after the other: (block size, write of the whole block)."""
    parts: list[tuple[WriteFn, int]] = []
    o = 0
    for f in inner:
        parts.append((f.compile(max_players), o))
        o += f.size(max_players)
    frozen = tuple(parts)

    def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None], base: int) -> None:
        for fn, off in frozen:
            fn(node, ctx, ia, va, base + off)

    return o, write


def _block_size(inner: Sequence[Feature], max_players: int) -> int:
    return sum(f.size(max_players) for f in inner)


def _inner_rows(inner: Sequence[Feature], max_players: int, base: int, prefix: str) -> list[Row]:
    rows: list[Row] = []
    o = base
    for f in inner:
        rows += f.rows(max_players, o, prefix)
        o += f.size(max_players)
    return rows


class PerSeat(Feature):
    """A per-seat list (indexed by absolute seat) as ``max_players`` blocks in relative seat order: block
    ``r`` describes seat ``+r``. Missing seats (fewer players than the maximum) stay 0."""

    def __init__(self, name: str, get: str | Getter | None, inner: Sequence[Feature], doc: str = "") -> None:
        self.name, self._get, self.doc, self.inner = name, path(get), doc, tuple(inner)

    def size(self, max_players: int) -> int:
        return max_players * _block_size(self.inner, max_players)

    def compile(self, max_players: int) -> WriteFn:
        get = self._get
        block, write_block = _compile_block(self.inner, max_players)

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            items = get(node, ctx)
            if items:
                me, n = ctx.me, ctx.players
                for r in range(n):
                    write_block(items[(me + r) % n], ctx, ia, va, base + r * block)

        return write

    def rows(self, max_players: int, base: int, prefix: str) -> list[Row]:
        block = _block_size(self.inner, max_players)
        head = Row(base, self.size(max_players), prefix + self.name,
                   (self.doc + "; " if self.doc else "") + f"{max_players} blocks of {block}, block r = seat +r")
        return [head, *_inner_rows(self.inner, max_players, 0, f"{prefix}{self.name}[r].")]


class SeatKeyed(Feature):
    """A list of items that each name a seat (``seat_key``), at most one per seat, as ``max_players`` blocks
    in relative seat order. Each block starts with a presence flag and, with ``order``, the item's position
    in the list divided by ``max_players``."""

    def __init__(self, name: str, get: str | Getter | None, inner: Sequence[Feature], seat_key: str = "seat",
                 order: bool = False, doc: str = "") -> None:
        self.name, self._get, self.doc, self.seat_key, self.order = name, path(get), doc, seat_key, order
        self.inner = tuple(inner)

    def _head(self) -> list[Feature]:
        head: list[Feature] = [Flag("present", None, "1 if the seat has an item here")]
        if self.order:
            head.append(Custom("order", 1, lambda item, ctx: (), "position in the list / max players"))
        return head

    def size(self, max_players: int) -> int:
        return max_players * (len(self._head()) + _block_size(self.inner, max_players))

    def compile(self, max_players: int) -> WriteFn:
        get, key, order = self._get, self.seat_key, self.order
        head = len(self._head())
        inner_size, write_inner = _compile_block(self.inner, max_players)
        block = head + inner_size

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            items = get(node, ctx)
            if not items:
                return
            me, n = ctx.me, ctx.players
            seen = 0
            for pos, item in enumerate(items):
                r = (item[key] - me) % n
                if seen >> r & 1:
                    raise EncodingError(f"{self.name}: two items of seat {item[key]}")
                seen |= 1 << r
                b = base + r * block
                ia(b)
                va(1.0)
                if order and pos:
                    ia(b + 1)
                    va(min(1.0, pos / max_players))
                write_inner(item, ctx, ia, va, b + head)

        return write

    def rows(self, max_players: int, base: int, prefix: str) -> list[Row]:
        block = self.size(max_players) // max_players
        head = Row(base, self.size(max_players), prefix + self.name,
                   (self.doc + "; " if self.doc else "") + f"{max_players} blocks of {block}, block r = seat +r")
        return [head, *_inner_rows([*self._head(), *self.inner], max_players, 0, f"{prefix}{self.name}[r].")]


class Slots(Feature):
    """A list as ``count`` blocks in list order, each starting with a presence flag. ``keep`` says which
    items a longer list keeps: ``"first"``, ``"last"`` (the most recent, oldest of them first), or
    ``"error"`` (raise: the declared bound is a rule of the game)."""

    def __init__(self, name: str, get: str | Getter | None, count: int | Callable[[int], int],
                 inner: Sequence[Feature], keep: str = "error", doc: str = "") -> None:
        if keep not in ("first", "last", "error"):
            raise ValueError("keep is first, last or error")
        self.name, self._get, self._count, self.keep, self.doc = name, path(get), count, keep, doc
        self.inner = (Flag("present", lambda item, ctx: True, "1 if this slot holds an item"), *inner)

    def count(self, max_players: int) -> int:
        return self._count(max_players) if callable(self._count) else self._count

    def size(self, max_players: int) -> int:
        return self.count(max_players) * _block_size(self.inner, max_players)

    def compile(self, max_players: int) -> WriteFn:
        get, keep, count = self._get, self.keep, self.count(max_players)
        block, write_block = _compile_block(self.inner, max_players)

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            items = get(node, ctx)
            if not items:
                return
            if len(items) > count:
                if keep == "error":
                    raise EncodingError(f"{self.name}: {len(items)} items, the encoding has {count} slots")
                items = items[:count] if keep == "first" else items[-count:]
            for i, item in enumerate(items):
                write_block(item, ctx, ia, va, base + i * block)

        return write

    def rows(self, max_players: int, base: int, prefix: str) -> list[Row]:
        block, count = _block_size(self.inner, max_players), self.count(max_players)
        which = {"first": "the first", "last": "the most recent", "error": "all"}[self.keep]
        head = Row(base, self.size(max_players), prefix + self.name,
                   (self.doc + "; " if self.doc else "") + f"{count} slots of {block} ({which} {count} items)")
        return [head, *_inner_rows(self.inner, max_players, 0, f"{prefix}{self.name}[i].")]


class Section(Feature):
    """Features applied to a sub-dict (``get``) of the node; only groups rows under a name."""

    def __init__(self, name: str, get: str | Getter | None, inner: Sequence[Feature], doc: str = "") -> None:
        self.name, self._get, self.doc, self.inner = name, path(get), doc, tuple(inner)

    def size(self, max_players: int) -> int:
        return _block_size(self.inner, max_players)

    def compile(self, max_players: int) -> WriteFn:
        get = self._get
        _, write_block = _compile_block(self.inner, max_players)

        def write(node: Any, ctx: Context, ia: Callable[[int], None], va: Callable[[float], None],
                  base: int) -> None:
            item = get(node, ctx)
            if item is not None:
                write_block(item, ctx, ia, va, base)

        return write

    def rows(self, max_players: int, base: int, prefix: str) -> list[Row]:
        return _inner_rows(self.inner, max_players, base, f"{prefix}{self.name}.")
