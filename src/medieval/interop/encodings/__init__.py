"""One observation encoding and action codec per game: ``medieval/interop/encodings/<game>.py`` defines
``ENCODING`` (a :class:`medieval.interop.codec.Encoding`). A registered game without one cannot be used by
the RL adapters (:class:`MissingEncodingError`), and the interop tests fail until it has one."""

from __future__ import annotations

import importlib

import medieval
from medieval.interop.codec import Encoding, MissingEncodingError

_LOADED: dict[str, Encoding] = {}


def encoding_for(game: str) -> Encoding:
    """The encoding of a registered game (by registry name)."""
    name = medieval.core.registry.game_class(game).spec.name
    enc = _LOADED.get(name)
    if enc is not None:
        return enc
    module_name = f"{__name__}.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        raise MissingEncodingError(
            f"game {name!r} has no observation/action encoding for the RL adapters yet: add "
            f"src/medieval/interop/encodings/{name}.py defining ENCODING (see docs/interop.md)") from None
    enc = getattr(module, "ENCODING", None)
    if not isinstance(enc, Encoding):
        raise MissingEncodingError(f"{module_name} defines no ENCODING")
    if enc.game != name:
        raise MissingEncodingError(f"{module_name}.ENCODING is for {enc.game!r}, not {name!r}")
    _LOADED[name] = enc
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
