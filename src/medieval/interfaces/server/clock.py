"""Turn clocks, chosen when a table is created, as Board Game Arena offers them:

- **real-time**: each move has ``per_move`` seconds, and time spent beyond them comes out of the seat's
  ``reserve`` (a time bank for the whole game);
- **turn-based**: ``per_move`` is hours or days, usually with no reserve.

A seat's clock runs while it is to move and a person plays it (not a bot, nor a bot standing in). It
starts when the seat becomes to move, and again after each of its actions while it stays to move (so a
turn of several actions gives each its ``per_move``). When it stops, time over ``per_move`` is taken from
the reserve. Once ``per_move`` and the reserve are spent, the seat is out of time: a bot of the table's
clock level plays it until its holder takes it back.

Everything is in wall-clock seconds since the epoch, so deadlines survive a restart of the server. This
module is pure: the service (timeouts.py) keeps the timers and the storage."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

REALTIME, TURN = "realtime", "turn"
DAY = 86_400.0
#: Per kind: the bounds of seconds per move and of the reserve.
BOUNDS: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    REALTIME: ((1.0, 3_600.0), (0.0, 4 * 3_600.0)),
    TURN: ((3_600.0, 30 * DAY), (0.0, 30 * DAY)),
}


class ClockError(ValueError):
    """A clock a table cannot have (the service answers 422 ``invalid_clock``)."""


@dataclass(frozen=True, slots=True)
class ClockConfig:
    kind: str
    per_move: float
    reserve: float
    #: The bot (a level) that plays a seat out of time.
    bot: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "per_move": self.per_move, "reserve": self.reserve, "bot": self.bot}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ClockConfig:
        return ClockConfig(str(data["kind"]), float(data["per_move"]), float(data["reserve"]), str(data["bot"]))

    @staticmethod
    def checked(kind: str, per_move: float, reserve: float, bot: str, min_seconds: float) -> ClockConfig:
        """A clock a client asked for, within the bounds of its kind (real-time moves of at least
        ``min_seconds``)."""
        if kind not in BOUNDS:
            raise ClockError(f"a clock is 'realtime' or 'turn', not {kind!r}")
        (lo, hi), (rlo, rhi) = BOUNDS[kind]
        if kind == REALTIME:
            lo = max(lo, min_seconds)
        if not lo <= per_move <= hi:
            raise ClockError(f"a {kind} clock gives {lo:g} to {hi:g} seconds per move")
        if not rlo <= reserve <= rhi:
            raise ClockError(f"a {kind} clock's reserve is {rlo:g} to {rhi:g} seconds")
        return ClockConfig(kind, float(per_move), float(reserve), bot)


@dataclass(slots=True)
class ClockState:
    """Each seat's reserve left, and when its running clock started (None: not running)."""

    remaining: list[float]
    started: list[float | None]

    @staticmethod
    def fresh(config: ClockConfig, players: int) -> ClockState:
        return ClockState([config.reserve] * players, [None] * players)

    def to_json(self) -> dict[str, Any]:
        return {"remaining": list(self.remaining), "started": list(self.started)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ClockState:
        return ClockState([float(x) for x in data["remaining"]],
                          [None if x is None else float(x) for x in data["started"]])

    def copy(self) -> ClockState:
        return ClockState(list(self.remaining), list(self.started))

    def deadline(self, config: ClockConfig, seat: int) -> float | None:
        start = self.started[seat]
        return None if start is None else start + config.per_move + self.remaining[seat]

    def settle(self, config: ClockConfig, seat: int, now: float) -> None:
        """Stop ``seat``'s clock: time over ``per_move`` comes out of its reserve."""
        start = self.started[seat]
        if start is not None:
            self.remaining[seat] = max(0.0, self.remaining[seat] - max(0.0, now - start - config.per_move))
            self.started[seat] = None

    def sync(self, config: ClockConfig, running: Iterable[int], now: float, actor: int | None = None) -> None:
        """Make exactly the ``running`` seats' clocks run; ``actor`` (who just acted) settles and, if it
        is still to run, starts afresh."""
        run = set(running)
        for seat in range(len(self.remaining)):
            if self.started[seat] is not None and (seat not in run or seat == actor):
                self.settle(config, seat, now)
            if seat in run and self.started[seat] is None:
                self.started[seat] = now

    def out_of_time(self, config: ClockConfig, now: float) -> list[int]:
        return [s for s in range(len(self.remaining))
                if (d := self.deadline(config, s)) is not None and d <= now]

    def next_deadline(self, config: ClockConfig) -> float | None:
        found = [d for s in range(len(self.remaining)) if (d := self.deadline(config, s)) is not None]
        return min(found) if found else None

    def public(self, config: ClockConfig) -> dict[str, Any]:
        """What every client is shown: the clock's settings and, per seat, its reserve left, whether its
        clock runs and until when (seconds since the epoch)."""
        return {**config.to_json(),
                "seats": [{"seat": s, "remaining": round(self.remaining[s], 3), "running": self.started[s] is not None,
                           "started": self.started[s], "deadline": self.deadline(config, s)}
                          for s in range(len(self.remaining))],
                "running": [s for s in range(len(self.remaining)) if self.started[s] is not None]}
