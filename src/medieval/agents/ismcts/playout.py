"""Playouts: the base every search of the bot builds on (its configuration, generators and statistics),
and playing a world on to the end of the game, of its round, or for a fixed number of steps."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_

from medieval.agents.ismcts.config import ISMCTSConfig
from medieval.agents.ismcts.worlds import MAX_ROLLOUT_STEPS, Heuristic, OrderBlindRandom
from medieval.core.state import State

RootStats = dict[str, tuple[int, float]]  # root action -> (visits, mean reward)
Evaluation = Callable[[State], "list[float] | None"]
RoundOf = Callable[[State], "int | None"]

#: A playout looks at the time budget's clock every this many steps (a power of two), and gives up once
#: the deadline has passed: a move then overruns its budget by at most this many steps, not by a whole
#: playout (up to 15 ms in a game whose hard level searches a tenth of a second: docs/bots.md).
CHECK_EVERY = 16


class OutOfTime(Exception):
    """A playout was given up at the deadline; the search stops without it."""


#: A time budget's clock and deadline, handed to the playouts that may give up past it.
Stop = tuple[Callable[[], float], float]


@dataclass
class SearchStats:
    """What the last search did (for benchmarks, tests and curious players)."""

    iterations: int = 0
    seconds: float = 0.0  # wall clock
    root: RootStats = field(default_factory=dict)
    cpu_seconds: float = 0.0
    settled: bool = False  # the search stopped before its budget, its move decided (``settle``)

    @property
    def rate(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class Playouts:
    """What every search shares: the configuration under way, the search's own generator and the one
    handed to ``determinize``, and the playouts."""

    rng: random.Random
    world_rng: OrderBlindRandom
    _cfg: ISMCTSConfig

    def _rollout(self, world: State, policy: Heuristic | None, fast: bool, n: int,
                 evaluate: Evaluation | None = None, round_of: RoundOf | None = None,
                 rng: random.Random | None = None, mover: int | None = None,
                 back: int | None = None, stop: Stop | None = None) -> list[float]:
        """Play on from ``world``; ``evaluate`` scores the position where the playout is cut (after
        ``depth`` steps, where the round ``round_of`` reports changes, or with ``depth=turn`` where
        ``mover``, the seat of the last searched decision, is no longer to move; or, given ``back``, where
        that seat is to move again once it has not been), else the game's outcome does. The playout's
        draws come from ``rng`` (default: the search's own generator). Given ``stop`` (a time budget's clock
        and deadline) the clock is read every ``CHECK_EVERY`` steps, and a playout still going at the
        deadline raises ``OutOfTime``."""
        if rng is None:
            rng = self.rng
        rand = rng.random
        depth = self._cfg.depth
        limit = depth if evaluate is not None and isinstance(depth, int) else MAX_ROLLOUT_STEPS
        turn = mover if evaluate is not None and depth == "turn" else None
        if evaluate is None or depth != "turn":
            back = None
        left = back is not None and back not in world.to_move
        start = round_of(world) if round_of is not None else None
        clock = stop[0] if stop is not None else None
        deadline = stop[1] if stop is not None else 0.0
        mask = CHECK_EVERY - 1
        if round_of is not None and start is None:  # no rounds in this game: play to the end
            round_of = evaluate = None
        if fast and policy is None:
            world.mute_log()
            for step in range(limit):
                if clock is not None and step & mask == mask and clock() >= deadline:
                    raise OutOfTime
                to_move = world.to_move
                if not to_move or (turn is not None and turn not in to_move):
                    break
                if back is not None:
                    if back not in to_move:
                        left = True
                    elif left:
                        break
                seat = to_move[0]
                legal = world.legal_actions_fast(seat)
                world.apply_fast(seat, legal[int(rand() * len(legal))])
                if round_of is not None and round_of(world) != start:
                    break
        else:
            # heuristic playouts (fast: on a muted world, as fast_heuristic_ok allows), and random ones
            # on the checked path; the same random draws either way
            if fast:
                world.mute_log()
            eps = self._cfg.eps
            for step in range(limit):
                if clock is not None and step & mask == mask and clock() >= deadline:
                    raise OutOfTime
                to_move = world.to_move
                if not to_move or (turn is not None and turn not in to_move):
                    break
                if back is not None:
                    if back not in to_move:
                        left = True
                    elif left:
                        break
                seat = to_move[0]
                legal = world.legal_actions(seat)
                if policy is not None and len(legal) > 1 and rand() >= eps:
                    try:
                        action = policy(world, seat, rng)
                    except Exception:
                        action = legal[int(rand() * len(legal))]
                else:
                    action = legal[int(rand() * len(legal))]
                if fast:
                    # (the checked path would stop on an illegal action; actions are interned, so the
                    # identity test in C finds the usual one before any comparison)
                    if not any(map(is_, legal, repeat(action))) and action not in legal:
                        action = legal[int(rand() * len(legal))]
                    world.apply_fast(seat, action)
                else:
                    world.apply(seat, action)
                if round_of is not None and round_of(world) != start:
                    break
        if evaluate is not None and world.to_move:
            estimate = evaluate(world)
            if estimate is not None:
                return list(estimate)
            # no estimate for this position (or game configuration): play on to the end
            return self._rollout(world, policy, fast, n, rng=rng, stop=stop)
        return self._rewards(world, n)

    def _rewards(self, world: State, n: int) -> list[float]:
        out = world.outcome
        if out is None:  # the rollout cap was hit: call it a draw
            return [1.0 / n] * n
        rewards = [out.reward(p) for p in range(n)]
        sw = self._cfg.sw
        if sw > 0 and len(out.scores) == n:
            lo, hi = min(out.scores), max(out.scores)
            span = hi - lo
            for p in range(n):
                norm = (out.scores[p] - lo) / span if span > 0 else 0.5
                rewards[p] = (1 - sw) * rewards[p] + sw * norm
        return rewards
