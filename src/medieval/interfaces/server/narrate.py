"""What the server adds to the engine's output for a client: each event's sentence for the seat reading
it (the game's ``text`` part, or the generic line of ``core.text``) and the legal actions in their
structured form (``Action.to_json()``).

A sentence is computed from the seat's own filtered event only (``state.events(seat)``), so it can say
no more than the event the seat is sent anyway."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from medieval.core import text as core_text
from medieval.core.spec import GameSpec
from medieval.core.state import State

log = logging.getLogger("medieval.server")

Describe = Callable[[Mapping[str, Any], int | None, Sequence[str | None]], str]


def _generic(event: Mapping[str, Any], seat: int | None, names: Sequence[str | None]) -> str:
    return core_text.describe_event(event)


@cache
def describer(spec: GameSpec) -> Describe:
    """The game's ``describe_event(event, seat, names)``, or the generic line where it has none."""
    module = spec.load("text") if spec.has("text") else None
    fn = getattr(module, "describe_event", None)
    if not callable(fn):
        return _generic

    def describe(event: Mapping[str, Any], seat: int | None, names: Sequence[str | None]) -> str:
        try:
            out = fn(event, seat, [n or "" for n in names])
            return out if isinstance(out, str) else str(out)
        except Exception:  # a sentence the game cannot write is never worth a lost state message
            log.exception("%s: no sentence for event %r", spec.name, event.get("kind"))
            return core_text.describe_event(event)

    return describe


def with_text(spec: GameSpec, events: Sequence[Mapping[str, Any]], seat: int | None,
              names: Sequence[str | None]) -> list[dict[str, Any]]:
    """The events, each with its sentence for ``seat`` under ``text``."""
    describe = describer(spec)
    return [{**e, "text": describe(e, seat, names)} for e in events]


def structured_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions as ``{kind, args, notation}``, JSON-normalized (tuples as lists)."""
    out: list[dict[str, Any]] = json.loads(json.dumps([a.to_json() for a in state.legal_actions(seat)]))
    return out


def card_help(spec: GameSpec) -> dict[str, Any]:
    """The game's card help and how-to-play (its ``text`` part), or the spec's summary alone."""
    module = spec.load("text") if spec.has("text") else None
    cards_fn = getattr(module, "card_help", None)
    how_fn = getattr(module, "how_to_play", None)
    cards = list(cards_fn()) if callable(cards_fn) else []
    how = how_fn() if callable(how_fn) else spec.summary
    return {"game": spec.name, "display_name": spec.display_name, "summary": spec.summary,
            "how_to_play": how, "cards": cards}
