"""Terminal pictures of a seat's view, and readable lines for log events.

``render_view(game_name, view)`` draws ``state.view(seat)`` with the game's own renderer, the module its
spec names (``GameSpec.parts.render``: it defines ``render(view) -> RenderableType`` and may define
``render_compact(view)``, the picture for a small screen, and ``describe_event(event) -> str``); otherwise
it draws a readable generic picture of the view dict. A renderer only ever sees a view, so it cannot show
more than the seat may know.

The game's text part (``GameSpec.parts.text``) gives the rest of what a player reads: every event as a
sentence, ``card_help()``, ``how_to_play()``, and optionally ``legend()`` (the symbols of its pictures)
and ``explain(state, seat, text)`` (why a notation is refused, from that seat's view and legal actions)
and ``choice_note(view, notation)`` (a short note on a choice for the menu, such as what it costs) and
``ending(termination)`` (how a game ended, in words).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from medieval.core.registry import game_class
from medieval.core.text import MAX_ITEMS, CardHelp, describe_event, inline, is_seat_key, seat_label

__all__ = ["card_helps", "choice_notes", "describe", "describe_event", "ending", "explain", "find_help", "how_to_play",
           "legend",
           "plain_title", "render_view", "renderer_module", "seat_label"]


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


def render_view(game_name: str, view: Mapping[str, Any], compact: bool = False,
                height: int | None = None) -> RenderableType:
    """The picture of ``view``: the game's renderer if it has one, else a generic tree. ``compact``: the
    renderer's small-screen picture (``render_compact(view)``, or ``render_compact(view, height)`` for a
    renderer that fits its picture in ``height`` lines), where it has one."""
    small = _game_function(game_name, "render_compact") if compact else None
    render = small or _game_function(game_name, "render")
    if render is not None:
        try:
            if small is not None and "height" in inspect.signature(small).parameters:
                return cast(RenderableType, small(view, height=height))
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


# ---------------------------------------------------------------------------------------- the text part
def text_part(game_name: str) -> ModuleType | None:
    """The game's text module (its spec's ``parts.text``), or None."""
    try:
        module = game_class(game_name).spec.load("text")
    except Exception:
        return None
    return cast(ModuleType, module) if module is not None else None


def _text_function(game_name: str, attr: str) -> Callable[..., Any] | None:
    fn = getattr(text_part(game_name), attr, None)
    return cast(Callable[..., Any], fn) if callable(fn) else None


def card_helps(game_name: str) -> list[CardHelp]:
    """Help for every component of the game (``card_help()``), or nothing."""
    fn = _text_function(game_name, "card_help")
    return list(fn()) if fn is not None else []


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _words(text: str) -> list[str]:
    """The words of ``text``, lower case, punctuation left out: ``"Underdog's Parity"`` -> underdogs, parity."""
    return [w for w in ("".join(ch for ch in part if ch.isalnum()) for part in text.lower().split()) if w]


def plain_title(h: CardHelp) -> str:
    """The title as the board shows it: without a leading code that is the component's name
    (``CM06 Patron of the Weak`` -> ``Patron of the Weak``) or a trailing note in parentheses
    (``Healing Herbs (instant event)`` -> ``Healing Herbs``)."""
    title = h["title"]
    head, _, rest = title.partition(" ")
    if rest and head == h["name"]:
        title = rest
    if title.endswith(")") and " (" in title:
        title = title[:title.rindex(" (")]
    return title


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def find_help(game_name: str, name: str) -> tuple[list[CardHelp], list[str]]:
    """The components ``name`` names, best match first: a component's name or title (with or without its
    code or note, ignoring case and punctuation, singular or plural); else those whose title holds every
    word of ``name`` (``help red 8``, ``help skeleton``); else those whose name or title starts with it.
    When none does, the names that come closest."""
    import difflib

    helps = card_helps(game_name)
    key = _key(name)
    if not key:
        return [], []

    def keys(h: CardHelp) -> set[str]:
        return {_key(h["name"]), _key(h["title"]), _key(plain_title(h))}

    exact = [h for h in helps if key in keys(h)]
    if not exact and key.endswith("s"):
        exact = [h for h in helps if key[:-1] in keys(h)]
    if not exact:
        wanted = {_singular(w) for w in _words(name)}
        exact = [h for h in helps
                 if wanted <= {_singular(w) for w in _words(h["title"]) + _words(h["name"]) + _words(h["kind"])}]
    if not exact:
        exact = [h for h in helps if any(k.startswith(key) for k in keys(h))]
    if exact:
        return exact, []
    names = list(dict.fromkeys(n for h in helps for n in (plain_title(h), h["name"]) if "_" not in n))
    lowered = {n.lower(): n for n in names}
    close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=4, cutoff=0.5)]
    return [], close


def legend(game_name: str) -> list[tuple[str, str]]:
    """The symbols of the game's pictures and what they mean (``legend()``), or nothing."""
    fn = _text_function(game_name, "legend")
    return [(str(a), str(b)) for a, b in fn()] if fn is not None else []


def choice_notes(game_name: str, view: Mapping[str, Any], notations: Sequence[str]) -> dict[str, str]:
    """A short note for each choice that has one (``choice_note(view, notation)``: what it costs)."""
    fn = _text_function(game_name, "choice_note")
    if fn is None:
        return {}
    notes: dict[str, str] = {}
    for n in notations:
        try:
            note = fn(view, n)
        except Exception:
            continue
        if note:
            notes[n] = str(note)
    return notes


def ending(game_name: str, termination: str) -> str:
    """How a game ended (``Outcome.termination``) in the game's words (``ending(termination)``), or the
    identifier made readable."""
    fn = _text_function(game_name, "ending")
    if fn is not None:
        try:
            return str(fn(termination))
        except Exception:
            pass
    return termination.replace("_", " ")


def how_to_play(game_name: str) -> str | None:
    """The game's short how-to-play (Markdown), if its text part has one."""
    fn = _text_function(game_name, "how_to_play")
    return str(fn()) if fn is not None else None


def explain(game_name: str, state: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is refused for ``seat``, in words (``explain(state, seat, text)``), or None."""
    fn = _text_function(game_name, "explain")
    if fn is None:
        return None
    try:
        reason = fn(state, seat, text)
    except Exception:  # a reason is a courtesy: a bug in one must not cost the player the game
        return None
    return str(reason) if reason else None


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
