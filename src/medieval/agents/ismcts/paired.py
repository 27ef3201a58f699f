"""The paired root search (``paired=1``): every legal action played on the same determinized worlds with
the same dice and rollout draws, the heuristic's move left only for a significantly better one."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from medieval.agents.ismcts.playout import Evaluation, Playouts, RootStats, RoundOf
from medieval.agents.ismcts.worlds import Heuristic
from medieval.core.state import Action, State


class PairedSearch(Playouts):
    """The search of the root decision alone."""

    def _paired(self, state: State, seat: int, legal: Sequence[Action], prior: Heuristic | None,
                rollout_h: Heuristic | None, fast: bool, evaluate: Evaluation | None, round_of: RoundOf | None,
                budget: int | None, clock: Callable[[], float], deadline: float | None
                ) -> tuple[Action, int, RootStats]:
        """``paired=1``: a search of the root decision only. Each sample determinizes the state once and
        plays every legal action on a copy of that world, each copy with the same future dice (the world's
        re-seeded chance) and the same rollout draws, so that two actions' rewards differ by what the
        actions change rather than by luck. The heuristic's move is the reference: another action is
        played only if its mean paired advantage over it has a z-score above ``z`` after at least
        ``nmin`` samples (the largest such advantage wins); without a heuristic, the best mean reward.
        Each playout counts as one iteration of the budget."""
        cfg = self._cfg
        n = state.players
        world = state.determinize(seat, self.world_rng)
        base: Action | None = None
        if prior is not None:  # (the heuristic reads the seat's view, the same in every world)
            try:
                base = prior(world, seat, self.rng)
            except Exception:
                base = None
            if base not in legal:
                base = None
        order = ([base] if base is not None else []) + [a for a in legal if a != base]
        k = len(order)
        total = [0.0] * k  # reward sums
        count = [0] * k
        adv = [0.0] * k  # paired advantage over order[0]: sum, sum of squares, samples
        adv2 = [0.0] * k
        paired = [0] * k
        playouts = 0
        samples = 0
        while True:
            if budget is not None and playouts >= budget:
                break
            if deadline is not None and samples > 0 and clock() >= deadline:
                break
            if samples > 0:
                world = state.determinize(seat, self.world_rng)
            here = set(world.legal_actions(seat))
            draws = self.rng.getrandbits(63)
            first: float | None = None
            for i, action in enumerate(order):
                if action not in here:  # (a seat's own choices follow from its view: never expected)
                    continue
                copy = world.clone()
                copy.apply(seat, action)
                reward = self._rollout(copy, rollout_h, fast, n, evaluate, round_of, random.Random(draws))[seat]
                playouts += 1
                total[i] += reward
                count[i] += 1
                if i == 0:
                    first = reward
                elif first is not None:
                    d = reward - first
                    adv[i] += d
                    adv2[i] += d * d
                    paired[i] += 1
            samples += 1
        if base is None:
            best = order[max(range(k), key=lambda i: total[i] / count[i] if count[i] else -1.0)]
        else:
            best, gain = base, 0.0
            for i in range(1, k):
                m = paired[i]
                if m < cfg.nmin:
                    continue
                mean = adv[i] / m
                if mean <= gain:
                    continue
                var = max(adv2[i] / m - mean * mean, 0.0) * m / (m - 1) if m > 1 else 0.0
                if var == 0.0 or mean / math.sqrt(var / m) > cfg.z:
                    best, gain = order[i], mean
        return best, playouts, {str(a): (count[i], total[i] / count[i] if count[i] else 0.0)
                                for i, a in enumerate(order)}
