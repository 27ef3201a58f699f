"""The ladder: a game's bot levels in a seat-rotated round-robin (an arena run whose bots are the level
names), rated with OpenSkill, with 95% intervals that come from the games rather than from the ratings'
own sigma.

- **Ratings**: OpenSkill Plackett-Luce, one update per game in the order played (``ratings.rate_games``).
  Its sigma measures how much the model has seen, not how far the estimate could be off, and it shrinks
  with every game whatever the games say; so the interval of each level's ``mu`` is a percentile
  bootstrap over games instead: the games are drawn again with replacement, ``bootstrap`` times, and rated
  afresh; the same replicates give an interval for the difference of two levels' ratings.
- **Head to head**: for each pair of adjacent levels, the share of the games they both played in which
  the upper level finished ahead of the lower one (winners first, then by score; a tie counts one half;
  with several seats of a level, the mean over its seats), with a Wilson interval over those games.
  Two levels are **apart** when the head-to-head interval lies above one half and the bootstrap interval
  of their rating difference above zero.

With at least as many seats as levels every game seats every level (they rotate one seat a game); with
fewer, the games cycle through every ordered choice of levels for the seats.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from medieval.agents.arena import ArenaConfig, BotRow, summarize
from medieval.agents.levels import level_spec
from medieval.agents.ratings import ranks_of, rate_games, wilson_interval
from medieval.agents.timing import format_seconds
from medieval.core.errors import InvalidOptionError
from medieval.core.registry import make

#: Bootstrap replicates by default (a 4-player game costs about 0.1 ms to rate).
BOOTSTRAP = 1000


@dataclass(frozen=True)
class LevelRow:
    level: str
    spec: str
    standing: BotRow  # seat-games, win share, its Wilson interval, move times, OpenSkill rating
    mu_low: float  # bootstrap 95% interval of the rating's mu
    mu_high: float


@dataclass(frozen=True)
class Pair:
    upper: str
    lower: str
    games: int  # games both levels played
    ahead: float  # games the upper level finished ahead (ties and shared seats count fractions)
    low: float  # Wilson 95% interval of ahead / games
    high: float
    diff: float  # rating mu of the upper level minus the lower's
    diff_low: float  # bootstrap 95% interval of that difference
    diff_high: float

    @property
    def share(self) -> float:
        return self.ahead / self.games if self.games else 0.0

    @property
    def apart(self) -> bool:
        return self.low > 0.5 and self.diff_low > 0.0


@dataclass(frozen=True)
class Ladder:
    config: ArenaConfig
    games: int
    rows: list[LevelRow]
    pairs: list[Pair]
    bootstrap: int

    def to_json(self) -> dict[str, Any]:
        return {**self.config.header(), "games_played": self.games, "bootstrap": self.bootstrap,
                "levels": [{"level": r.level, "spec": r.spec, "mu_ci95": [r.mu_low, r.mu_high],
                            **r.standing.to_json()} for r in self.rows],
                "adjacent": [{"upper": p.upper, "lower": p.lower, "games": p.games, "upper_ahead": p.ahead,
                              "share": p.share, "ci95": [p.low, p.high], "rating_difference": p.diff,
                              "rating_difference_ci95": [p.diff_low, p.diff_high], "apart": p.apart}
                             for p in self.pairs]}


def ladder_config(game: str, players: int | None, options: dict[str, Any], levels: Sequence[str], games: int,
                  seed: int = 0) -> ArenaConfig:
    """The arena run of a ladder: the levels (lowest first) as its bots."""
    names = [lv.strip().lower() for lv in levels]
    for name in names:
        if level_spec(name) is None:
            raise InvalidOptionError(f"{name!r} is not a level (levels: easy, medium, hard, expert)")
    if len(set(names)) != len(names) or len(names) < 2:
        raise InvalidOptionError("a ladder needs at least two different levels, each named once")
    g = make(game, players, **options)
    return ArenaConfig(game=g.spec.name, players=g.players, options=dict(g.options), bots=tuple(names),
                       games=games, seed=seed)


def _lineup(config: ArenaConfig, result: dict[str, Any]) -> tuple[list[str], list[int]]:
    lineup = [config.bots[b] for b in result["seating"]]
    return lineup, ranks_of(result["winners"], result["scores"], config.players)


def _ahead(lineup: list[str], ranks: list[int], upper: str, lower: str) -> float | None:
    """The upper level's result against the lower in one game (1 ahead, 1/2 level, 0 behind; the mean over
    their seats), or None if they did not both play."""
    ups = [ranks[s] for s, b in enumerate(lineup) if b == upper]
    downs = [ranks[s] for s, b in enumerate(lineup) if b == lower]
    if not ups or not downs:
        return None
    total = sum(1.0 if u < d else 0.5 if u == d else 0.0 for u in ups for d in downs)
    return total / (len(ups) * len(downs))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def analyse(config: ArenaConfig, results: Sequence[dict[str, Any]], bootstrap: int = BOOTSTRAP,
            seed: int = 0) -> Ladder:
    """The ladder's table from a run's finished games (levels in the order of ``config.bots``, lowest
    first). ``bootstrap`` replicates (drawn from ``seed``) give the rating intervals."""
    levels = list(config.bots)
    summary = summarize(config, results)
    standings = {r.bot: r for r in summary.rows}
    games = [_lineup(config, r) for r in results]
    draws: dict[str, list[float]] = {lv: [] for lv in levels}
    rng = random.Random(seed)
    if games and summary.ratings_note is None:
        for _ in range(bootstrap):
            sample = [games[rng.randrange(len(games))] for _ in games]
            rated = rate_games(sample, levels)
            for lv in levels:
                draws[lv].append(rated[lv].mu)
    game = make(config.game, config.players, **config.options)
    rows = []
    for lv in levels:
        d = draws[lv]
        rows.append(LevelRow(lv, level_spec(lv, game) or lv, standings[lv], _percentile(d, 0.025),
                             _percentile(d, 0.975)))
    pairs = []
    for lower, upper in itertools.pairwise(levels):
        scores = [a for lineup, ranks in games if (a := _ahead(lineup, ranks, upper, lower)) is not None]
        low, high = wilson_interval(sum(scores), len(scores))
        diffs = [u - w for u, w in zip(draws[upper], draws[lower], strict=True)]
        ru, rl = standings[upper].rating, standings[lower].rating
        diff = ru.mu - rl.mu if ru is not None and rl is not None else 0.0
        pairs.append(Pair(upper, lower, len(scores), sum(scores), low, high, diff, _percentile(diffs, 0.025),
                          _percentile(diffs, 0.975)))
    return Ladder(config, len(results), rows, pairs, bootstrap if draws[levels[0]] else 0)


def markdown(ladder: Ladder, command: str | None = None) -> str:
    """The ladder as markdown tables (levels, then adjacent pairs), with the command that made it."""
    c = ladder.config
    display = make(c.game, c.players, **c.options).spec.display_name
    lines = [f"{display}, {c.players} players, {ladder.games} games (seeds {c.seed}..{c.seed + ladder.games - 1}), "
             f"seats rotated; rating intervals: {ladder.bootstrap} bootstrap replicates over games", ""]
    if command:
        lines += [f"    {command}", ""]
    lines += ["| level | bot | seat-games | win share [95% CI] | rating mu [95% CI] | CPU s/move p95 / max "
              "| max / budget |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in ladder.rows:
        s = r.standing
        mu = "n/a" if s.rating is None else f"{s.rating.mu:.1f} [{r.mu_low:.1f}, {r.mu_high:.1f}]"
        over = s.over_budget
        lines.append(f"| {r.level} | `{r.spec}` | {s.seats} | {s.share:.1%} [{s.low:.1%}, {s.high:.1%}] | {mu} | "
                     f"{format_seconds(s.times.cpu_quantile(0.95))} / {format_seconds(s.times.cpu_max)} | "
                     f"{'-' if over is None else f'{over:.2f}'} |")
    lines += ["", "| upper vs lower | games together | upper ahead [95% CI] | rating difference [95% CI] | apart? |",
              "|---|---:|---:|---:|---|"]
    for p in ladder.pairs:
        lines.append(f"| {p.upper} vs {p.lower} | {p.games} | {p.share:.1%} [{p.low:.1%}, {p.high:.1%}] | "
                     f"{p.diff:+.1f} [{p.diff_low:+.1f}, {p.diff_high:+.1f}] | {'yes' if p.apart else 'no'} |")
    return "\n".join(lines) + "\n"
