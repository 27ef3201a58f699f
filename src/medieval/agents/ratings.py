"""Ratings and confidence intervals for bot tournaments.

Ratings come from OpenSkill's Plackett-Luce model (a maintained multiplayer TrueSkill-like rating
library, MIT licence), imported lazily so that playing games never needs it. Every game is one rating
update in which each seat is its own team, ranked by the outcome: winners first (tied when the win is
shared), then the others by final score. When one bot holds several seats of a game (``heuristic``
three times against one ``ismcts``), each seat is rated as a copy of that bot and the bot then takes
the mean of its copies' new ratings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate, ``mu - 3 sigma`` (what leaderboards sort by)."""
        return self.mu - 3.0 * self.sigma


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``successes`` may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks_of(winners: Sequence[int], scores: Sequence[float], players: int) -> list[int]:
    """Rank per seat (0 best, ties share a rank): winners first, then the rest by score."""
    keys = [(0 if s in winners else 1, -(scores[s] if s < len(scores) else 0.0)) for s in range(players)]
    ordered = sorted(set(keys))
    return [ordered.index(k) for k in keys]


class RatingsUnavailable(RuntimeError):
    """The rating library is not installed."""


def rate_games(games: Sequence[tuple[Sequence[str], Sequence[int]]], bots: Sequence[str]) -> dict[str, Rating]:
    """Ratings of ``bots`` after ``games``, each given as (bot per seat, rank per seat), in order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise RatingsUnavailable("ratings need the 'openskill' package (pip install openskill)") from e
    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {}
    for bot in bots:
        r = model.rating(name=bot)
        current[bot] = (r.mu, r.sigma)
    for seats, ranks in games:
        teams = [[model.rating(mu=current[b][0], sigma=current[b][1], name=b)] for b in seats]
        rated = model.rate(teams, ranks=list(ranks))
        sums: dict[str, list[float]] = {}
        for b, team in zip(seats, rated, strict=True):
            acc = sums.setdefault(b, [0.0, 0.0, 0.0])
            acc[0] += team[0].mu
            acc[1] += team[0].sigma
            acc[2] += 1
        for b, (mu, sigma, k) in sums.items():
            current[b] = (mu / k, sigma / k)
    return {b: Rating(*current[b]) for b in bots}
