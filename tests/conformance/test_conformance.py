"""The conformance suite: seeded random games of every registered game and configuration, with the
contract's invariants checked after every step. A new game only registers itself to be covered.

MEDIEVAL_CONFORMANCE_GAMES sets the number of games per game (default 800), spread over the game's
test configurations (player counts and variants)."""

from __future__ import annotations

import os
from typing import Any

import pytest

import medieval
from medieval.core.conformance import play_checked
from medieval.core.registry import game_class

GAMES_PER_GAME = int(os.environ.get("MEDIEVAL_CONFORMANCE_GAMES", "800"))
CHUNK = 50
#: In this many games of each chunk every legal action is applied at every step (in the others a sample).
FULL_PER_CHUNK = 2


def _cases() -> list[Any]:
    cases = []
    for spec in medieval.list_games():
        configs = game_class(spec.name).test_configurations()
        per_config = -(-GAMES_PER_GAME // len(configs))
        for ci, (players, options) in enumerate(configs):
            label = f"{spec.name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
            for start in range(0, per_config, CHUNK):
                count = min(CHUNK, per_config - start)
                cases.append(pytest.param(spec.name, players, options, ci * 1_000_000 + start, count,
                                          id=f"{label}-{start}"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options", "first_seed", "count"), _cases())
def test_random_games_keep_the_contract(name: str, players: int, options: dict[str, Any],
                                        first_seed: int, count: int) -> None:
    game = medieval.make(name, players, **options)
    hidden = 0
    for i in range(count):
        stats = play_checked(game, first_seed + i, full=i < FULL_PER_CHUNK)
        hidden += stats["hidden_changed"]
    # determinize must actually re-deal something in games with hidden information
    assert hidden > 0 or not game_class(name).has_hidden_information(), (
        f"{name}: determinize never changed a hidden card in {count} games")
