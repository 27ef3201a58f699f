"""How long bots think: every decision a bot takes in a batch game (one with more than one legal action) is
timed on two clocks, the CPU time of the thread that plays it and the wall clock.

A seat's times are kept as :class:`MoveTimes`: the count, sums and maxima (exact), and a histogram of
the times rounded to three significant digits, which merges across games and gives quantiles to within
half a percent. Results files hold one per seat, the arena's summary one per bot (max and p95).

Bots that keep a budget say so through :meth:`Agent.budget` (seconds and the clock it is measured on),
so that the summary can show the worst move as a multiple of it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from medieval.agents.base import Agent
from medieval.core.state import Action, Game, State

Clock = Callable[[], float]

#: The clocks a bot's move is timed on: the playing thread's CPU time (what other programs on a busy
#: machine, and other threads of this process, do not eat into) and the wall clock.
CPU_CLOCK: Clock = time.thread_time
WALL_CLOCK: Clock = time.perf_counter


def _key(seconds: float) -> str:
    return f"{seconds:.3g}"


def _quantile(hist: dict[str, int], count: int, q: float) -> float:
    if count <= 0:
        return 0.0
    rank = max(1, math.ceil(q * count))  # the ceil(q * count)-th smallest move
    seen = 0
    value = 0.0
    for key, n in sorted(((float(k), n) for k, n in hist.items())):
        seen += n
        value = key
        if seen >= rank:
            break
    return value


@dataclass
class MoveTimes:
    """The times of a seat's (or a bot's) decisions, on the thread's CPU clock and on the wall clock."""

    moves: int = 0
    cpu_total: float = 0.0
    cpu_max: float = 0.0
    wall_total: float = 0.0
    wall_max: float = 0.0
    cpu_hist: dict[str, int] = field(default_factory=dict)
    wall_hist: dict[str, int] = field(default_factory=dict)

    def add(self, cpu: float, wall: float) -> None:
        self.moves += 1
        self.cpu_total += cpu
        self.wall_total += wall
        self.cpu_max = max(self.cpu_max, cpu)
        self.wall_max = max(self.wall_max, wall)
        k = _key(cpu)
        self.cpu_hist[k] = self.cpu_hist.get(k, 0) + 1
        k = _key(wall)
        self.wall_hist[k] = self.wall_hist.get(k, 0) + 1

    def merge(self, other: MoveTimes) -> None:
        self.moves += other.moves
        self.cpu_total += other.cpu_total
        self.wall_total += other.wall_total
        self.cpu_max = max(self.cpu_max, other.cpu_max)
        self.wall_max = max(self.wall_max, other.wall_max)
        for mine, theirs in ((self.cpu_hist, other.cpu_hist), (self.wall_hist, other.wall_hist)):
            for k, n in theirs.items():
                mine[k] = mine.get(k, 0) + n

    def cpu_quantile(self, q: float) -> float:
        """The ``q`` quantile of the CPU times (three significant digits)."""
        return _quantile(self.cpu_hist, self.moves, q)

    def wall_quantile(self, q: float) -> float:
        return _quantile(self.wall_hist, self.moves, q)

    @property
    def cpu_mean(self) -> float:
        return self.cpu_total / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"moves": self.moves, "cpu_total": round(self.cpu_total, 6), "cpu_max": round(self.cpu_max, 6),
                "wall_total": round(self.wall_total, 6), "wall_max": round(self.wall_max, 6),
                "cpu_hist": dict(self.cpu_hist), "wall_hist": dict(self.wall_hist)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveTimes:
        return cls(int(data["moves"]), float(data["cpu_total"]), float(data["cpu_max"]),
                   float(data["wall_total"]), float(data["wall_max"]),
                   {str(k): int(v) for k, v in data["cpu_hist"].items()},
                   {str(k): int(v) for k, v in data["wall_hist"].items()})


def format_seconds(x: float) -> str:
    """A duration for a table: 1.02 s, 35 ms, 0.4 ms."""
    if x >= 1.0:
        return f"{x:.2f} s"
    if x >= 0.01:
        return f"{x * 1000:.0f} ms"
    return f"{x * 1000:.2g} ms"


class TimedAgent(Agent):
    """A bot whose decisions with a choice are timed into ``times`` (the clocks may be replaced: tests)."""

    def __init__(self, agent: Agent, cpu_clock: Clock | None = None, wall_clock: Clock | None = None) -> None:
        self.agent = agent
        self.name = agent.name
        self.automatic = agent.automatic
        self.times = MoveTimes()
        self.cpu_clock = cpu_clock or CPU_CLOCK
        self.wall_clock = wall_clock or WALL_CLOCK

    def choose(self, state: State, seat: int) -> Action:
        if len(state.legal_actions(seat)) < 2:
            return self.agent.choose(state, seat)
        cpu, wall = self.cpu_clock(), self.wall_clock()
        action = self.agent.choose(state, seat)
        self.times.add(self.cpu_clock() - cpu, self.wall_clock() - wall)
        return action

    def prepare(self, game: Game[Any]) -> None:
        self.agent.prepare(game)

    def budget(self, game: Game[Any]) -> tuple[float, str] | None:
        return self.agent.budget(game)
