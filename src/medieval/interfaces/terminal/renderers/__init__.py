"""Terminal pictures of a seat's view, and readable lines for log events.

``render_view(game_name, view)`` draws ``state.view(seat)`` with the game's own renderer,
``medieval.interfaces.terminal.renderers.<game>``, when that module exists (it defines
``render(view) -> RenderableType`` and may define ``describe_event(event) -> str``); otherwise it draws
a readable generic picture of the view dict. A renderer only ever sees a view, so it cannot show
more than the seat may know.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

__all__ = ["describe", "describe_event", "render_view", "renderer_module", "seat_label"]

#: Keys whose integer values are seats (drawn as ``P1`` rather than ``1``).
SEAT_KEYS = frozenset({"seat", "seats", "owner", "dealer", "winner", "winners", "player", "first",
                       "to_move", "by", "from", "to", "target", "victim", "loser", "losers"})
MAX_ITEMS = 12


@cache
def renderer_module(game_name: str) -> ModuleType | None:
    """The game's renderer module, or None when the game has none (yet)."""
    name = f"{__name__}.{game_name}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def _game_function(game_name: str, attr: str) -> Callable[..., Any] | None:
    try:
        module = renderer_module(game_name)
    except Exception:  # a broken renderer must not stop a game: fall back to the generic picture
        return None
    fn = getattr(module, attr, None) if module is not None else None
    return cast(Callable[..., Any], fn) if callable(fn) else None


def render_view(game_name: str, view: Mapping[str, Any]) -> RenderableType:
    """The picture of ``view``: the game's renderer if it has one, else a generic tree."""
    render = _game_function(game_name, "render")
    if render is not None:
        try:
            return cast(RenderableType, render(view))
        except Exception as e:  # keep the game playable while a renderer has a bug
            note = Text(f"({game_name} renderer failed: {type(e).__name__}: {e}; generic view below)",
                        style="dim")
            return Group(note, generic_render(view))
    return generic_render(view)


def describe(game_name: str, event: Mapping[str, Any]) -> str:
    """One readable line for a log event: the game's ``describe_event`` if it has one."""
    fn = _game_function(game_name, "describe_event")
    if fn is not None:
        try:
            return str(fn(dict(event)))
        except Exception:
            pass
    return describe_event(event)


# ---------------------------------------------------------------------------------------- generic
def seat_label(seat: object) -> str:
    return f"P{seat}" if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)


def _is_seat_key(key: str) -> bool:
    return key in SEAT_KEYS or key.endswith(("_seat", "_seats", "_player", "_by"))


def _scalar(value: Any, seat: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if seat and isinstance(value, int):
        return seat_label(value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _inline(value: Any, seat: bool = False) -> str:
    """A compact one-line form of a JSON value."""
    if isinstance(value, Mapping):
        if "label" in value and isinstance(value["label"], str | int):
            return str(value["label"])
        if "name" in value and isinstance(value["name"], str):
            return value["name"]
        parts = [f"{k} {_inline(v, _is_seat_key(str(k)))}" for k, v in value.items()]
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list | tuple):
        items = [_inline(v, seat) for v in value[:MAX_ITEMS]]
        more = f", +{len(value) - MAX_ITEMS} more" if len(value) > MAX_ITEMS else ""
        return "[" + ", ".join(items) + more + "]"
    return _scalar(value, seat)


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
        parts.append(f"{key.replace('_', ' ')} {_inline(value, _is_seat_key(key))}")
    return f"{kind}: {', '.join(parts)}" if parts else kind


def _is_labelled(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("label", value.get("name")), str | int)


def _is_flat(value: Any) -> bool:
    """Scalars, and lists of scalars or of labelled things (cards), fit on one line."""
    if isinstance(value, list | tuple):
        return all(not isinstance(v, Mapping | list | tuple) or _is_labelled(v) for v in value)
    return not isinstance(value, Mapping)


def _add(tree: Tree, key: str, value: Any, depth: int) -> None:
    seat = _is_seat_key(key)
    label = Text(key.replace("_", " "), style="bold")
    if _is_flat(value) or depth > 4:
        tree.add(Text.assemble(label, ": ", _inline(value, seat)))
        return
    if isinstance(value, Mapping):
        if len(str(_inline(value))) <= 70:
            tree.add(Text.assemble(label, ": ", _inline(value, seat)))
            return
        branch = tree.add(label)
        for k, v in value.items():
            _add(branch, str(k), v, depth + 1)
        return
    items = list(value)
    if not items:
        tree.add(Text.assemble(label, ": -"))
        return
    branch = tree.add(Text.assemble(label, f" ({len(items)})"))
    for i, item in enumerate(items[:MAX_ITEMS]):
        name = seat_label(i) if key in ("hands", "players", "seats", "scores", "won", "boards") else str(i)
        _add(branch, name, item, depth + 1)
    if len(items) > MAX_ITEMS:
        branch.add(Text(f"... {len(items) - MAX_ITEMS} more", style="dim"))


def generic_render(view: Mapping[str, Any]) -> RenderableType:
    """A readable tree of any view dict."""
    game = view.get("game")
    seat = view.get("seat", "?")
    who = "spectator" if seat is None else seat_label(seat)
    tree = Tree(Text(f"{game or 'game'} — view of {who}", style="bold cyan"))
    for key, value in view.items():
        if key in ("game", "seat"):
            continue
        _add(tree, str(key), value, 0)
    return tree
