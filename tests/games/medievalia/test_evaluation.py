"""The position evaluation searches use to cut their playouts short (``evaluation.py``, the spec's
``evaluation`` part; the weights are our design, fitted by scripts/fit_evaluation.py — the rules
document's "Bot knowledge")."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

from medieval.games.medievalia import MedievaliaGame, MedievaliaState, evaluation
from tests.games.medievalia.helpers import stacked
from tests.support import game


def _midgame(players: int = 4, steps: int = 120, seed: int = 3, **options: object) -> MedievaliaState:
    g = game(MedievaliaGame, players, **options)
    state = g.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, g.heuristic_action(state, seat, rng))
    assert isinstance(state, MedievaliaState) and not state.is_over
    return state


def _features(state: MedievaliaState, p: int) -> dict[str, float]:
    return dict(zip(evaluation.FEATURE_NAMES, evaluation.features(state, p), strict=True))


def test_the_weights_cover_every_feature() -> None:
    """Bot knowledge: the stored weights name every feature and beat a uniform guess on held-out games."""
    data = json.loads(resources.files("medieval.games.medievalia").joinpath("data/evaluation.json")
                      .read_text("utf-8"))
    assert set(data["weights"]) == set(evaluation.FEATURE_NAMES)
    assert data["held_out"]["log_loss"] < data["held_out"]["uniform_log_loss"]  # better than a coin
    w = data["weights"]
    assert w["score"] > 0 and w["round_score"] > 0 and w["standing_pressure"] > 0
    assert w["skips"] > 0 and w["wildcards"] > 0 and w["stuck"] < 0


def test_features_read_the_table() -> None:
    """Bot knowledge: the features of a played position read the scores (§6.5) and hands off the state."""
    state = _midgame()
    assert state.round > 1  # the totals are not all 0
    for p in range(4):
        f = _features(state, p)
        assert f["score"] == state.totals[p]
        assert f["hand"] == sum(state.hands[p])
        assert f["to_move"] == (1.0 if state.turn == p else 0.0)
        if state.deck:
            assert f["hand_endgame"] == 0.0 and f["groups_endgame"] == 0.0


def test_features_of_a_built_position() -> None:
    """Bot knowledge, base rules (§4.3, §6.4): each stack card is -1; the seat to move, unable to beat 9
    or skip, is stuck with the table's three cards; once the deck is empty the hand counts toward going
    out."""
    s = stacked(4, hands=[["2", "2", "W"], ["3", "13", "13", "S"], ["4"], ["5", "5", "5"]],
                 stacks=[["1", "1"], [], ["7"], []], table=[[0, "4"], [2, "9"]], turn=3, deck=[],
                 round=2, round_scores=[[-3, -1, -6, -2]])
    f0, f1, f3 = _features(s, 0), _features(s, 1), _features(s, 3)
    assert f0["score"] == -3 and f0["round_score"] == -2
    assert f0["wildcards"] == 1 and f0["best_total"] == 1.0  # a Wildcard alone as 13 beats 2 2 W (6)
    assert f1["high_cards"] == 2 and f1["skips"] == 1
    assert f3["stuck"] == 0 and f3["to_move"] == 1  # 5 5 5 = 15 beats 9
    assert f1["hand_endgame"] == 4 and f1["groups_endgame"] == 3
    s.turn = 2  # a lone 4 cannot beat 9
    assert _features(s, 2)["stuck"] == 2


def test_evaluate_gives_win_chances() -> None:
    """Bot knowledge: one win chance per seat, summing to 1, on real and determinized positions."""
    state = _midgame()
    r = state.game.evaluate(state)
    assert r is not None and len(r) == 4 and math.isclose(sum(r), 1.0) and all(0 < x < 1 for x in r)
    world = state.determinize(state.turn, random.Random(1))  # searches call it on determinized worlds
    assert isinstance(world, MedievaliaState)
    rw = evaluation.evaluate(world)
    assert math.isclose(sum(rw), 1.0)


def test_a_higher_total_is_worth_more() -> None:
    """Bot knowledge (§8.2: the highest total wins): the same position with seat 0's total raised: its
    win chance goes up, and more so late."""
    early = _midgame(steps=20)
    late = _midgame(steps=150)
    assert early.round < late.round
    gains = []
    for state in (early, late):
        base = evaluation.evaluate(state)
        better = state.clone()
        better.totals[0] += 5
        raised = evaluation.evaluate(better)
        assert raised[0] > base[0]
        gains.append(math.log(raised[0] / (1 - raised[0])) - math.log(base[0] / (1 - base[0])))
    assert gains[1] > gains[0]


def test_other_player_counts_and_options() -> None:
    """Bot knowledge: the 4-player weights serve every player count and the base rules."""
    for players in (2, 3, 6):
        state = _midgame(players, steps=40)
        r = evaluation.evaluate(state)
        assert len(r) == players and math.isclose(sum(r), 1.0)
    no_tower = _midgame(4, steps=60, tower="none")
    assert math.isclose(sum(evaluation.evaluate(no_tower)), 1.0)
