"""The tree search: one tree per seat keyed by what it observes (or one keyed by actions), UCB1 over the
actions available in each world with a heuristic prior and progressive widening, EXP3 at decisions of
simultaneous rounds."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from medieval.agents.ismcts.playout import Evaluation, OutOfTime, Playouts, RootStats, RoundOf, Stop
from medieval.agents.ismcts.worlds import Heuristic
from medieval.core.state import Action, State


class _Node:
    """An information set of one seat. ``stats[action] = [visits, reward sum, availability, exp3 gain]``;
    ``simultaneous`` marks a decision taken in a round of simultaneous choices (selected with EXP3)."""

    __slots__ = ("children", "hint", "simultaneous", "stats", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.stats: dict[Action, list[float]] = {}
        self.visits = 0
        self.hint: Action | None = None
        self.simultaneous = False


def _event_key(kind: str, data: dict[str, Any] | None) -> Hashable:
    return None if data is None else (kind, repr(data))


#: Iterations between two checks of whether the move is decided (``settle``).
SETTLE_EVERY = 16
#: The iterations a time budget could still give are estimated from the rate so far, times this margin
#: (a tree's iterations get slower as it deepens, so the rate so far rarely understates what is left).
SETTLE_MARGIN = 1.25


def _lead(node: _Node) -> float:
    """How many more visits the most visited action of ``node`` has than any other (an action not tried yet
    has none)."""
    first = second = 0.0
    for st in node.stats.values():
        v = st[0]
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second


class TreeSearch(Playouts):
    """The tree search (the default: ``paired=0``)."""

    #: Whether the last tree search stopped before its budget, its move decided (``settle``).
    _settled = False

    def _tree(self, state: State, seat: int, legal: Sequence[Action], roots: list[_Node], root: _Node,
              multi: bool, prior: Heuristic | None, rollout_h: Heuristic | None, fast: bool,
              evaluate: Evaluation | None, round_of: RoundOf | None, budget: int | None,
              clock: Callable[[], float], deadline: float | None) -> tuple[Action, int, RootStats]:
        """The tree search: iterations until the budget runs out, then the root's most visited action
        (its number of iterations, and each root action's visits and mean reward, for ``last``).

        With ``trees=K`` the budget is split among K trees grown one after another, each from nothing
        (its share of the iterations, or of the time left), and the move is the one with the most visits
        summed over them: each tree stays as shallow as its share makes it, and the sum evens out the
        chance of one tree's pick among close moves (root parallelisation, run in turn).

        With ``settle`` (one tree, a decision not taken in a simultaneous round) the search stops once its
        move is decided: every root iteration adds one visit to one action, so when the most visited action
        leads every other by more visits than the budget could still give, no iteration left could change
        the move. An iteration budget says exactly how many are left; a time budget's are estimated from the
        rate so far (with ``SETTLE_MARGIN``)."""
        k = self._cfg.trees
        settle = self._cfg.settles and k == 1
        iterations = 0
        total: dict[Action, list[float]] = {}
        simultaneous = False
        start = clock() if deadline is not None and k > 1 else 0.0
        stop = None if deadline is None else (clock, deadline)  # (for the playouts, which give up past it)
        out_of_time = False
        for t in range(k):
            if out_of_time:
                break
            if t:
                for i in range(len(roots)):
                    roots[i] = _Node()
                root = roots[seat if multi else 0]
            # this tree's share: the iterations still to go split over the trees still to grow, and the
            # time to its own slice's end
            cap = None if budget is None else iterations + (budget - iterations) // (k - t)
            end = deadline if deadline is None or t == k - 1 else start + (deadline - start) * (t + 1) / k
            grown = 0
            now = tree_start = clock() if settle and end is not None else 0.0
            while True:
                if cap is not None and iterations >= cap:
                    break
                if end is not None and grown > 0:
                    now = clock()
                    if now >= end:
                        break
                if settle and grown and not grown % SETTLE_EVERY and not root.simultaneous:
                    left = math.inf if cap is None else cap - iterations
                    if end is not None:
                        spent = now - tree_start
                        left = min(left, (end - now) * grown / spent * SETTLE_MARGIN if spent > 0 else math.inf)
                    if _lead(root) > left:
                        self._settled = True
                        break
                world = state.determinize(seat, self.world_rng)
                try:  # (the first iteration completes: a move needs one)
                    self._iterate(world, seat, roots, multi, prior, rollout_h, fast, evaluate, round_of,
                                  stop if iterations else None)
                except OutOfTime:  # its playout was given up at the deadline: no backup, no more trees
                    out_of_time = True
                    break
                iterations += 1
                grown += 1
            simultaneous = simultaneous or root.simultaneous
            for a, s in root.stats.items():
                acc = total.get(a)
                if acc is None:
                    total[a] = [s[0], s[1]]
                else:
                    acc[0] += s[0]
                    acc[1] += s[1]
        unseen = [0.0, 0.0]
        if simultaneous:
            # a simultaneous choice is a mixed strategy: play an action with its share of the visits
            weights = [total.get(a, unseen)[0] for a in legal]
            best = self.rng.choices(legal, weights)[0] if sum(weights) > 0 else legal[0]
        else:
            best = max(legal, key=lambda a: (total.get(a, unseen)[0], total.get(a, unseen)[1]))
        return best, iterations, {str(a): (int(s[0]), s[1] / s[0] if s[0] else 0.0) for a, s in total.items()}

    def _iterate(self, world: State, root_seat: int, roots: list[_Node], multi: bool,
                 prior: Heuristic | None, rollout_h: Heuristic | None, fast: bool,
                 evaluate: Evaluation | None = None, round_of: RoundOf | None = None,
                 stop: Stop | None = None) -> None:
        n = len(roots) if multi else world.players
        cursors: list[_Node] = roots[:]
        path: list[tuple[_Node, int, Action, float]] = []  # (node, actor, action, EXP3 probability)
        sim_round: list[int] = []  # seats of the current simultaneous round still to choose
        sim_done: list[tuple[int, Action]] = []
        first = True
        expanded = False
        horizon = self._cfg.horizon != "end"
        while not expanded:
            to_move = world.to_move
            if not to_move or (horizon and root_seat not in to_move):
                break
            # the searching seat takes its own decision first, even in a simultaneous round
            actor = root_seat if first and root_seat in to_move else to_move[0]
            first = False
            node = cursors[actor if multi else 0]
            legal = world.legal_actions(actor)
            in_round = len(to_move) > 1 or actor in sim_round
            if in_round:
                node.simultaneous = True
            action, expanded, prob = self._select(node, legal, world, actor, prior)
            path.append((node, actor, action, prob))
            # simultaneous rounds: who still has to choose, and the picks hidden until the round is over
            if in_round and not sim_round:
                sim_round = [s for s in to_move if s != actor]
                sim_done = [(actor, action)]
            elif sim_round:
                if actor in sim_round:
                    sim_round.remove(actor)
                sim_done.append((actor, action))
            if multi:
                log_len = world.log_size
                world.apply(actor, action)
                self._descend_events(world, log_len, actor, action, cursors)
                if sim_round:
                    after = world.to_move
                    sim_round = [s for s in sim_round if s in after]
            else:
                world.apply(actor, action)
                if sim_round:
                    after = world.to_move
                    sim_round = [s for s in sim_round if s in after]
                    key: Hashable = ("sim", actor) if sim_round else ("simdone", tuple(sim_done))
                    if not sim_round:
                        sim_done = []
                elif sim_done:
                    key = ("simdone", tuple(sim_done))
                    sim_done = []
                else:
                    key = action
                cur = cursors[0]
                child = cur.children.get(key)
                if child is None:
                    child = cur.children[key] = _Node()
                cursors[0] = child
        if self._cfg.horizon == "reply":  # the other seats' replies, then the searching seat's next decision
            rewards = self._rollout(world, rollout_h, fast, n, evaluate, round_of, back=root_seat, stop=stop)
        else:
            mover = root_seat if horizon else path[-1][1] if path else None
            rewards = self._rollout(world, rollout_h, fast, n, evaluate, round_of, mover=mover, stop=stop)
        for node, actor, action, prob in path:
            s = node.stats[action]
            s[0] += 1.0
            r = rewards[actor]
            s[1] += r
            if prob > 0.0:
                s[3] += r / prob  # EXP3's importance-weighted gain

    def _descend_events(self, world: State, log_len: int, actor: int, action: Action,
                        cursors: list[_Node]) -> None:
        new = world.log_since(log_len)
        keys: list[list[Hashable]] = [[] for _ in cursors]
        for e in new:
            if e.to is None:
                k = _event_key(e.kind, e.data)
                for lst in keys:
                    lst.append(k)
            else:
                full = _event_key(e.kind, e.data)
                red = _event_key(e.kind, e.redacted)
                to = e.to
                for p, lst in enumerate(keys):
                    k = full if p in to else red
                    if k is not None:
                        lst.append(k)
        for p, cur in enumerate(cursors):
            key: Hashable = (action if p == actor else None, tuple(keys[p]))
            child = cur.children.get(key)
            if child is None:
                child = cur.children[key] = _Node()
            cursors[p] = child

    def _select(self, node: _Node, legal: list[Action], world: State, actor: int,
                prior: Heuristic | None) -> tuple[Action, bool, float]:
        """(action, whether it is new at this node, its EXP3 probability or 0 for UCB)."""
        if node.simultaneous:
            return self._select_exp3(node, legal)
        cfg = self._cfg
        rng = self.rng
        stats = node.stats
        if node.visits == 0 and prior is not None and len(legal) > 1:
            try:
                hint = prior(world, actor, rng)
            except Exception:  # a heuristic that fails in some world only loses its hint
                hint = None
            node.hint = hint if hint in legal else None
        node.visits += 1
        untried = [a for a in legal if a not in stats]
        if untried:
            widen = True
            pw = cfg.pw
            if pw is None:
                pw = 2.0 if len(legal) >= cfg.pwmin else 0.0
            if pw > 0 and stats:
                widen = len(stats) < math.ceil(pw * node.visits ** cfg.alpha)
            if widen or len(untried) == len(legal):
                hint = node.hint
                action = hint if hint is not None and hint in untried else untried[rng.randrange(len(untried))]
                for a in legal:
                    s = stats.get(a)
                    if s is not None:
                        s[2] += 1.0
                stats[action] = [0.0, 0.0, 1.0, 0.0]
                return action, True, 0.0
        c = cfg.c
        bias = cfg.bias if node.hint is not None else 0.0
        puct = cfg.bonus == "puct"
        hint = node.hint
        best: Action | None = None
        best_score = -math.inf
        log = math.log
        sqrt = math.sqrt
        lo, scale = 0.0, 1.0
        if cfg.norm:  # min-max rescaling of the means of the actions legal here
            means = [t[1] / t[0] for a in legal if (t := stats.get(a)) is not None and t[0] > 0.0]
            if len(means) > 1:
                lo, hi = min(means), max(means)
                if hi - lo > 1e-9:
                    scale = 1.0 / (hi - lo)
                else:
                    lo = 0.0
        for a in legal:
            s = stats.get(a)
            if s is None:
                continue
            s[2] += 1.0
            visits = s[0]
            if visits == 0.0:
                score = math.inf
            else:
                score = (s[1] / visits - lo) * scale + c * sqrt(log(s[2]) / visits)
                if bias and a == hint:
                    score += (bias * sqrt(s[2]) if puct else bias) / (visits + 1.0)
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        return best, False, 0.0

    def _select_exp3(self, node: _Node, legal: list[Action]) -> tuple[Action, bool, float]:
        """EXP3 at a decision of a simultaneous round: a deterministic rule such as UCB can fall into
        cycles that one seat exploits without seeing the other's pick (values near 0 or 1 for what is
        worth 1/2); EXP3 plays a mixed strategy and converges to an equilibrium."""
        node.visits += 1
        stats = node.stats
        k = len(legal)
        gamma = self._cfg.gamma
        eta = gamma / k
        gains = [stats[a][3] if a in stats else 0.0 for a in legal]
        top = max(gains)
        weights = [math.exp(eta * (g - top)) for g in gains]
        total = sum(weights)
        probs = [(1.0 - gamma) * w / total + gamma / k for w in weights]
        x = self.rng.random()
        i = 0
        while i < k - 1 and x >= probs[i]:
            x -= probs[i]
            i += 1
        action = legal[i]
        s = stats.get(action)
        new = s is None
        if s is None:
            s = stats[action] = [0.0, 0.0, 0.0, 0.0]
        for a in legal:
            t = stats.get(a)
            if t is not None:
                t[2] += 1.0
        return action, new, probs[i]
