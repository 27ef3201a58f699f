"""The rules' one-pass shortcuts agree with the plain definitions they stand for (§4.3, §4.5, §5, §12),
checked on every seat at every step of seeded games of each configuration."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import IS_HOST, IS_TROOP, NFACES, POWER, PROD
from medieval.games.medievalia2007.fief import base_production, production
from medieval.games.medievalia2007.movement import can_march, march_options
from medieval.games.medievalia2007.playing import survey
from medieval.games.medievalia2007.state import Medievalia2007State
from medieval.games.medievalia2007.upkeep import food_capacity, upkeep
from tests.games.medievalia2007.helpers import make

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (2, {"military_upkeep": False}), (3, {"turn_limit": 16}),
    (4, {"allied": True, "turn_limit": 16}), (4, {"layout": "all_pairs", "turn_limit": 16}),
]


def states(players: int, options: dict[str, Any], games: int = 3) -> Iterator[Medievalia2007State]:
    """Every position of a few seeded games (half of them played by the heuristic)."""
    game = make(players, **options)
    for g in range(games):
        state = game.new_game(seed=31 + g)
        assert isinstance(state, Medievalia2007State)
        rng = random.Random(g)
        while not state.is_over:
            yield state
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            action = game.heuristic_action(state, seat, rng) if g % 2 else rng.choice(legal)
            state.apply(seat, action)


def plain_resources(s: Medievalia2007State, p: int) -> list[int]:
    """What p could still produce this turn (see ``Medievalia2007State._survey``), card by card."""
    out = [0, 0, 0, 0, 0, 0]
    for c in s.tables[p]:
        if s.rot[c]:
            continue
        if IS_HOST[c]:
            out[PROD[c]] += production(s, c)
        elif IS_TROOP[c] and s.loc[c] == p:
            if s.host[c] < 0 and PROD[c] >= 0:
                out[PROD[c]] += production(s, c)
            out[4] += {"merchant": 1, "artist": 3}.get(POWER[c], 0)
            out[5] += 2 if POWER[c] == "bureaucrat" else 0
    return out  # the ally's help is added apart (``playing.with_ally``)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_survey_matches_the_card_by_card_definitions(players: int, options: dict[str, Any]) -> None:
    """§4.3/§4.5/§12: the actions phase's one pass over the table gives each territory/City's
    buildings, troops and production, what the seat could still produce, its unused troops, its food
    and its upkeep exactly as the plain definitions do."""
    for s in states(players, options):
        for p in range(players):
            stats, res, idle, food, need = survey(s, p)
            hosts = [c for c in s.tables[p] if IS_HOST[c]]
            assert list(stats) == hosts
            for h in hosts:
                on = [c for c in s.tables[p] if s.host[c] == h]
                assert stats[h][:3] == [sum(1 for c in on if not IS_TROOP[c]), sum(1 for c in on if IS_TROOP[c]),
                                        base_production(s, h)]
            assert res == plain_resources(s, p)
            assert idle == [c for c in s.tables[p] if IS_TROOP[c] and not s.rot[c]]
            assert (food, need) == (food_capacity(s, p), upkeep(s, p))


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_march_check_matches_the_march_options(players: int, options: dict[str, Any]) -> None:
    """§5: the quick check that skips an empty movement phase agrees with the movement options."""
    for s in states(players, options):
        for p in range(players):
            assert can_march(s, p) == bool(march_options(s, p))


def test_prebuilt_actions_equal_fresh_ones() -> None:
    """§4, §9: the actions handed out from the pre-built tables are the same values as freshly built ones."""
    assert all(A.PLAY[f] == A.Play(f) for f in range(NFACES))
    for f, row in enumerate(A.BUILD):
        assert all(a == A.Build(f, h) for h, a in enumerate(row))
    for t, moves in enumerate(A.MOVE):
        assert all(m == A.Move(t, h - 1) for h, m in enumerate(moves))
    for f in range(NFACES):
        for mask in range(16):
            assert A.SELLS[f][mask] == tuple(A.Sell(f, r) for r in range(4) if mask >> r & 1)
    for g in range(4):
        for mask in range(16):
            assert A.TRADES[g][mask] == tuple(A.Trade(g, r) for r in range(4) if mask >> r & 1 and r != g)
