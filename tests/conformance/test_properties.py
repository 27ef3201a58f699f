"""Property tests: hypothesis drives every registered game with arbitrary action choices and checks
the contract after each step (a shrunk failure becomes a named regression test)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import medieval
from medieval.core.conformance import check_position
from medieval.core.registry import game_class

CONFIGS = [pytest.param(spec.name, players, options, id=f"{spec.name}-{players}p-{i}")
           for spec in medieval.list_games()
           for i, (players, options) in enumerate(game_class(spec.name).test_configurations())]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10_000), max_size=120))
def test_any_action_sequence_keeps_the_contract(name: str, players: int, options: dict[str, object],
                                               seed: int, picks: list[int]) -> None:
    game = medieval.make(name, players, **options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    for pick in picks:
        if state.is_over:
            break
        seat = state.to_move[pick % len(state.to_move)]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick % len(legal)])
        check_position(state, rng, full=False, roundtrip=True)
    assert medieval.replay(state.record()) == state
