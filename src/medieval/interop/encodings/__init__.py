"""Each game's observation encoding and action codec, found through its spec
(``GameSpec.parts.encoding``, an :class:`medieval.core.encoding.Encoding` in the game's package). A
registered game without one cannot be used by the RL adapters (:class:`MissingEncodingError`), and the
interop tests fail until it has one."""

from __future__ import annotations

import medieval
from medieval.core.encoding import Encoding, MissingEncodingError
from medieval.core.registry import game_class


def encoding_for(game: str) -> Encoding:
    """The encoding of a registered game (by registry name)."""
    spec = game_class(game).spec
    if not spec.has("encoding"):
        raise MissingEncodingError(
            f"game {spec.name!r} has no observation/action encoding for the RL adapters yet: declare one in "
            f"its spec (GameSpec.parts.encoding, see docs/interop.md)")
    enc = spec.load("encoding")
    if not isinstance(enc, Encoding):
        raise MissingEncodingError(f"{spec.name}: {spec.parts.encoding} is not an Encoding")
    if enc.game != spec.name:
        raise MissingEncodingError(f"{spec.parts.encoding} is for {enc.game!r}, not {spec.name!r}")
    return enc


def games_with_encodings() -> list[str]:
    """Registered games that have an encoding."""
    out = []
    for spec in medieval.list_games():
        try:
            encoding_for(spec.name)
        except MissingEncodingError:
            continue
        out.append(spec.name)
    return out


def games_without_encodings() -> list[str]:
    """Registered games that have none (the interop tests fail while this is not empty)."""
    names = {s.name for s in medieval.list_games()}
    return sorted(names - set(games_with_encodings()))
