"""The position evaluation searches use to cut their playouts short (the spec's evaluation part; the weights are
our design, fitted by scripts/fit_evaluation.py — docs/rules/medievalia2007.md, "Bot knowledge")."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest

import medieval
from medieval.games.medievalia2007 import evaluation
from medieval.games.medievalia2007.end import gold_production, vp
from medieval.games.medievalia2007.state import Medievalia2007State


def _midgame(players: int = 2, steps: int = 60, seed: int = 3, **options: object) -> Medievalia2007State:
    game = medieval.make("medievalia2007", players, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, game.heuristic_action(state, seat, rng))
    assert isinstance(state, Medievalia2007State)
    return state


def test_the_weights_cover_every_feature() -> None:
    """Bot knowledge (rules.md): the fitted weights cover every feature and beat a coin."""
    data = json.loads(resources.files("medieval.games.medievalia2007").joinpath("data/evaluation.json")
                      .read_text("utf-8"))
    assert set(data["weights"]) == set(evaluation.FEATURE_NAMES)
    assert data["held_out"]["log_loss"] < data["held_out"]["uniform_log_loss"]  # better than a coin
    assert data["weights"]["vp"] > 0 and data["weights"]["siege_turns"] < 0


def test_features_read_the_table() -> None:
    """Bot knowledge (rules.md): the features read the table (§10.1 VP, §10.2 siege, §10.3 gold)."""
    state = _midgame()
    for p in range(2):
        f = dict(zip(evaluation.FEATURE_NAMES, evaluation.features(state, p), strict=True))
        assert f["vp"] == vp(state, p)
        assert f["siege_turns"] == state.siege[p]
        assert f["hand"] == len(state.hands[p])
        assert f["gold_production"] == gold_production(state, p)
        assert f["to_move"] == (1.0 if state.active == p else 0.0)


def test_evaluate_gives_win_chances() -> None:
    """Bot knowledge (rules.md): the evaluation gives each seat a win chance."""
    state = _midgame()
    r = state.game.evaluate(state)
    assert r is not None and len(r) == 2 and math.isclose(sum(r), 1.0) and all(0 < x < 1 for x in r)


def test_more_prestige_is_worth_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot knowledge (rules.md): the same position with seat 0's prestige raised: its win chance goes up."""
    state = _midgame()
    base = evaluation.evaluate(state)
    real = evaluation.features

    def boosted(s: Medievalia2007State, p: int) -> list[float]:
        f = real(s, p)
        if p == 0:
            f[evaluation.FEATURE_NAMES.index("vp")] += 2
        return f

    monkeypatch.setattr(evaluation, "features", boosted)
    better = evaluation.evaluate(state)
    assert better[0] > base[0]


def test_allied_partners_share_their_chance_and_the_fallen_get_nothing() -> None:
    """Bot knowledge (rules.md), §13: partners share their chance; a fallen seat gets none."""
    state = _midgame(4, steps=80, allied=True, turn_limit=24)
    r = evaluation.evaluate(state)
    assert math.isclose(sum(r), 1.0)
    team = state.game.team
    assert math.isclose(r[0], r[2]) and team[0] == team[2]
    three = _midgame(3, steps=40, turn_limit=24)
    three.alive[1] = False
    r3 = evaluation.evaluate(three)
    assert r3[1] == 0.0 and math.isclose(sum(r3), 1.0)
