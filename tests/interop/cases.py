"""The games and player counts the interop tests cover: every registered game, every player count, plus the
game's other test configurations (rule variants) where a test takes options."""

from __future__ import annotations

from typing import Any

import pytest

import medieval
from medieval.core.registry import game_class


def player_counts() -> list[Any]:
    """Every game and player count, with the options of the game's first test configuration for that count
    (games keep long games short there, e.g. a round limit), else the defaults."""
    out = []
    for spec in medieval.list_games():
        configs = game_class(spec.name).test_configurations()
        for n in spec.player_counts:
            options = next((o for p, o in configs if p == n), {})
            label = f"{spec.name}-{n}p" + "".join(f"-{k}={v}" for k, v in options.items())
            out.append(pytest.param(spec.name, n, options, id=label))
    return out


def configurations() -> list[Any]:
    out = []
    for spec in medieval.list_games():
        for n, options in game_class(spec.name).test_configurations():
            label = f"{spec.name}-{n}p" + "".join(f"-{k}={v}" for k, v in options.items())
            out.append(pytest.param(spec.name, n, options, id=label))
    return out


def game_names() -> list[str]:
    return [spec.name for spec in medieval.list_games()]


def first_configuration(name: str) -> tuple[int, dict[str, Any]]:
    """The game's first test configuration (its main one): players and options."""
    return game_class(name).test_configurations()[0]
