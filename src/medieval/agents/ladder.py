"""The ladder: a game's bot levels in a seat-rotated round-robin (an arena run whose bots are the level
names), rated on OpenSkill's scale, with 95% intervals that come from the games rather than from the
ratings' own sigma.

- **Ratings**: OpenSkill's Plackett-Luce model fitted by maximum likelihood to all the games at once
  (``ratings.fit_plackett_luce``). OpenSkill's own update, one game at a time in the order played, weighs
  the early games more than the late ones; for levels whose strength does not change, the order of the
  games then moves their ratings by more than their true difference. The interval of each level's rating
  is a percentile bootstrap over games: the games are drawn again with replacement, ``bootstrap`` times,
  and fitted afresh; the same replicates give an interval for the difference of two levels' ratings.
- **Head to head**: for each pair of adjacent levels, the share of the games they both played in which
  the upper level finished ahead of the lower one (winners first, then by score or level as the game
  places them, ``GameSpec.placings``; a tie counts one half;
  with several seats of a level, the mean over its seats), with a Wilson interval over those games.
  Two levels are **apart** when the head-to-head interval lies above one half and the bootstrap interval
  of their rating difference above zero.

With at least as many seats as levels every game seats every level (they rotate one seat a game); with
fewer, the games cycle through every ordered choice of levels for the seats.

- **Stopping early** (``medieval ladder --stop-early``): the run looks at its games every ``look_every``
  games (whole seating cycles) and stops at the first look where every adjacent pair is apart by a
  stricter bar, ``INTERIM_Z`` standard errors in place of 1.96 (Haybittle and Peto's rule for interim
  looks: with so strict a bar at the looks before the last, the chance of calling two equal levels apart
  stays about what it is with no looks). Levels far apart then cost a fraction of the games; close ones
  play the whole run, judged at the last look as without looks.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from medieval.agents.arena import ArenaConfig, BotRow, summarize
from medieval.agents.levels import level_spec
from medieval.agents.ratings import (
    BOOTSTRAP,
    Z95,
    FinishingOrders,
    bootstrap_fits,
    fit_plackett_luce,
    percentile,
    ranks_of,
    wilson_interval,
)
from medieval.agents.timing import format_seconds
from medieval.core.errors import InvalidOptionError
from medieval.core.registry import make


@dataclass(frozen=True)
class LevelRow:
    level: str
    spec: str
    standing: BotRow  # seat-games, win share, its Wilson interval, move times
    mu: float  # the rating fitted to all the games at once (``fit_plackett_luce``)
    mu_low: float  # its bootstrap 95% interval
    mu_high: float


@dataclass(frozen=True)
class Meeting:
    """Two levels' head-to-head: how often the upper level finished ahead of the lower in the games both
    played. The ladder has one for every two levels; the adjacent ones are also ``Pair``."""
    upper: str
    lower: str
    games: int  # games both levels played
    ahead: float  # games the upper level finished ahead (ties and shared seats count fractions)
    low: float  # Wilson 95% interval of ahead / games
    high: float

    @property
    def share(self) -> float:
        return self.ahead / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"upper": self.upper, "lower": self.lower, "games": self.games, "upper_ahead": self.ahead,
                "share": self.share, "ci95": [self.low, self.high]}


@dataclass(frozen=True)
class Pair(Meeting):
    """Two adjacent levels: their head-to-head and the difference of their fitted ratings."""
    diff: float  # the upper level's fitted rating minus the lower's
    diff_low: float  # bootstrap 95% interval of that difference
    diff_high: float
    diff_sd: float = 0.0  # the bootstrap's standard deviation of the difference

    @property
    def apart(self) -> bool:
        return self.low > 0.5 and self.diff_low > 0.0

    def games_to_part(self, games: int, z: float = Z95) -> int | None:
        """About how many games of the run (``games`` so far) would tell the pair apart if the head-to-head
        share and the rating difference stayed as they are: the intervals narrow as one over the square
        root of the games. None when the pair is apart already, or the upper level is not ahead so far
        (no number of games would part them at that rate). A projection at the effect seen so far, which
        is as likely to shrink as to grow: about half the time, more games are needed."""
        p = self.share
        if self.apart or not self.games or p <= 0.5 or self.diff <= 0.0:
            return None
        ahead = z * z * p * (1.0 - p) / (p - 0.5) ** 2 * games / self.games  # (the pair's share of the games)
        rated = games * (z * self.diff_sd / self.diff) ** 2
        return max(games, math.ceil(max(ahead, rated)))

    def apart_at(self, z: float) -> bool:
        """Apart by a bar of ``z`` standard errors: the Wilson interval of the head-to-head at ``z``
        above one half, and the rating difference more than ``z`` bootstrap deviations above zero."""
        return wilson_interval(self.ahead, self.games, z)[0] > 0.5 and self.diff - z * self.diff_sd > 0.0


@dataclass(frozen=True)
class Ladder:
    config: ArenaConfig
    games: int
    rows: list[LevelRow]
    pairs: list[Pair]
    bootstrap: int
    stopped_early: bool = False  # a run with looks stopped here, every pair apart at ``INTERIM_Z``
    #: Every two levels, upper above lower (in the levels' order: for each upper level, the lower ones from
    #: the lowest). The rating difference of two levels reads all their games, against the others too;
    #: these say where a level gains on another one and where it does not.
    meetings: tuple[Meeting, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**self.config.header(), "games_played": self.games, "bootstrap": self.bootstrap,
                "stopped_early": self.stopped_early,
                "levels": [{"level": r.level, "spec": r.spec, "mu": r.mu, "mu_ci95": [r.mu_low, r.mu_high],
                            **r.standing.to_json()} for r in self.rows],
                "adjacent": [{**p.to_json(), "rating_difference": p.diff,
                              "rating_difference_ci95": [p.diff_low, p.diff_high],
                              "rating_difference_sd": p.diff_sd, "apart": p.apart}
                             for p in self.pairs],
                "meetings": [m.to_json() for m in self.meetings]}


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


def _lineup(config: ArenaConfig, result: dict[str, Any], placings: str) -> tuple[list[str], list[int]]:
    lineup = [config.bots[b] for b in result["seating"]]
    return lineup, ranks_of(result["winners"], result["scores"], config.players, placings)


def _ahead(lineup: list[str], ranks: list[int], upper: str, lower: str) -> float | None:
    """The upper level's result against the lower in one game (1 ahead, 1/2 level, 0 behind; the mean over
    their seats), or None if they did not both play."""
    ups = [ranks[s] for s, b in enumerate(lineup) if b == upper]
    downs = [ranks[s] for s, b in enumerate(lineup) if b == lower]
    if not ups or not downs:
        return None
    total = sum(1.0 if u < d else 0.5 if u == d else 0.0 for u in ups for d in downs)
    return total / (len(ups) * len(downs))


def analyse(config: ArenaConfig, results: Sequence[dict[str, Any]], bootstrap: int = BOOTSTRAP,
            seed: int = 0, stopped_early: bool = False) -> Ladder:
    """The ladder's table from a run's finished games (levels in the order of ``config.bots``, lowest
    first). ``bootstrap`` replicates (drawn from ``seed``) give the rating intervals."""
    levels = list(config.bots)
    summary = summarize(config, results)
    standings = {r.bot: r for r in summary.rows}
    game = make(config.game, config.players, **config.options)
    games = [_lineup(config, r, game.spec.placings) for r in results]
    orders = FinishingOrders.of(games, levels)
    fitted = fit_plackett_luce(orders) if games else {lv: 0.0 for lv in levels}
    fits = bootstrap_fits(orders, bootstrap, seed)
    draws = {lv: [f[lv] for f in fits] for lv in levels}
    rows = []
    specs = config.level_specs()  # (a closed run's: as it was played)
    for lv in levels:
        d = draws[lv]
        rows.append(LevelRow(lv, specs.get(lv, lv), standings[lv], fitted[lv], percentile(d, 0.025),
                             percentile(d, 0.975)))
    meetings = []
    for u, upper in enumerate(levels):
        for lower in levels[:u]:
            scores = [a for lineup, ranks in games if (a := _ahead(lineup, ranks, upper, lower)) is not None]
            ahead = sum(scores)
            meetings.append(Meeting(upper, lower, len(scores), ahead, *wilson_interval(ahead, len(scores))))
    met = {(m.upper, m.lower): m for m in meetings}
    pairs = []
    for lower, upper in itertools.pairwise(levels):
        m = met[upper, lower]
        diffs = [u - w for u, w in zip(draws[upper], draws[lower], strict=True)]
        pairs.append(Pair(upper, lower, m.games, m.ahead, m.low, m.high, fitted[upper] - fitted[lower],
                          percentile(diffs, 0.025), percentile(diffs, 0.975),
                          statistics.pstdev(diffs) if diffs else 0.0))
    return Ladder(config, len(results), rows, pairs, bootstrap if draws[levels[0]] else 0, stopped_early,
                  tuple(meetings))


#: The bar at a look of a run that may stop early: two-sided p < 0.001 (Haybittle-Peto).
INTERIM_Z = 3.2905
#: About how many games a run that may stop early plays between looks.
LOOK_GAMES = 48


def seating_cycle(config: ArenaConfig) -> int:
    """Games after which the seating repeats: each level has then had every seat (and, with fewer seats
    than levels, every ordered choice of levels has played) equally often."""
    levels, seats = len(config.bots), config.players
    return levels if levels <= seats else math.perm(levels, seats)


def look_every(config: ArenaConfig) -> int:
    """Games between looks by default: whole seating cycles, about ``LOOK_GAMES``."""
    cycle = seating_cycle(config)
    return math.ceil(LOOK_GAMES / cycle) * cycle


def settled(ladder: Ladder) -> bool:
    """Every adjacent pair apart by the bar of an interim look (``INTERIM_Z``)."""
    return bool(ladder.pairs) and all(p.apart_at(INTERIM_Z) for p in ladder.pairs)


def looks(config: ArenaConfig, every: int) -> list[int]:
    """The numbers of games at which a run of ``config`` that may stop early looks, before its last game."""
    return list(range(every, config.games, every))


def stopping_point(config: ArenaConfig, results: Sequence[dict[str, Any]], every: int,
                   bootstrap: int = BOOTSTRAP, seed: int = 0) -> int | None:
    """The first look (``looks``) whose games are all in ``results`` and settle the ladder, or None."""
    have = {r["index"] for r in results}
    for n in looks(config, every):
        if any(i not in have for i in range(n)):
            return None
        first = [r for r in results if r["index"] < n]
        if settled(analyse(config, first, bootstrap, seed)):
            return n
    return None


def markdown(ladder: Ladder, command: str | None = None) -> str:
    """The ladder as markdown tables (levels, adjacent pairs, then every two levels' head-to-head), with the
    command that made it."""
    c = ladder.config
    display = make(c.game, c.players, **c.options).spec.display_name
    played = f"{ladder.games} games" if ladder.games == c.games else f"{ladder.games} of {c.games} games"
    lines = [f"{display}, {c.players} players, {played} (seeds {c.seed}..{c.seed + c.games - 1}), "
             f"seats rotated; ratings: OpenSkill's Plackett-Luce model fitted to all the games at once, intervals from "
             f"{ladder.bootstrap} bootstrap replicates over games", ""]
    if ladder.stopped_early:
        lines += [f"Stopped early after {ladder.games} games: every adjacent pair apart by the bar of an "
                  f"interim look ({INTERIM_Z:.2f} standard errors).", ""]
    if command:
        lines += [f"    {command}", ""]
    lines += ["| level | bot | seat-games | win share [95% CI] | rating [95% CI] | CPU s/move p95 / max "
              "| max / budget |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in ladder.rows:
        s = r.standing
        mu = "n/a" if not ladder.games else f"{r.mu:.1f} [{r.mu_low:.1f}, {r.mu_high:.1f}]"
        over = s.over_budget
        lines.append(f"| {r.level} | `{r.spec}` | {s.seats} | {s.share:.1%} [{s.low:.1%}, {s.high:.1%}] | {mu} | "
                     f"{format_seconds(s.times.cpu_quantile(0.95))} / {format_seconds(s.times.cpu_max)} | "
                     f"{'-' if over is None else f'{over:.2f}'} |")
    lines += ["", "| upper vs lower | games together | upper ahead [95% CI] | rating difference [95% CI] | apart? |",
              "|---|---:|---:|---:|---|"]
    for p in ladder.pairs:
        diff = f"{p.diff:+.1f} [{p.diff_low:+.1f}, {p.diff_high:+.1f}]" if ladder.games else "n/a"
        lines.append(f"| {p.upper} vs {p.lower} | {p.games} | {p.share:.1%} [{p.low:.1%}, {p.high:.1%}] | "
                     f"{diff} | {'yes' if p.apart else 'no'} |")
    if len(ladder.rows) > 2 and ladder.games:
        lowers = [r.level for r in ladder.rows[:-1]]
        lines += ["", "| finished ahead of | " + " | ".join(lowers) + " |", "|---|" + "---:|" * len(lowers)]
        met = {(m.upper, m.lower): m for m in ladder.meetings}
        for r in ladder.rows[1:]:
            cells = [f"{m.share:.1%} of {m.games}" if (m := met.get((r.level, lower))) else "" for lower in lowers]
            lines.append(f"| {r.level} | " + " | ".join(cells) + " |")
    open_pairs = [p for p in ladder.pairs if not p.apart and p.games]
    if open_pairs:
        said = []
        for p in open_pairs:
            n = p.games_to_part(ladder.games)
            said.append(f"{p.upper} vs {p.lower} " + ("not ahead so far" if n is None else
                                                      f"apart after about {n} games in all"))
        lines += ["", "Not apart yet; at the rates seen so far (as likely to shrink as to grow: about half the time "
                  "more games are needed): " + "; ".join(said) + "."]
    return "\n".join(lines) + "\n"
