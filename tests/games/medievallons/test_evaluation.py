"""The match standing as a position evaluation (our design; rules document, "Bot knowledge"): what a
``depth=round`` search scores at the start of each round of a 2-player match (§5.2, Ruling R1)."""

from __future__ import annotations

import math

import pytest

from medieval.games.medievallons import MedievallonsGame
from medieval.games.medievallons.evaluation import match_chances
from tests.games.medievallons.helpers import stacked, two_guilds
from tests.support import do, game


def test_match_chances_count_each_round_to_play_as_a_fair_coin() -> None:
    """§5.2 / R1: each round still to play counts as a fair coin; a shared round counts for both."""
    assert match_chances((0, 0), 0) == (0.5, 0.5)
    assert match_chances((1, 0), 1) == (0.75, 0.25)  # win round 2, or lose it and win round 3
    assert match_chances((0, 1), 1) == (0.25, 0.75)
    assert match_chances((1, 1), 2) == (0.5, 0.5)  # the third round decides
    assert match_chances((2, 0), 2) == (1.0, 0.0) and match_chances((1, 2), 3) == (0.0, 1.0)
    # a shared round counts for both (R1): 1-1 after one round, then the first to win one more
    assert match_chances((1, 1), 1) == (0.5, 0.5)
    assert match_chances((2, 2), 3) == (0.5, 0.5)  # three rounds played, level: the match is shared
    for wins, played in [((0, 0), 0), ((1, 0), 1), ((1, 1), 2), ((1, 1), 1)]:
        assert math.isclose(sum(match_chances(wins, played)), 1.0)


def test_evaluation_reads_the_standing_after_a_won_round() -> None:
    """§5.2: seat 0 lays its third guild; the new round starts 1-0 and the standing is worth 3/4 to it."""
    s = stacked(2, hands=[["Monk"] * 3, []], guilds=two_guilds(0), draw=["Star"])
    g = s.game
    assert g.round_number(s) == 1 and g.evaluate(s) == [0.5, 0.5]
    do(s, "0 lay Monk Monk Monk")
    assert g.round_number(s) == 2 and g.evaluate(s) == [0.75, 0.25]
    late = stacked(2, round=3, round_wins=[1, 1])
    assert late.game.round_number(late) == 3 and late.game.evaluate(late) == [0.5, 0.5]


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {}), (2, {"match": "single_round"})])
def test_single_round_games_have_neither_rounds_nor_an_evaluation(players: int, options: dict[str, str]) -> None:
    """§5.2 / R1: only the 2-player match has rounds; a single round has no standing to evaluate."""
    g = game(MedievallonsGame, players, **options)
    s = g.new_game(seed=5)
    assert type(g).has_evaluation()  # the hook exists for the match ...
    assert g.evaluate(s) is None and g.round_number(s) is None  # ... and has nothing to say here
