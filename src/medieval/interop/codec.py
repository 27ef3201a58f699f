"""The runtime side of the encodings: a game's declared :class:`Encoding` (``medieval.core.encoding``)
bound to one configured game, with numpy: observations as float32 arrays, actions as integers with a
legal-action mask. The PettingZoo and OpenSpiel adapters use it.

The declarative vocabulary is re-exported here for the adapters' convenience."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from medieval.core.encoding import *  # noqa: F403
from medieval.core.encoding import Context, Encoding, EncodingError, InteropError, Row, layout_markdown
from medieval.core.encoding import __all__ as _vocabulary
from medieval.core.state import Action, Game, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float32]
    MaskArray = npt.NDArray[np.int8]


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


def bind(encoding: Encoding, game: Game[Any]) -> GameCodec:
    """The runtime codec of one configured game (needs numpy)."""
    encoding.check(game)
    return GameCodec(encoding, game)


class GameCodec:
    """An :class:`Encoding` bound to a configured game: observations as float32 arrays, action masks as int8
    arrays, and the index <-> action mapping of a position. Caches what depends only on the action."""

    def __init__(self, encoding: Encoding, game: Game[Any]) -> None:
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


__all__ = [*_vocabulary, "EXTRA_HINT", "GameCodec", "MissingExtraError", "Row", "bind", "layout_markdown", "require"]
