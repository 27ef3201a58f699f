"""Ratings and confidence intervals for bot tournaments.

A rating is the strength of OpenSkill's Plackett-Luce model (the model of a maintained multiplayer
TrueSkill-like rating library, on its scale: mean 25), fitted by maximum likelihood to all of a run's games
at once (``fit_plackett_luce``), with a 95% interval from a bootstrap over the games. Each game ranks its
seats winners first (tied when the win is shared), then the others by final score, or level where the
game's score is not how near a seat came to winning (``GameSpec.placings``); a bot holding several seats
plays each with the same strength.

Why not OpenSkill's own update, one game at a time in the order played: for bots whose strength does not
change, its shrinking steps weigh the early games more than the late ones, so the order the games happened
to finish in moves two close bots' ratings (the same 400 simulated games in six orders gave one pair a
difference from -1.4 to +4.7). Fitted at once, every game weighs the same and the order does not matter.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: Bootstrap replicates behind a rating's interval (a fit takes well under a millisecond: a run's games
#: reduce to a few dozen finishing orders).
BOOTSTRAP = 1000


@dataclass(frozen=True)
class Rating:
    """A bot's fitted rating (``fit_plackett_luce``) and its bootstrap 95% interval."""

    mu: float
    low: float
    high: float


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``successes`` may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks_of(winners: Sequence[int], scores: Sequence[float], players: int, placings: str = "score") -> list[int]:
    """Rank per seat (0 best, ties share a rank): winners first, then the rest by score, or (``placings``
    ``"tied"``, ``GameSpec.placings``) the rest level."""
    by_score = placings == "score"
    keys = [(0 if s in winners else 1, -(scores[s] if by_score and s < len(scores) else 0.0))
            for s in range(players)]
    ordered = sorted(set(keys))
    return [ordered.index(k) for k in keys]


#: OpenSkill's defaults: a new rating's ``mu``, and ``beta``, the spread of one game's performance.
OPENSKILL_MU = 25.0
OPENSKILL_BETA = 25.0 / 6.0


@dataclass(frozen=True)
class FinishingOrders:
    """Games reduced to what a Plackett-Luce fit reads (``fit_plackett_luce``): for each game, how often each
    bot was *chosen* (finished ahead of every seat still unplaced at its rank) and the sets it was chosen from.
    Games that differ only in their seats reduce alike, so a run of hundreds of games has a few dozen kinds."""

    bots: tuple[str, ...]
    seats: int  # seats per game (every game of a run has as many)
    kinds: tuple[tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]], ...]
    # per kind: (times each bot was chosen, ((bots in a choice set, as indices with repeats), weight), ...)
    of_game: tuple[int, ...]  # each game's kind

    @classmethod
    def of(cls, games: Sequence[tuple[Sequence[str], Sequence[int]]], bots: Sequence[str]) -> FinishingOrders:
        index = {b: i for i, b in enumerate(bots)}
        kinds: dict[tuple[tuple[int, ...], ...], int] = {}
        of_game = []
        seats = 0
        for lineup, ranks in games:
            seats = max(seats, len(lineup))
            groups: dict[int, list[int]] = {}
            for b, r in zip(lineup, ranks, strict=True):
                groups.setdefault(r, []).append(index[b])
            order = tuple(tuple(sorted(groups[r])) for r in sorted(groups))
            of_game.append(kinds.setdefault(order, len(kinds)))
        built = []
        for order in kinds:  # (in the order first met)
            chosen = [0] * len(bots)
            sets: list[tuple[tuple[int, ...], int]] = []
            for j, group in enumerate(order[:-1]):  # the last group is chosen from itself alone: nothing to learn
                for i in group:
                    chosen[i] += 1
                rest = tuple(sorted(i for g in order[j:] for i in g))
                sets.append((rest, len(group)))  # a tie: each of the group chosen from the same set (Breslow)
            built.append((tuple(chosen), tuple(sets)))
        return cls(tuple(bots), seats, tuple(built), tuple(of_game))


def fit_plackett_luce(orders: FinishingOrders, weights: Sequence[int] | None = None,
                      tolerance: float = 1e-7, max_rounds: int = 10_000) -> dict[str, float]:
    """Each bot's rating under the Plackett-Luce model that OpenSkill's ``PlackettLuce`` updates, fitted by
    maximum likelihood to all the games at once, on OpenSkill's scale.

    The model: at each rank the seat placed there is chosen from the seats still unplaced with chance
    proportional to ``exp(mu / c)``, ``c = beta * sqrt(seats)`` (OpenSkill's scale once sigma is small); a
    tie is each of its seats chosen from the same set (Breslow's rule). Fitted by the minorize-maximize
    iteration for Plackett-Luce, with one won and one lost game against a bot of the mean rating added
    for every bot, so that a bot that never finished ahead (or never behind) keeps a finite rating. The
    ratings' mean is ``OPENSKILL_MU``; the fit stops once no rating moves by ``tolerance`` in a round.
    ``weights`` counts each game (a bootstrap draw); None counts each once.
    """
    k = len(orders.bots)
    scale = OPENSKILL_BETA * math.sqrt(max(orders.seats, 1))
    per_kind = [0] * len(orders.kinds)
    for g, kind in enumerate(orders.of_game):
        per_kind[kind] += 1 if weights is None else weights[g]
    chosen = [1.0] * k  # the added won game of each bot
    sets: dict[tuple[int, ...], float] = {}
    for (wins, choice_sets), n in zip(orders.kinds, per_kind, strict=True):
        if not n:
            continue
        for b in range(k):
            chosen[b] += n * wins[b]
        for members, size in choice_sets:
            sets[members] = sets.get(members, 0.0) + n * size
    table = list(sets.items())
    logs = [0.0] * k
    for _ in range(max_rounds):
        worth = [math.exp(x) for x in logs]  # the mean rating's worth is 1
        denom = [2.0 / (w + 1.0) for w in worth]  # the added won and lost game against the mean rating
        for members, weight in table:
            share = weight / sum(worth[b] for b in members)
            for b in members:
                denom[b] += share
        new = [math.log(chosen[b] / denom[b]) for b in range(k)]
        mean = sum(new) / k
        new = [x - mean for x in new]
        moved = max(abs(n - x) for n, x in zip(new, logs, strict=True)) * scale
        logs = new
        if moved < tolerance:
            break
    return {b: OPENSKILL_MU + scale * x for b, x in zip(orders.bots, logs, strict=True)}


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the nearest two; 0.0 for none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def bootstrap_fits(orders: FinishingOrders, replicates: int = BOOTSTRAP, seed: int = 0) -> list[dict[str, float]]:
    """``replicates`` fits, each to the games drawn again with replacement (as many as there are), the draws
    from ``seed``: the spread of a rating, or of a difference of two, over these is its sampling spread."""
    n = len(orders.of_game)
    if not n:
        return []
    rng = random.Random(seed)
    fits = []
    for _ in range(replicates):
        weights = [0] * n
        for _ in range(n):
            weights[rng.randrange(n)] += 1
        fits.append(fit_plackett_luce(orders, weights))
    return fits


def fitted_ratings(games: Sequence[tuple[Sequence[str], Sequence[int]]], bots: Sequence[str],
                   replicates: int = BOOTSTRAP, seed: int = 0) -> dict[str, Rating]:
    """Each bot's rating after ``games`` (each given as bot per seat, rank per seat; their order does not
    matter) with its percentile-bootstrap 95% interval; every bot at the mean rating when there are none."""
    orders = FinishingOrders.of(games, bots)
    if not games:
        return {b: Rating(OPENSKILL_MU, OPENSKILL_MU, OPENSKILL_MU) for b in bots}
    fitted = fit_plackett_luce(orders)
    fits = bootstrap_fits(orders, replicates, seed)
    return {b: Rating(fitted[b], percentile([f[b] for f in fits], 0.025), percentile([f[b] for f in fits], 0.975))
            for b in bots}
