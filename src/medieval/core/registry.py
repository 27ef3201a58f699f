"""The game registry. Game packages register themselves; ``make`` builds a configured game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from medieval.core.errors import RecordError, UnknownGameError
from medieval.core.spec import GameSpec
from medieval.core.state import Game, State

_GAMES: dict[str, type[Game[Any]]] = {}
_FAILED: dict[str, Exception] = {}
G = TypeVar("G", bound=Game[Any])


def register(game_cls: type[G]) -> type[G]:
    """Class decorator: add a game to the registry under ``game_cls.spec.name``."""
    name = game_cls.spec.name
    existing = _GAMES.get(name)
    if existing is not None and existing is not game_cls:
        raise ValueError(f"game {name!r} is already registered")
    _GAMES[name] = game_cls
    return game_cls


def record_import_failure(package: str, error: Exception) -> None:
    """Remember a game package that failed to import (called by ``medieval.games``)."""
    _FAILED[package] = error


def import_failures() -> dict[str, Exception]:
    """Game packages that failed to import, with their errors."""
    _load()
    return dict(_FAILED)


def _load() -> None:
    # Importing the games package registers every game in it (core itself imports no game).
    import medieval.games  # noqa: F401


def game_class(name: str) -> type[Game[Any]]:
    _load()
    key = name.strip().lower() if isinstance(name, str) else name
    try:
        return _GAMES[key]
    except (KeyError, TypeError):
        if key in _FAILED:
            raise UnknownGameError(f"game {name!r} failed to load: {_FAILED[key]!r}") from _FAILED[key]
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {name!r} (games: {known})") from None


def list_games() -> list[GameSpec]:
    """Specs of every registered game, by name."""
    _load()
    return [_GAMES[n].spec for n in sorted(_GAMES)]


def make(name: str, players: int | None = None, **options: Any) -> Game[Any]:
    """A configured game: ``make("paladin", players=4, next_dealer="fewest")``."""
    return game_class(name)(players, **options)


def _game_of(data: Mapping[str, Any]) -> Game[Any]:
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise RecordError("not a medieval record or state: no 'game' field")
    return make(data["game"], data.get("players"), **dict(data.get("options", {})))


def from_json(data: Mapping[str, Any]) -> State:
    """Restore any game's state from ``State.to_json`` output."""
    state: State = _game_of(data).from_json(data)
    return state


def replay(record: Mapping[str, Any], upto: int | None = None) -> State:
    """Rebuild any game's state from ``State.record`` output."""
    state: State = _game_of(record).replay(record, upto)
    return state
