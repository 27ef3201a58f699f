"""The ladder's ratings: OpenSkill's Plackett-Luce model fitted to all the games at once
(``ratings.fit_plackett_luce``): the maximum of its likelihood, whatever the order of the games, on
OpenSkill's scale, finite for a bot that never finished ahead, and able to tell apart levels a few points
apart in a few hundred games."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from medieval.agents.batch import seating
from medieval.agents.ladder import analyse, ladder_config
from medieval.agents.ratings import OPENSKILL_BETA, OPENSKILL_MU, FinishingOrders, fit_plackett_luce

Game = tuple[list[str], list[int]]
BOTS = ["easy", "medium", "hard", "expert"]


def plackett_luce_games(worth: dict[str, float], n: int, seed: int) -> list[Game]:
    """``n`` 4-player games of the four bots in a random seating, each finishing order drawn from the
    Plackett-Luce model with these worths (no ties)."""
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        lineup = BOTS[:]
        rng.shuffle(lineup)
        ranks = [0] * 4
        for rank, seat in enumerate(finishing_order(lineup, worth, rng)):
            ranks[seat] = rank
        games.append((lineup, ranks))
    return games


def finishing_order(lineup: list[str], worth: dict[str, float], rng: random.Random) -> list[int]:
    """The seats from first to last, each rank's seat drawn from those left in proportion to its worth."""
    left, order = list(range(len(lineup))), []
    while left:
        pick = rng.choices(left, weights=[worth[lineup[s]] for s in left])[0]
        order.append(pick)
        left.remove(pick)
    return order


def log_likelihood(games: list[Game], mu: dict[str, float], seats: int) -> float:
    """The fit's objective, written out directly: each rank's seat chosen from those still unplaced
    (Breslow's rule for ties), plus one won and one lost game of each bot against the mean rating."""
    c = OPENSKILL_BETA * math.sqrt(seats)
    theta = {b: (m - OPENSKILL_MU) / c for b, m in mu.items()}
    total = sum(theta[b] - 2 * math.log(1 + math.exp(theta[b])) for b in mu)
    for lineup, ranks in games:
        for r in sorted(set(ranks))[:-1]:
            group = [lineup[s] for s in range(len(lineup)) if ranks[s] == r]
            rest = [lineup[s] for s in range(len(lineup)) if ranks[s] >= r]
            total += sum(theta[b] for b in group) - len(group) * math.log(sum(math.exp(theta[b]) for b in rest))
    return total


def test_the_fit_is_the_maximum_of_the_likelihood() -> None:
    games = plackett_luce_games({"easy": 1.0, "medium": 2.0, "hard": 2.5, "expert": 3.0}, 60, seed=1)
    games += [(["easy", "hard", "medium", "expert"], [1, 1, 0, 2])] * 3  # some ties too
    fitted = fit_plackett_luce(FinishingOrders.of(games, BOTS))
    assert sum(fitted.values()) / 4 == pytest.approx(OPENSKILL_MU)
    best = log_likelihood(games, fitted, 4)
    for bot in BOTS:
        for step in (-0.05, 0.05):
            moved = {**fitted, bot: fitted[bot] + step}
            assert log_likelihood(games, moved, 4) < best


def test_the_order_of_the_games_does_not_matter() -> None:
    games = plackett_luce_games({"easy": 1.0, "medium": 2.0, "hard": 2.7, "expert": 3.6}, 200, seed=2)
    fitted = fit_plackett_luce(FinishingOrders.of(games, BOTS))
    for k in range(3):
        shuffled = games[:]
        random.Random(k).shuffle(shuffled)
        again = fit_plackett_luce(FinishingOrders.of(shuffled, BOTS))
        assert again == pytest.approx(fitted, abs=1e-6)


def test_the_fit_finds_the_strengths_the_games_were_drawn_from() -> None:
    worth = {"easy": 1.0, "medium": 2.0, "hard": 2.7, "expert": 3.6}
    fitted = fit_plackett_luce(FinishingOrders.of(plackett_luce_games(worth, 3000, seed=3), BOTS))
    c = OPENSKILL_BETA * math.sqrt(4)  # OpenSkill's scale in a 4-seat game
    for lower, upper in itertools.pairwise(BOTS):
        assert fitted[upper] - fitted[lower] == pytest.approx(c * math.log(worth[upper] / worth[lower]), abs=0.6)


def test_ties_teach_nothing_and_a_bot_never_ahead_keeps_a_finite_rating() -> None:
    level = [(BOTS[:], [0, 0, 0, 0])] * 20 + [(BOTS[:2], [1, 1])] * 5  # everyone tied
    assert fit_plackett_luce(FinishingOrders.of(level, BOTS)) == pytest.approx({b: OPENSKILL_MU for b in BOTS})
    last = [(["easy", "medium"], [1, 0]), (["medium", "easy"], [0, 1])] * 30  # easy never ahead
    fitted = fit_plackett_luce(FinishingOrders.of(last, ["easy", "medium"]))
    assert math.isfinite(fitted["easy"]) and fitted["easy"] < OPENSKILL_MU < fitted["medium"]


def test_the_model_is_openskills_on_its_scale() -> None:
    """At the fitted ratings, OpenSkill's own Plackett-Luce update of each game (from a rating that is all
    but certain, so the update is the model's score), summed over the games, balances the fit's one won and
    one lost game against the mean rating: the likelihood OpenSkill climbs one game at a time is the one the
    fit maximises, on the same scale. A point away from the fit, the updates no longer balance."""
    from openskill.models import PlackettLuce

    games = plackett_luce_games({"easy": 1.0, "medium": 2.0, "hard": 2.6, "expert": 3.5}, 200, seed=6)
    fitted = fit_plackett_luce(FinishingOrders.of(games, BOTS))
    model = PlackettLuce(tau=0.0)  # no added uncertainty before a game: the update is the model's alone
    sigma = 1e-3

    def pull(mu: dict[str, float]) -> dict[str, float]:
        c = math.sqrt(4 * (sigma**2 + OPENSKILL_BETA**2))  # OpenSkill's scale for 4 seats
        total = {}
        for b in BOTS:  # the fit's won and lost game against the mean rating
            worth = math.exp((mu[b] - OPENSKILL_MU) / c)
            total[b] = 1.0 - 2.0 * worth / (worth + 1.0)
        for lineup, ranks in games:
            teams = [[model.rating(mu=mu[b], sigma=sigma)] for b in lineup]
            for b, team in zip(lineup, model.rate(teams, ranks=list(ranks)), strict=True):
                total[b] += (team[0].mu - mu[b]) * c / sigma**2  # OpenSkill moves mu by sigma^2 / c times this
        return total

    assert max(abs(x) for x in pull(fitted).values()) < 0.01  # of 200 games' pulls, each up to 3 (a bot's 3 ranks)
    moved = pull({**fitted, "hard": fitted["hard"] + 1.0})
    assert moved["hard"] < -1.0  # rated too high: every game pulls it down
    assert pull({**fitted, "hard": fitted["hard"] - 1.0})["hard"] > 1.0
    two_seat_scale = {b: OPENSKILL_MU + (m - OPENSKILL_MU) / math.sqrt(2) for b, m in fitted.items()}
    assert max(abs(x) for x in pull(two_seat_scale).values()) > 5.0  # the same strengths on another scale


def test_a_bootstrap_draw_weighs_each_game_by_its_count() -> None:
    games = plackett_luce_games({"easy": 1.0, "medium": 2.0, "hard": 2.7, "expert": 3.6}, 30, seed=4)
    weights = [i % 3 for i in range(30)]
    repeated = [g for g, w in zip(games, weights, strict=True) for _ in range(w)]
    assert fit_plackett_luce(FinishingOrders.of(games, BOTS), weights) == pytest.approx(
        fit_plackett_luce(FinishingOrders.of(repeated, BOTS)), abs=1e-6)


def test_a_ladder_of_levels_close_together_is_told_apart_in_400_games() -> None:
    """Levels whose adjacent pairs finish ahead of each other about 57-60% of the time (as the Medievallons
    ladder's hard and expert did): 400 games separate every pair. OpenSkill's update one game at a time,
    bootstrapped over these same games, did not: hard's difference from medium was -0.3 to +6.6."""
    worth = {"easy": 1.0, "medium": 2.0, "hard": 2.7, "expert": 3.6}
    config = ladder_config("medievallons", 4, {}, BOTS, 400, seed=0)
    rng = random.Random(5)
    results: list[dict[str, Any]] = []
    for i in range(400):
        seats = list(seating(4, 4, i))
        lineup = [config.bots[b] for b in seats]
        order = finishing_order(lineup, worth, rng)
        scores = [0.0] * 4
        for rank, seat in enumerate(order):
            scores[seat] = float(10 - rank)
        results.append({"index": i, "seed": i, "seating": seats, "winners": [order[0]], "scores": scores,
                        "rewards": [1.0 if s == order[0] else 0.0 for s in range(4)]})
    ladder = analyse(config, results, bootstrap=300, seed=1)
    assert [p.apart for p in ladder.pairs] == [True, True, True]
    for p in ladder.pairs[1:]:
        assert 0.5 < p.share < 0.65  # close levels, as the real ones
