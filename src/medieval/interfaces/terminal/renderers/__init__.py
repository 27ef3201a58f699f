"""Terminal pictures of a seat's view, and readable lines for log events.

``render_view(game_name, view)`` draws ``state.view(seat)`` with the game's own renderer, the module its
spec names (``GameSpec.parts.render``: it defines ``render(view) -> RenderableType`` and may define
``describe_event(event) -> str``); otherwise it draws a readable generic picture of the view dict. A
renderer only ever sees a view, so it cannot show more than the seat may know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from medieval.core.registry import game_class
from medieval.core.text import MAX_ITEMS, describe_event, inline, is_seat_key, seat_label

__all__ = ["describe", "describe_event", "render_view", "renderer_module", "seat_label"]


def renderer_module(game_name: str) -> ModuleType | None:
    """The game's renderer module (its spec's ``parts.render``), or None when it has none."""
    module = game_class(game_name).spec.load("render")
    return cast(ModuleType, module) if module is not None else None


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


def describe(game_name: str, event: Mapping[str, Any], seat: int | None = None,
             names: Sequence[str] | None = None) -> str:
    """One readable sentence for a log event as ``seat`` reads it: the game's text part
    (``GameSpec.parts.text``: ``describe_event(event, seat, names)``) if it has one, else a generic line."""
    try:
        text = game_class(game_name).spec.load("text")
    except Exception:  # an unknown game, or a broken text module: the generic line keeps the game readable
        text = None
    fn = getattr(text, "describe_event", None)
    if callable(fn):
        try:
            return str(fn(dict(event), seat, names))
        except Exception:
            pass
    legacy = _game_function(game_name, "describe_event")  # a renderer's own line, until the game has text
    if legacy is not None:
        try:
            return str(legacy(dict(event)))
        except Exception:
            pass
    return describe_event(event)


# ---------------------------------------------------------------------------------------- generic
def _is_labelled(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("label", value.get("name")), str | int)


def _is_flat(value: Any) -> bool:
    """Scalars, and lists of scalars or of labelled things (cards), fit on one line."""
    if isinstance(value, list | tuple):
        return all(not isinstance(v, Mapping | list | tuple) or _is_labelled(v) for v in value)
    return not isinstance(value, Mapping)


def _add(tree: Tree, key: str, value: Any, depth: int) -> None:
    seat = is_seat_key(key)
    label = Text(key.replace("_", " "), style="bold")
    if _is_flat(value) or depth > 4:
        tree.add(Text.assemble(label, ": ", inline(value, seat)))
        return
    if isinstance(value, Mapping):
        if len(str(inline(value))) <= 70:
            tree.add(Text.assemble(label, ": ", inline(value, seat)))
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
