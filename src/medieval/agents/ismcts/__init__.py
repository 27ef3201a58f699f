"""Information-set Monte Carlo tree search (ISMCTS), generic over the engine contract.

The searching seat never looks at the real state beyond what it may know: each iteration starts
from ``state.determinize(seat, rng)`` — a full world consistent with that seat's view — and the rest
of the iteration happens on that copy. The real state is read only through ``to_move``, ``is_over``,
``legal_actions(seat)`` and ``determinize(seat, rng)``.

One iteration:

1. **Determinize** the real state from the searching seat's information set.
2. **Select** down the trees with UCB1 over the actions legal in this world (the "subset-armed"
   bandit: an action's exploration term counts the visits in which it was *available*, not the
   parent's visits). Every seat has its own tree (``obs=events``, the default): its nodes are keyed
   by what that seat observed — its own actions in full, other seats' actions only through the log
   entries it is shown (``state.events(seat)``), so a hidden card played by another seat or a secret
   simultaneous choice does not split the nodes of a seat that cannot see it. ``obs=actions`` is the
   classical single tree keyed by actions, in which simultaneous choices are still hidden from the
   seats choosing in the same round.
3. **Expand** one new action (with progressive widening on large action sets), then **roll out**
   to the end of the game with the random policy or the game's heuristic (or to a cut, ``depth``, where
   the game's evaluation scores the position). With ``horizon=turn`` or ``reply`` the tree stops where
   the searching seat's turn ends, so that every line is scored at the same point: there, or where the
   seat is to move again after the others' replies.
4. **Back up** each seat's reward (``outcome.reward(seat)``, optionally blended with the normalised
   score) into the statistics of the decisions that seat took.

With ``trees=K`` the budget is split among K trees grown one after another, each from a new root, and
their root visits are summed. The move played is the root action with the most visits, unless it would
bring the seat's turn back to a position it has already been in (:mod:`medieval.agents.ismcts.loops`):
then the next best that does not.

``paired=1`` replaces the tree by a search of the root decision alone, for games where a second of
playouts is too little for a tree (long dice games, short matches): every sample plays every
legal action on one determinized world with the same dice and rollout draws, and the heuristic's move
is left only for an action significantly ahead of it in those paired samples (:meth:`ISMCTSAgent._paired`);
with ``halving=N`` the samples of a large decision go by successive halving to the moves still in contention.

A time budget counts from the start of the move and is checked between iterations (the tree) or before
every playout (the paired search), and every ``CHECK_EVERY`` steps of a playout: a playout still going at
the deadline is given up, so a move overruns its budget by at most that many steps.

Parameters (``ismcts:KEY=VALUE,...``) are listed in :data:`PARAMETERS` and in docs/bots.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from medieval.agents.base import Agent, register_agent
from medieval.agents.ismcts.config import DEFAULT_ITERS, PARAMETERS, ISMCTSConfig
from medieval.agents.ismcts.loops import LoopGuard
from medieval.agents.ismcts.paired import PairedSearch
from medieval.agents.ismcts.playout import SearchStats
from medieval.agents.ismcts.tree import TreeSearch, _Node
from medieval.agents.ismcts.worlds import (
    MAX_ROLLOUT_STEPS,
    Heuristic,
    OrderBlindRandom,
    fast_heuristic_ok,
    fast_path_ok,
)
from medieval.core.state import Action, Game, State

__all__ = ["DEFAULT_ITERS", "MAX_ROLLOUT_STEPS", "PARAMETERS", "ISMCTSAgent", "ISMCTSConfig", "OrderBlindRandom",
           "SearchStats", "fast_heuristic_ok", "fast_path_ok"]


class ISMCTSAgent(TreeSearch, PairedSearch, Agent):
    """Information-set MCTS bot: ``ismcts:iters=2000`` or ``ismcts:time=1.0`` (see module doc)."""

    name = "ismcts"

    def __init__(self, config: ISMCTSConfig | None = None, seed: int | None = None) -> None:
        self.config = config or ISMCTSConfig()
        self.config.validate()
        self.rng = random.Random(seed)  # the search's own draws
        self.world_rng = OrderBlindRandom(self.rng.getrandbits(63))  # handed to determinize
        self.last = SearchStats()
        self._cfg = self.config  # the configuration of the search under way (with the game's tuning)
        self.loops = LoopGuard()  # no endless turns (loops.py)

    # ---------------------------------------------------------------- the Agent interface
    #: The clocks a time budget is kept on (``clock=cpu``: the searching thread's CPU time, which other
    #: programs and other threads do not eat into; ``clock=wall``); tests may replace them.
    cpu_clock: Callable[[], float] = time.thread_time
    wall_clock: Callable[[], float] = time.perf_counter

    def choose(self, state: State, seat: int) -> Action:
        started = (self.cpu_clock(), self.wall_clock())  # the budget counts from here
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no decision to take (to move: {state.to_move})")
        self.loops.remember(state, seat)
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {str(legal[0]): (0, 0.0)})
            return legal[0]
        best = self.search(state, seat, legal, started)
        stats = self.last.root
        return self.loops.choose(state, seat, legal, best, lambda a: stats.get(str(a), (-1, 0.0)))

    def prepare(self, game: Game[Any]) -> None:
        """Run the per-game self-tests of the fast playout paths now (they are cached), so that the first
        move does not spend its budget on them."""
        cfg = self.config.for_game(game)
        if cfg.fast:
            fast_path_ok(game)
            if cfg.rollout == "heuristic" and type(game).has_heuristic():
                fast_heuristic_ok(game)

    def budget(self, game: Game[Any]) -> tuple[float, str] | None:
        cfg = self.config.for_game(game)
        return None if cfg.time is None else (cfg.time, cfg.clock)

    # ---------------------------------------------------------------- search
    def search(self, state: State, seat: int, legal: Sequence[Action],
               started: tuple[float, float] | None = None) -> Action:
        """Search the decision of ``seat`` among ``legal`` within the budget, which counts from
        ``started`` (the CPU and wall clock readings when the move began; default: now)."""
        cpu_start = self.cpu_clock()
        start = self.wall_clock()
        game = state.game
        cfg = self._cfg = self.config.for_game(game)
        clock = self.cpu_clock if cfg.clock == "cpu" else self.wall_clock
        origin = clock() if started is None else started[0 if cfg.clock == "cpu" else 1]
        n = game.players
        multi = cfg.obs == "events"
        n_trees = n if multi else 1
        roots = [_Node() for _ in range(n_trees)]
        root = roots[seat if multi else 0]
        heuristic = self._heuristic(game) if (cfg.prior == "heuristic" or cfg.rollout == "heuristic") else None
        prior = heuristic if cfg.prior == "heuristic" else None
        rollout_h = heuristic if cfg.rollout == "heuristic" else None
        fast = cfg.fast and (fast_path_ok(game) if rollout_h is None else fast_heuristic_ok(game))
        evaluate = None
        if cfg.depth is not None and type(game).has_evaluation():
            evaluate = _part(game, "evaluate", "evaluation")
        # depth=round: playouts stop where the round they are in ends (read on the determinized worlds only;
        # games without rounds play to the end)
        round_of = _part(game, "round_number", "rounds") if evaluate is not None and cfg.depth == "round" else None
        budget = cfg.iteration_budget
        deadline = None if cfg.time is None else origin + cfg.time
        self._settled = False  # (only the tree settles: ``TreeSearch._tree``)
        if cfg.paired:
            best, iterations, root_stats = self._paired(state, seat, legal, prior, rollout_h, fast, evaluate,
                                                        round_of, budget, clock, origin, deadline)
        else:
            best, iterations, root_stats = self._tree(state, seat, legal, roots, root, multi, prior, rollout_h,
                                                      fast, evaluate, round_of, budget, clock, deadline)
        self.last = SearchStats(iterations, self.wall_clock() - start, root_stats, self.cpu_clock() - cpu_start,
                                settled=self._settled)
        return best

    def _heuristic(self, game: Game[Any]) -> Heuristic | None:
        return _part(game, "heuristic_action", "heuristic") if type(game).has_heuristic() else None


def _part(game: Game[Any], method: str, part: str) -> Any:
    """``game``'s ``method``, or straight the function its spec's ``part`` names where the game keeps
    ``Game``'s own method (which only loads that function and calls it): playouts call it at every step."""
    if getattr(type(game), method) is getattr(Game, method) and method not in vars(game):
        function = game.spec.load(part)
        if function is not None:
            return function
    return getattr(game, method)


def _factory(params: dict[str, str], seed: int | None) -> Agent:
    return ISMCTSAgent(ISMCTSConfig.from_params(params), seed)


register_agent("ismcts", _factory)
