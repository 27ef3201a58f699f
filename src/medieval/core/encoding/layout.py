"""Action codecs and whole encodings: a game's action space as a fixed list of keys (tuples such as
``("place", "7r", "K3")``) in groups, with a function mapping an engine action to its key, and the
:class:`Encoding` that puts a game's features and actions together. Keys name seats relatively. Key
functions may read the seat's view (through the :class:`Context`), never hidden state, so the index of
an action depends only on what the acting seat knows."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from medieval.core.encoding.features import (
    Context,
    EncodingError,
    Feature,
    Row,
    WriteFn,
    Writer,
    _compile_block,
    _inner_rows,
)
from medieval.core.state import Action, Game

ActionKey = tuple[Any, ...]


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
    max_game_length: Callable[[Game[Any]], int]
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

    def check(self, game: Game[Any]) -> None:
        """Raise EncodingError unless this encoding covers ``game`` (its name, its player count)."""
        if game.spec.name != self.game:
            raise EncodingError(f"this is the encoding of {self.game!r}, not {game.spec.name!r}")
        if game.players > self.max_players:
            raise EncodingError(f"{self.game} encoding covers up to {self.max_players} players, not {game.players}")


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
