"""Simulating many seeded games in parallel, with win statistics per agent and per seat (the games are
played by the batch runner, ``agents/batch.py``, that ``medieval arena`` uses too).

Game ``i`` of a run uses seed ``seed + i`` and every bot in it is seeded from that seed and its seat,
so a run is reproducible and its numbers do not depend on how many processes played it: results are
gathered in game order whatever order the workers finish in."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table

from medieval.agents.batch import Batch, execute
from medieval.agents.batch import seating as batch_seating
from medieval.agents.ratings import wilson_interval as wilson
from medieval.core.spec import OptionValue
from medieval.interfaces.terminal.renderers import ending


@dataclass(frozen=True)
class SimulationConfig:
    game: str
    players: int
    options: dict[str, OptionValue]
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    rotate: bool = False
    keep_records: bool = False


@dataclass(frozen=True)
class GameResult:
    index: int
    seating: tuple[int, ...]  # per seat: the index in config.seats of the agent sitting there
    rewards: tuple[float, ...]  # per seat: 1 for a sole win, 1/k for a shared win, else 0
    scores: tuple[float, ...]
    decisions: int
    termination: str
    record: dict[str, Any] | None = None
    error: str | None = None


class SimulationError(RuntimeError):
    """A game raised an error (a bug in a game or a bot); the message names its seed."""


def batch_of(config: SimulationConfig) -> Batch:
    """The batch that plays a simulation: one bot per seat, fixed or turned one seat per game."""
    return Batch(config.game, config.players, dict(config.options), config.seats, config.games, config.seed,
                 seating="rotate" if config.rotate else "fixed", keep_records=config.keep_records)


def seating(config: SimulationConfig, index: int) -> tuple[int, ...]:
    """Who sits where in game ``index``: with ``rotate`` the seating turns by one seat each game, so
    over ``players`` consecutive games every agent plays every seat."""
    return batch_seating(len(config.seats), config.players, index, "rotate" if config.rotate else "fixed")


def result_of(r: dict[str, Any]) -> GameResult:
    """A batch result as the simulation's statistics read it."""
    index, sit = int(r["index"]), tuple(r["seating"])
    if "error" in r:
        return GameResult(index, sit, (), (), 0, "", None, f"game {index} (seed {r['seed']}) failed: {r['error']}")
    return GameResult(index, sit, tuple(r["rewards"]), tuple(r["scores"]), int(r["decisions"]), r["termination"],
                      r.get("record"))


# ------------------------------------------------------------------------------------ statistics
@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0

    def add(self, reward: float, score: float) -> None:
        self.games += 1
        self.wins += reward
        self.score_sum += score

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def avg_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


@dataclass
class SimulationSummary:
    config: SimulationConfig
    games: int = 0
    decisions: int = 0
    by_agent: dict[str, Tally] = field(default_factory=dict)
    by_seat: list[Tally] = field(default_factory=list)
    terminations: Counter[str] = field(default_factory=Counter)
    elapsed: float = 0.0
    processes: int = 1

    def __post_init__(self) -> None:
        for spec in self.config.seats:
            self.by_agent.setdefault(spec, Tally())
        self.by_seat = [Tally() for _ in range(self.config.players)]

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.decisions += r.decisions
        self.terminations[r.termination] += 1
        for seat, agent in enumerate(r.seating):
            reward, score = r.rewards[seat], r.scores[seat]
            self.by_agent[self.config.seats[agent]].add(reward, score)
            self.by_seat[seat].add(reward, score)

    @property
    def avg_length(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def agent_seats(self, spec: str) -> str:
        if self.config.rotate:
            return "all (rotated)"
        return " ".join(f"P{i}" for i, s in enumerate(self.config.seats) if s == spec)


def run_simulation(config: SimulationConfig, jobs: int = 1, *,
                   on_result: Callable[[GameResult], None] | None = None) -> SimulationSummary:
    """Play ``config.games`` games on ``jobs`` processes. ``on_result`` sees every result in game order
    (for progress and for saving records). Raises SimulationError on the first game that failed."""
    summary = SimulationSummary(config)
    jobs = max(1, jobs)
    batch = batch_of(config)
    tasks = [batch.task(i) for i in range(config.games)]
    summary.processes = min(jobs, len(tasks)) or 1
    started = time.perf_counter()
    for raw in execute(tasks, jobs, ordered=True):
        r = result_of(raw)
        if r.error is not None:
            raise SimulationError(r.error)
        summary.add(r)
        if on_result is not None:
            on_result(r)
    summary.elapsed = time.perf_counter() - started
    return summary


# ------------------------------------------------------------------------------------ tables
def _tally_row(t: Tally) -> list[str]:
    lo, hi = t.interval
    return [str(t.games), str(int(t.wins)) if t.wins == int(t.wins) else f"{t.wins:.2f}", f"{t.win_rate:.1%}",
            f"{lo:.1%}-{hi:.1%}", f"{t.avg_score:.2f}"]


def _stats_table(title: str, first: str) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left")
    table.add_column(first)
    table.add_column("seats" if first == "agent" else "agent")
    for col in ("games", "wins", "win rate", "95% interval", "avg score"):
        table.add_column(col, justify="right")
    return table


def summary_tables(summary: SimulationSummary) -> list[RenderableType]:
    """A table per agent and a table per seat."""
    config = summary.config
    agents = _stats_table(f"{config.game}: {games_text(summary.games)}, {config.players} players, by agent", "agent")
    for spec, tally in summary.by_agent.items():
        agents.add_row(spec, summary.agent_seats(spec), *_tally_row(tally))
    seats = _stats_table("by seat", "seat")
    for seat, tally in enumerate(summary.by_seat):
        who = "rotated" if config.rotate else config.seats[seat]
        seats.add_row(f"P{seat}", who, *_tally_row(tally))
    return [agents, seats]


def summary_lines(summary: SimulationSummary) -> list[str]:
    """The deterministic facts of a run, apart from its timing."""
    config = summary.config
    ends = ", ".join(f"{ending(config.game, k)} ({v})" for k, v in sorted(summary.terminations.items()))
    seeds = f"Seed {config.seed}" if config.games == 1 else f"Seeds {config.seed}..{config.seed + config.games - 1}"
    return [f"Average game length: {summary.avg_length:.1f} decisions · endings: {ends}",
            seeds + (" · seating rotated every game" if config.rotate else "")]


def games_text(n: int) -> str:
    """``1 game``, ``20 games``."""
    return f"{n} game{'' if n == 1 else 's'}"
