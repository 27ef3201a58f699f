"""The paired root search (``paired=1``): every legal action played on the same determinized worlds with
the same dice and rollout draws, the heuristic's move left only for a significantly better one; with
``halving``, successive halving spends the budget on the moves still in contention."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from medieval.agents.ismcts.playout import Evaluation, OutOfTime, Playouts, RootStats, RoundOf
from medieval.agents.ismcts.worlds import Heuristic
from medieval.core.state import Action, State


class PairedSearch(Playouts):
    """The search of the root decision alone."""

    def _paired(self, state: State, seat: int, legal: Sequence[Action], prior: Heuristic | None,
                rollout_h: Heuristic | None, fast: bool, evaluate: Evaluation | None, round_of: RoundOf | None,
                budget: int | None, clock: Callable[[], float], origin: float, deadline: float | None
                ) -> tuple[Action, int, RootStats]:
        """``paired=1``: a search of the root decision only. Each sample determinizes the state once and
        plays every action still in on a copy of that world, each copy with the same future dice (the
        world's re-seeded chance) and the same rollout draws, so that two actions' rewards differ by what
        the actions change rather than by luck. The heuristic's move is the reference: another action is
        played only if its mean paired advantage over it has a z-score above ``z`` after at least ``nmin``
        samples (the largest such advantage wins); without a heuristic, the best mean reward.

        Each playout counts as one iteration of the budget; an iteration budget is checked between
        samples (a sample's playouts are not split), a time budget (``deadline``, on ``clock``, counted
        from ``origin``) before every playout and during it (a playout still going at the deadline is
        given up and not counted).

        Successive halving (``halving=N``, at decisions with at least N legal actions): the budget is cut
        into ceil(log2(challengers)) equal rounds; in each round the samples play the reference and the
        challengers still in, and at its end the half with the smaller mean advantage (mean reward
        without a reference) drops out. The last round's two challengers have most of the budget, and only
        the challengers of the last round may replace the reference."""
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
        ref = 1 if base is not None else 0
        live = list(range(ref, k))  # the challengers still sampled
        rounds = 1
        if cfg.halving and len(legal) >= cfg.halving and len(live) > 2:
            rounds = math.ceil(math.log2(len(live)))
        round_no = 0
        in_round = 0  # samples taken in the current round
        playouts = 0
        samples = 0
        span = None if deadline is None else max(deadline - origin, 1e-9)

        def spent() -> float:
            """The share of the budget used so far."""
            share = playouts / budget if budget is not None else 0.0
            if span is not None:
                share = max(share, (clock() - origin) / span)
            return share

        stop = None if deadline is None else (clock, deadline)  # (for the playouts, which give up past it)
        out_of_time = False
        while not out_of_time:
            if budget is not None and playouts >= budget:
                break
            if deadline is not None and clock() >= deadline:
                break
            if round_no < rounds - 1 and in_round > 0 and spent() >= (round_no + 1) / rounds:
                live = self._halve(live, adv, paired, total, count, ref, self.rng)
                round_no += 1
                in_round = 0
                continue
            if samples > 0:
                world = state.determinize(seat, self.world_rng)
            here = set(world.legal_actions(seat))
            draws = self.rng.getrandbits(63)
            first: float | None = None
            for i in ([0] if ref else []) + live:
                action = order[i]
                if action not in here:  # (a seat's own choices follow from its view: never expected)
                    continue
                if deadline is not None and clock() >= deadline:
                    out_of_time = True
                    break
                copy = world.clone()
                copy.apply(seat, action)
                try:  # (the first playout completes: a move needs one)
                    reward = self._rollout(copy, rollout_h, fast, n, evaluate, round_of, random.Random(draws),
                                           mover=seat, stop=stop if playouts else None)[seat]
                except OutOfTime:  # (given up at the deadline: not counted)
                    out_of_time = True
                    break
                playouts += 1
                total[i] += reward
                count[i] += 1
                if i == 0 and ref:
                    first = reward
                elif first is not None:
                    d = reward - first
                    adv[i] += d
                    adv2[i] += d * d
                    paired[i] += 1
            samples += 1
            in_round += 1
        if base is None:
            best = order[max(live, key=lambda i: total[i] / count[i] if count[i] else -1.0)]
        else:
            best, gain = base, 0.0
            for i in live:
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

    @staticmethod
    def _halve(live: list[int], adv: list[float], paired: list[int], total: list[float], count: list[int],
               ref: int, rng: random.Random) -> list[int]:
        """The better half of the challengers (rounded up), by mean advantage over the reference (by mean
        reward without one); a challenger not yet sampled ranks last, and ties (with wins and losses for
        rewards, most challengers of a short first round tie at no advantage) are broken at random. The
        order of ``live`` is kept."""

        def score(i: int) -> float:
            if ref:
                return adv[i] / paired[i] if paired[i] else -math.inf
            return total[i] / count[i] if count[i] else -math.inf

        draw = {i: rng.random() for i in live}
        keep = set(sorted(live, key=lambda i: (-score(i), draw[i]))[: (len(live) + 1) // 2])
        return [i for i in live if i in keep]
