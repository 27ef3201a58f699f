"""Generic encoding machinery: a game's ``view(seat)`` as a fixed-size numeric vector, and its actions as a
fixed list of integers with a legal-action mask.

Each game declares, in ``medieval/interop/encodings/<game>.py``, one :class:`Encoding`:

- **features**: a small declarative description of its view (``Number``, ``OneHot``, ``Seat``, ``Counts``,
  ``PerSeat``, ``Slots``...). Every feature reads from the view dict (or from the item a container hands it)
  and writes values in ``[0, 1]`` at fixed offsets. Seats are written *egocentrically*: relative to the
  observing seat (``+0`` is the observer, ``+1`` the next seat...), so one policy can play every seat.
- **actions**: :class:`ActionCodec`, the game's whole action space as a fixed list of keys (tuples such as
  ``("place", "7r", "K3")``) in groups, and a function mapping an engine action to its key. Keys name seats
  relatively too. Key functions may read the seat's view (through the :class:`Context`), never hidden state,
  so the index of an action depends only on what the acting seat knows.

The declarations import no third-party package; :meth:`Encoding.bind` (numpy) makes a :class:`GameCodec`
for one configured game, which the PettingZoo and OpenSpiel adapters use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action, Game, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float32]
    MaskArray = npt.NDArray[np.int8]

Getter = Callable[[Any, "Context"], Any]
ActionKey = tuple[Any, ...]


class InteropError(Exception):
    """Base of the interop layer's errors."""


class MissingEncodingError(InteropError, LookupError):
    """A registered game has no observation/action encoding yet."""


class EncodingError(InteropError, ValueError):
    """A view or an action does not fit the declared encoding (the game changed, or a declared bound is
    too small)."""


class MissingExtraError(InteropError, ImportError):
    """An optional dependency of the interop layer is not installed."""


EXTRA_HINT = "pip install 'medieval[interop]'"


def require(module: str, what: str) -> Any:
    """Import an optional dependency or fail with a clear message."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingExtraError(f"{what} needs the optional package {module.split('.')[0]!r}: {EXTRA_HINT}") from e


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


# ----------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class ActionGroup:
    """A named run of action keys (all starting with the group's name) and what they mean."""

    name: str
    keys: tuple[ActionKey, ...]
    doc: str

    @staticmethod
    def of(name: str, doc: str, *axes: Iterable[Any]) -> ActionGroup:
        """The keys ``(name, a, b, ...)`` for every combination of the axes (none: the key ``(name,)``)."""
        keys: list[ActionKey] = [(name,)]
        for axis in axes:
            values = list(axis)
            keys = [(*k, v) for k in keys for v in values]
        return ActionGroup(name, tuple(keys), doc)


class ActionCodec:
    """The whole action space of a game as a fixed list of keys. ``key_of(action, ctx)`` names the key of an
    engine action for the acting seat; keys must be unique among a seat's legal actions (checked).

    ``view_types``: action classes whose key depends on the acting seat's view (for instance a guild named by
    its position among a seat's guilds); the keys of the others depend only on the action and the relative
    seats, and are cached."""

    def __init__(self, groups: Sequence[ActionGroup], key_of: Callable[[Action, Context], ActionKey],
                 view_types: tuple[type[Action], ...] = ()) -> None:
        self.groups = tuple(groups)
        self.keys: tuple[ActionKey, ...] = tuple(k for g in self.groups for k in g.keys)
        self.index: dict[ActionKey, int] = {}
        for i, k in enumerate(self.keys):
            if k in self.index:
                raise ValueError(f"duplicate action key {k!r}")
            self.index[k] = i
        self.key_of = key_of
        self.view_types = view_types

    @property
    def size(self) -> int:
        return len(self.keys)

    def index_of(self, action: Action, ctx: Context) -> int:
        key = self.key_of(action, ctx)
        i = self.index.get(key)
        if i is None:
            raise EncodingError(f"action {action} ({action!r}) has key {key!r}, which is not in the action space")
        return i

    def label(self, index: int) -> str:
        if not 0 <= index < len(self.keys):
            raise EncodingError(f"action index {index} is outside 0..{len(self.keys) - 1}")
        return " ".join(_key_text(x) for x in self.keys[index])

    def rows(self) -> list[Row]:
        rows, o = [], 0
        for g in self.groups:
            n = len(g.keys)
            example = " ".join(_key_text(x) for x in g.keys[0])
            if n > 1:
                example += " ... " + " ".join(_key_text(x) for x in g.keys[-1])
            rows.append(Row(o, n, g.name, f"{g.doc} (`{example}`)"))
            o += n
        return rows


def _key_text(x: Any) -> str:
    return str(x)


def rel_key(seat: int, ctx: Context) -> str:
    """A seat inside an action key: ``"+1"`` for the next seat (``"+0"``: the actor)."""
    return f"+{(seat - ctx.me) % ctx.players}"


def rel_axis(max_players: int, start: int = 0) -> list[str]:
    """The relative-seat values of an action-key axis: ``"+start"`` .. ``"+(max_players - 1)"``."""
    return [f"+{r}" for r in range(start, max_players)]


# ----------------------------------------------------------------------------------------------- encoding
@dataclass
class Encoding:
    """A game's observation encoding and action codec (one per game, for every player count and option).

    ``max_game_length(game)``: an upper bound on the decisions of one game (OpenSpiel needs it).
    ``notes``: prose for the documentation (what is left out, bounds, clipping)."""

    game: str
    max_players: int
    features: Sequence[Feature]
    actions: ActionCodec
    max_game_length: Callable[[Game], int]
    notes: str = ""
    _write: WriteFn | None = field(default=None, init=False, repr=False)
    _size: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        self._size, self._write = _compile_block(self.features, self.max_players)

    @property
    def observation_size(self) -> int:
        return self._size

    @property
    def action_size(self) -> int:
        return self.actions.size

    def encode_sparse(self, view: Mapping[str, Any], ctx: Context) -> Writer:
        """The non-zero entries of the observation of ``view`` for ``ctx.me`` (no numpy needed)."""
        out = Writer()
        assert self._write is not None
        self._write(view, ctx, out.idx.append, out.val.append, 0)
        return out

    def encode_list(self, view: Mapping[str, Any], seat: int, players: int) -> list[float]:
        """The observation as a plain list (no numpy needed)."""
        w = self.encode_sparse(view, Context(seat, players, self.max_players, view))
        vec = [0.0] * self._size
        for i, v in zip(w.idx, w.val, strict=True):
            vec[i] = v
        return vec

    def layout(self) -> list[Row]:
        return _inner_rows(self.features, self.max_players, 0, "")

    def bind(self, game: Game) -> GameCodec:
        """The runtime codec of one configured game (needs numpy)."""
        if game.spec.name != self.game:
            raise EncodingError(f"this is the encoding of {self.game!r}, not {game.spec.name!r}")
        if game.players > self.max_players:
            raise EncodingError(f"{self.game} encoding covers up to {self.max_players} players, not {game.players}")
        return GameCodec(self, game)


class GameCodec:
    """An :class:`Encoding` bound to a configured game: observations as float32 arrays, action masks as int8
    arrays, and the index <-> action mapping of a position. Caches what depends only on the action."""

    def __init__(self, encoding: Encoding, game: Game) -> None:
        self.np = require("numpy", "the interop encoders")
        self.encoding = encoding
        self.game = game
        self.players = game.players
        self.max_players = encoding.max_players
        self.observation_size = encoding.observation_size
        self.action_size = encoding.action_size
        self._codec = encoding.actions
        self._view_types = encoding.actions.view_types
        #: per acting seat: id(action) -> (action, index); the action is kept so its id stays unique
        self._cache: list[dict[int, tuple[Action, int]]] = [{} for _ in range(game.players)]

    # -------------------------------------------------------------- observations
    def context(self, seat: int, view: Mapping[str, Any] | None = None, state: State | None = None) -> Context:
        return Context(seat, self.players, self.max_players, view, state)

    def encode_view(self, view: Mapping[str, Any], seat: int) -> FloatArray:
        """The observation of a view, from ``seat``'s point of view (``view`` may be the spectator's)."""
        w = self.encoding.encode_sparse(view, Context(seat, self.players, self.max_players, view))
        out: FloatArray = self.np.zeros(self.observation_size, dtype=self.np.float32)
        if w.idx:
            out[w.idx] = w.val
        return out

    def observe(self, state: State, seat: int) -> FloatArray:
        return self.encode_view(state.view(seat), seat)

    # -------------------------------------------------------------- actions
    def index(self, state: State, seat: int, action: Action, ctx: Context | None = None) -> int:
        """The index of one of ``seat``'s actions in this position."""
        cache = self._cache[seat]
        hit = cache.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        if ctx is None:
            ctx = Context(seat, self.players, self.max_players, None, state)
        i = self._codec.index_of(action, ctx)
        if not isinstance(action, self._view_types):
            if len(cache) > 200_000:
                cache.clear()
            cache[id(action)] = (action, i)
        return i

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """Index -> action for ``seat``'s legal actions now (in the engine's order)."""
        legal = state.legal_actions(seat)
        cache = self._cache[seat]
        out: dict[int, Action] = {}
        ctx: Context | None = None
        for a in legal:
            hit = cache.get(id(a))
            if hit is not None and hit[0] is a:
                i = hit[1]
            else:
                if ctx is None:
                    ctx = Context(seat, self.players, self.max_players, None, state)
                i = self.index(state, seat, a, ctx)
            if i in out:
                raise EncodingError(f"{self.encoding.game}: legal actions {out[i]} and {a} share the index {i} "
                                    f"({self._codec.label(i)})")
            out[i] = a
        return out

    def mask_of(self, legal: Mapping[int, Action]) -> MaskArray:
        mask: MaskArray = self.np.zeros(self.action_size, dtype=self.np.int8)
        if legal:
            mask[list(legal)] = 1
        return mask

    def action_mask(self, state: State, seat: int) -> MaskArray:
        return self.mask_of(self.legal(state, seat))

    def label(self, index: int) -> str:
        """What an index means, without a position (e.g. ``place 7r K3``, ``look K3 +2``)."""
        return self._codec.label(index)


# ----------------------------------------------------------------------------------------------- documentation
def layout_markdown(encoding: Encoding, display_name: str) -> str:
    """The observation and action layout tables of an encoding, in Markdown (docs/interop.md)."""
    lines = [f"### {display_name} (`{encoding.game}`)", ""]
    lines.append(f"Observation: **{encoding.observation_size}** float32 values in [0, 1] (seats relative to the "
                 f"observer, up to {encoding.max_players} seats). Actions: **{encoding.action_size}** indices.")
    if encoding.notes:
        lines += ["", encoding.notes]
    lines += ["", "| offset | size | feature | meaning |", "|---:|---:|---|---|"]
    for row in encoding.layout():
        nested = "[" in row.name and "]." in row.name
        offset = f"+{row.offset}" if nested else str(row.offset)
        lines.append(f"| {offset} | {row.size} | `{row.name}` | {_md(row.doc)} |")
    lines += ["", "Offsets `+k` are within the block of the enclosing feature.", "",
              "| first index | count | action | meaning |", "|---:|---:|---|---|"]
    for row in encoding.actions.rows():
        lines.append(f"| {row.offset} | {row.size} | `{row.name}` | {_md(row.doc)} |")
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")
