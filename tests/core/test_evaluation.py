"""The softmax that turns a game's position evaluation into expected rewards (medieval.core.evaluation)."""

from __future__ import annotations

import math

import pytest

from medieval.core.evaluation import linear_scores, load_weights, softmax_rewards


def test_linear_scores_weigh_each_seats_features() -> None:
    assert linear_scores([[1.0, 2.0], [0.0, -1.0]], [0.5, 2.0]) == [4.5, -2.0]
    with pytest.raises(ValueError):
        linear_scores([[1.0]], [1.0, 2.0])


def test_rewards_are_win_chances_that_follow_the_scores() -> None:
    r = softmax_rewards([1.0, 0.0, 0.0])
    assert math.isclose(sum(r), 1.0)
    assert r[0] > r[1] == r[2]
    assert math.isclose(r[0] / r[1], math.e)
    two = softmax_rewards([0.3, -0.3])
    assert math.isclose(two[0], 1 / (1 + math.exp(-0.6)))  # two seats: the logistic of the difference
    assert softmax_rewards([5.0, 5.0]) == [0.5, 0.5]
    assert math.isclose(sum(softmax_rewards([1000.0, -1000.0, 0.0])), 1.0)  # no overflow


def test_seats_out_of_the_game_get_nothing() -> None:
    r = softmax_rewards([9.0, 0.0, 0.0], alive=[False, True, True])
    assert r == [0.0, 0.5, 0.5]
    assert softmax_rewards([1.0, 2.0], alive=[False, False]) == [0.5, 0.5]


def test_a_team_shares_its_chance_among_its_members() -> None:
    """As ``Outcome.reward`` splits a team's win: partners get the same reward, half the team's chance."""
    r = softmax_rewards([2.0, 0.0, 0.0, 0.0], teams=[0, 1, 0, 1])
    assert r[0] == r[2] and r[1] == r[3]
    assert math.isclose(sum(r), 1.0)
    assert r[0] > r[1]
    dead = softmax_rewards([2.0, 0.0, 0.0, 0.0], alive=[True, True, False, True], teams=[0, 1, 0, 1])
    assert dead[0] == dead[2] and math.isclose(sum(dead), 1.0)


def test_weights_are_read_in_the_features_order_and_a_missing_one_is_an_error() -> None:
    names = ("vp", "siege_turns")
    w = load_weights("medieval.games.medievalia2007", names)
    assert len(w) == 2 and w[0] > 0 > w[1]
    assert load_weights("medieval.games.medievalia2007", names[::-1]) == w[::-1]
    with pytest.raises(ValueError, match="lacks weights for"):
        load_weights("medieval.games.medievalia2007", ("vp", "no_such_feature"))
