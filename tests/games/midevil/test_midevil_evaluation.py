"""The position evaluation searches use to cut their playouts short (``evaluation.py``; the weights
are our design, fitted by scripts/fit_evaluation.py — docs/rules/midevil.md, "Bot knowledge")."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import medieval
from medieval.games.midevil import MidEvilState, evaluation
from medieval.games.midevil.components import BOOK_AT_GRAVEYARD
from medieval.games.midevil.winning import points


def _play(players: int = 4, seed: int = 3, steps: int = 10_000, until_book_held: bool = False) -> MidEvilState:
    """A heuristic game played for ``steps`` steps (or until someone holds the Necronomicon)."""
    game = medieval.make("midevil", players)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if until_book_held and state.book >= 0:
            break
        seat = state.to_move[0]
        state.apply(seat, game.heuristic_action(state, seat, rng))
        assert not state.is_over
    assert isinstance(state, MidEvilState)
    return state


def _named(state: MidEvilState, p: int) -> dict[str, float]:
    return dict(zip(evaluation.FEATURE_NAMES, evaluation.features(state, p), strict=True))


def test_the_weights_cover_every_feature() -> None:
    """Bot knowledge: the fitted weights name every feature and beat uniform chances on held-out positions."""
    data = json.loads(resources.files("medieval.games.midevil").joinpath("data/evaluation.json")
                      .read_text("utf-8"))
    assert set(data["weights"]) == set(evaluation.FEATURE_NAMES)
    assert data["held_out"]["log_loss"] < data["held_out"]["uniform_log_loss"]  # better than a coin
    assert data["held_out"]["top_seat_accuracy"] > 1 / data["players"]
    assert data["weights"]["points"] > 0 and data["weights"]["altar_closeness"] > 0


def test_features_read_the_table() -> None:
    """Bot knowledge: each feature reads its number off the table: points, Humans, cards, the turn order."""
    state = _play(steps=60)
    for p in range(4):
        f = _named(state, p)
        assert f["points"] == points(state.kills[p]) / 30
        assert f["humans"] == state.humans[p]
        assert f["hand"] == len(state.hands[p])
        assert f["to_move"] == (1.0 if p in state.to_move else 0.0)
        assert f["turn_order"] == ((p - state.turn) % 4) / 4
        assert f["dead"] == (1.0 if state.respawn[p] else 0.0)


def test_features_follow_the_race_for_the_book() -> None:
    """Bot knowledge: the race for the book: the holder heads for the Altar, the others chase it, or all race
    for the Graveyard."""
    state = _play(until_book_held=True)
    holder = state.book
    g = state.geo()
    for p in range(4):
        f = _named(state, p)
        assert f["has_book"] == (1.0 if p == holder else 0.0)
        assert f["graveyard_closeness"] == 0.0
        if p == holder:
            assert 0 < f["altar_closeness"] <= 1 and f["chase_closeness"] == 0.0
            reach = 12 if f["horse"] else 6
            assert f["altar_in_reach"] == (1.0 if g.distances(g.altar)[state.pawn[p]] <= reach else 0.0)
        else:
            assert f["altar_closeness"] == 0.0 and 0 < f["chase_closeness"] <= 1
    # the holder dies: the book lies on the Graveyard again, and the race is for its centre square
    state.book = BOOK_AT_GRAVEYARD
    rows = [_named(state, p) for p in range(4)]
    assert all(r["has_book"] == 0.0 and r["chase_closeness"] == 0.0 for r in rows)
    assert all(0 < r["graveyard_closeness"] <= 1 for r in rows)
    dist = g.distances(g.graveyard)
    nearest = min(dist[state.pawn[p]] for p in range(4))
    assert math.isclose(sum(r["nearest_to_book"] for r in rows), 1.0)
    assert all(r["nearest_to_book"] == 0.0 for p, r in enumerate(rows) if dist[state.pawn[p]] > nearest)


def test_evaluate_gives_win_chances() -> None:
    """Bot knowledge: the evaluation gives each seat a win chance; they sum to 1."""
    state = _play(steps=200)
    r = state.game.evaluate(state)
    assert r is not None and len(r) == 4 and math.isclose(sum(r), 1.0) and all(0 < x < 1 for x in r)
    assert type(state.game).has_evaluation()


def test_more_points_are_worth_more() -> None:
    """Bot knowledge: the same position with seat 0's skeleton points raised: its win chance goes up."""
    state = _play(steps=200)
    base = evaluation.evaluate(state)
    state.kills[0][2] += 2  # two more blue skeletons
    better = evaluation.evaluate(state)
    assert better[0] > base[0]


def test_holding_the_book_near_the_altar_is_worth_more() -> None:
    """Bot knowledge: the holder is worth more next to the Altar than far from it."""
    state = _play(until_book_held=True)
    holder = state.book
    g = state.geo()
    dist = g.distances(g.altar)
    state.pawn[holder] = max(range(g.n), key=lambda s: dist[s])  # the farthest square from the Altar
    far = evaluation.evaluate(state)[holder]
    state.pawn[holder] = next(t for t in g.step[g.altar] if t >= 0)  # next to the Altar's centre
    assert evaluation.evaluate(state)[holder] > far
