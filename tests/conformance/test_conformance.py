"""The conformance suite: seeded random games of every registered game and configuration, with the
contract's invariants checked after every step. A new game only registers itself to be covered.

MEDIEVAL_CONFORMANCE_GAMES sets the number of games per game (default 800), spread over the game's
test configurations (player counts and variants)."""

from __future__ import annotations

import gc
import os
import random
from typing import Any

import pytest

import medieval
from medieval.agents import make_agent
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


def _configs() -> list[Any]:
    return [pytest.param(spec.name, players, options,
                         id=f"{spec.name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items()))
            for spec in medieval.list_games()
            for players, options in game_class(spec.name).test_configurations()]


@pytest.mark.parametrize(("name", "players", "options"), _configs())
def test_play_and_search_leave_no_reference_cycles(name: str, players: int, options: dict[str, Any]) -> None:
    """Everything a game and its search build is freed by reference counting alone: cyclic garbage (a
    recursive closure that refers to itself, say) makes the garbage collector run, and scan the live
    positions, every few hundred allocations. MidEvil's skeleton matching left about a thousand objects
    of it a game, and the collector took 14% of its playouts."""
    game = medieval.make(name, players, **options)
    rng = random.Random(1)

    def play(seed: int) -> None:
        state = game.new_game(seed)
        searcher = make_agent("ismcts:iters=30", seed)
        searched = False
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if not searched and len(legal) > 1:  # one search, on the game's first real choice
                searcher.choose(state, seat)
                searched = True
            state.clone()
            state.view(seat)
            state.determinize(seat, rng)
            state.apply(seat, rng.choice(legal))
        state.to_json()

    play(0)  # fill the games' caches first
    gc.collect()
    gc.disable()
    try:
        for seed in (1, 2, 3):
            play(seed)
        assert gc.collect() == 0, f"{name}: playing, cloning, viewing and searching left cyclic garbage"
    finally:
        gc.enable()
