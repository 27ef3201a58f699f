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
   to the end of the game with the random policy or the game's heuristic.
4. **Back up** each seat's reward (``outcome.reward(seat)``, optionally blended with the normalised
   score) into the statistics of the decisions that seat took.

The move played is the root action with the most visits.

``paired=1`` replaces the tree by a search of the root decision alone, for games where a second of
playouts is too little for a tree (long dice games, short matches): every sample plays every
legal action on one determinized world with the same dice and rollout draws, and the heuristic's move
is left only for an action significantly ahead of it in those paired samples (:meth:`ISMCTSAgent._paired`).

Parameters (``ismcts:KEY=VALUE,...``) are listed in :data:`PARAMETERS` and in docs/bots.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from medieval.agents.base import Agent, register_agent
from medieval.core.errors import InvalidOptionError
from medieval.core.state import Action, Game, State

#: Default iteration budget when neither ``iters`` nor ``time`` is given.
DEFAULT_ITERS = 1000
#: Safety cap on the length of one rollout (every game must end long before).
MAX_ROLLOUT_STEPS = 100_000

PARAMETERS: dict[str, str] = {
    "iters": "iteration budget per decision (default 1000 when no time is given)",
    "time": "time budget per decision in seconds; with iters, whichever runs out first",
    "clock": "what 'time' measures: wall (default) or cpu (this process's CPU time, which other "
             "programs on a busy machine do not eat into)",
    "c": "UCB exploration constant (default 0.7)",
    "rollout": "rollout policy: random (default) or heuristic (the game's heuristic, eps-greedy)",
    "eps": "in heuristic rollouts, the chance of a random move instead (default 0.1)",
    "depth": "end (default): rollouts play to the end of the game; N: after N rollout steps the game's "
             "own position evaluation (Game.evaluate) gives the rewards, 0 = at the new node; round: at "
             "the end of the round the rollout is in (games with rounds, Game.round_number); games "
             "without an evaluation play to the end",
    "prior": "heuristic (default): the game's heuristic move is tried first and biased at each new "
             "node; none: no prior",
    "bias": "weight of the heuristic prior (default 1.0)",
    "bonus": "how the prior's bonus to the heuristic's move decays: flat (default), bias/(visits+1); or "
             "puct, bias*sqrt(availability)/(visits+1), which lasts longer",
    "pw": "progressive widening: K allows ceil(K * visits^alpha) tried actions at a node; off; or "
          "auto (default: 2 at nodes with at least 'pwmin' legal actions, off elsewhere)",
    "alpha": "progressive widening exponent (default 0.5)",
    "pwmin": "legal actions from which progressive widening applies (default 24)",
    "gamma": "EXP3 exploration rate at decisions of simultaneous rounds (default 0.1)",
    "obs": "events (default): one tree per seat keyed by what it observes; actions: one tree keyed by "
           "actions",
    "sw": "weight of the normalised score in the reward (default 0: wins only)",
    "norm": "0 (default): UCB compares mean rewards as they are; 1: rescale the mean rewards of a node's "
            "actions to [0, 1] (their min and max) before adding the exploration term, so that an "
            "evaluation's small differences between moves are not drowned by exploration",
    "tuned": "1 (default): parameters not given take the values tuned for the game being played "
             "(the data/search.json its spec names); 0: the generic defaults everywhere",
    "fast": "1 (default): rollouts (random or heuristic) skip the log and apply's checks when a "
            "self-test shows the game plays identically without them; 0: always the checked path",
    "paired": "0 (default): the tree search; 1: a search of the root decision only, with paired "
              "playouts: each iteration plays every legal action on the same determinized world with the "
              "same dice and the same rollout draws, and the bot leaves the heuristic's move only for an "
              "action whose paired advantage over it is significant (see z, nmin)",
    "z": "with paired=1: the z-score an action's mean advantage over the heuristic's move must exceed "
         "(default 1.5)",
    "nmin": "with paired=1: paired samples needed before the heuristic's move may be left (default 8)",
}


@dataclass(frozen=True)
class ISMCTSConfig:
    """The bot's parameters (see :data:`PARAMETERS`)."""

    iters: int | None = None
    time: float | None = None
    clock: str = "wall"
    c: float = 0.7
    rollout: str = "random"
    eps: float = 0.1
    depth: int | str | None = None  # None: to the end; N steps; "round": to the end of the round
    prior: str = "heuristic"
    bias: float = 1.0
    bonus: str = "flat"
    pw: float | None = None
    alpha: float = 0.5
    pwmin: int = 24
    obs: str = "events"
    gamma: float = 0.1
    sw: float = 0.0
    norm: bool = False
    fast: bool = True
    paired: bool = False
    z: float = 1.5
    nmin: int = 8
    tuned: bool = True
    #: the keys the bot's spec set explicitly (tuned per-game values never override them)
    given: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def iteration_budget(self) -> int | None:
        if self.iters is None and self.time is None:
            return DEFAULT_ITERS
        return self.iters

    @classmethod
    def from_params(cls, params: dict[str, str]) -> ISMCTSConfig:
        """Read ``KEY=VALUE`` text parameters; unknown keys and bad values raise InvalidOptionError."""
        known = {f.name for f in fields(cls)} - {"given"}
        values: dict[str, Any] = {}
        for key, text in params.items():
            if key not in known:
                raise InvalidOptionError(
                    f"ismcts has no parameter {key!r} (parameters: {', '.join(sorted(known))})")
            values[key] = _parse_value(key, text)
        cfg = cls(**values, given=frozenset(values))
        cfg.validate()
        return cfg

    def for_game(self, game: Game[Any]) -> ISMCTSConfig:
        """This configuration with the values tuned for the game (its spec's search defaults, for its
        number of players) for every key not given."""
        if not self.tuned:
            return self
        tuned = game.spec.search_defaults(game.players)
        if not tuned:
            return self
        values = {k: _parse_value(k, v) for k, v in tuned.items() if k not in self.given}
        return replace(self, **values) if values else self

    def validate(self) -> None:
        def bad(msg: str) -> InvalidOptionError:
            return InvalidOptionError(f"ismcts: {msg}")

        if self.iters is not None and self.iters < 1:
            raise bad(f"iters must be at least 1, got {self.iters}")
        if self.time is not None and not (self.time > 0 and math.isfinite(self.time)):
            raise bad(f"time must be a positive number of seconds, got {self.time}")
        if self.clock not in ("wall", "cpu"):
            raise bad(f"clock must be wall or cpu, got {self.clock!r}")
        if not self.c >= 0:
            raise bad(f"c must be >= 0, got {self.c}")
        if self.rollout not in ("random", "heuristic"):
            raise bad(f"rollout must be random or heuristic, got {self.rollout!r}")
        depth = self.depth
        if depth is not None and depth != "round" and not (isinstance(depth, int) and depth >= 0):
            raise bad(f"depth must be end, round or a number of steps >= 0, got {self.depth}")
        if not 0 <= self.eps <= 1:
            raise bad(f"eps must be between 0 and 1, got {self.eps}")
        if self.prior not in ("heuristic", "none"):
            raise bad(f"prior must be heuristic or none, got {self.prior!r}")
        if not self.bias >= 0:
            raise bad(f"bias must be >= 0, got {self.bias}")
        if self.bonus not in ("flat", "puct"):
            raise bad(f"bonus must be flat or puct, got {self.bonus!r}")
        if self.pw is not None and not self.pw >= 0:
            raise bad(f"pw must be off, auto or a positive number, got {self.pw}")
        if not 0 < self.alpha < 1:
            raise bad(f"alpha must be between 0 and 1, got {self.alpha}")
        if self.pwmin < 1:
            raise bad(f"pwmin must be at least 1, got {self.pwmin}")
        if not 0 < self.gamma <= 1:
            raise bad(f"gamma must be in (0, 1], got {self.gamma}")
        if self.obs not in ("events", "actions"):
            raise bad(f"obs must be events or actions, got {self.obs!r}")
        if not 0 <= self.sw <= 1:
            raise bad(f"sw must be between 0 and 1, got {self.sw}")
        if not self.z >= 0:
            raise bad(f"z must be >= 0, got {self.z}")
        if self.nmin < 1:
            raise bad(f"nmin must be at least 1, got {self.nmin}")


_INT_KEYS = {"iters", "pwmin", "nmin"}
_FLOAT_KEYS = {"time", "c", "eps", "bias", "alpha", "sw", "gamma", "z"}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _parse_value(key: str, text: str) -> Any:
    t = text.strip().lower()
    try:
        if key in _INT_KEYS:
            return int(float(t)) if float(t).is_integer() else _raise(key, text)
        if key in _FLOAT_KEYS:
            value = float(t.removesuffix("s")) if key == "time" else float(t)
            if not math.isfinite(value):
                _raise(key, text)
            return value
    except ValueError:
        _raise(key, text)
    if key == "depth":
        if t in ("end", "none", "off"):
            return None
        if t == "round":
            return t
        try:
            value = float(t)
        except ValueError:
            _raise(key, text)
        return int(value) if value.is_integer() else _raise(key, text)
    if key == "pw":
        if t in ("off", "none", "0"):
            return 0.0
        if t == "auto":
            return None
        try:
            return float(t)
        except ValueError:
            _raise(key, text)
    if key in ("fast", "tuned", "norm", "paired"):
        if t in _TRUE:
            return True
        if t in _FALSE:
            return False
        _raise(key, text)
    return t


def _raise(key: str, text: str) -> Any:
    raise InvalidOptionError(f"ismcts: bad value {text!r} for {key!r}")


# ------------------------------------------------------------------------- order-blind randomness
class OrderBlindRandom(random.Random):
    """A generator that puts a sequence in a canonical order before drawing from it.

    ``determinize`` typically gathers the cards a seat cannot see *in the order they really lie* and
    shuffles them. The result is equally likely whatever that order was, but under one seed it still
    depends on it: two states that differ only in hidden cards would give different worlds, and a bot's
    search would differ between them. Handing ``determinize`` this generator sorts such a pool first,
    which changes no probability (a shuffle of a multiset, a sample or a choice from it, is uniform
    whatever the order) and makes the world a function of the view and the seed alone."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        _canonical(x)
        super().shuffle(x)

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        if counts is None and isinstance(population, list | tuple):
            population = list(population)
            _canonical(population)
        return super().sample(population, k, counts=counts)

    def choice(self, seq: Any) -> Any:
        if isinstance(seq, list | tuple) and len(seq) > 1:
            seq = list(seq)
            _canonical(seq)
        return super().choice(seq)


def _canonical(x: list[Any]) -> None:
    try:
        x.sort()
    except TypeError:  # unorderable items (dicts, mixed types): order by their text
        x.sort(key=repr)


# --------------------------------------------------------------------------------------- the tree
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


# ------------------------------------------------------------------- fast path self-test (per game)
_FAST_OK: dict[tuple[str, bool], bool] = {}


def fast_path_ok(game: Game[Any], games: int = 2) -> bool:
    """Whether rollouts may skip the log and ``apply``'s checks for this game configuration: a few
    seeded random games are played both ways and must agree at every step (cached)."""
    return _fast_ok(game, games, heuristic=False)


def fast_heuristic_ok(game: Game[Any], games: int = 2) -> bool:
    """Whether heuristic rollouts may skip the log and ``apply``'s checks for this game configuration:
    the random games of :func:`fast_path_ok` agree, and so do a few seeded games of the game's heuristic,
    on every move and every position (cached). A game's heuristic reads the seat's view, so this also
    checks that the view does not depend on the log."""
    return fast_path_ok(game, games) and _fast_ok(game, games, heuristic=True)


def _fast_ok(game: Game[Any], games: int, heuristic: bool) -> bool:
    key = (repr(game), heuristic)
    ok = _FAST_OK.get(key)
    if ok is None:
        ok = _FAST_OK[key] = _plays_the_same_muted(game, games, game.heuristic_action if heuristic else None)
    return ok


def _plays_the_same_muted(game: Game[Any], games: int, policy: Heuristic | None) -> bool:
    """Seeded games (random moves, or ``policy``'s on each world with its own equal random stream)
    played on a logged world with ``apply`` and on a muted one with ``_apply`` agree at every step."""
    seed = 9_000_001 if policy is None else 9_100_001
    try:
        for g in range(games):
            slow = game.new_game(seed=seed + g)
            fast = slow.clone()
            fast.mute_log()
            rng_slow, rng_fast = random.Random(g), random.Random(g)
            for _ in range(MAX_ROLLOUT_STEPS):
                if slow.to_move != fast.to_move:
                    return False
                if not slow.to_move:
                    break
                seat = slow.to_move[0]
                legal = slow.legal_actions(seat)
                if fast.legal_actions_fast(seat) != legal:
                    return False
                if policy is None:
                    action = legal[rng_slow.randrange(len(legal))]
                else:
                    action = policy(slow, seat, rng_slow)
                    if policy(fast, seat, rng_fast) != action:
                        return False
                slow.apply(seat, action)
                fast.apply_fast(seat, action)
                if slow.position_json() != fast.position_json():
                    return False
            if slow.outcome != fast.outcome:
                return False
    except Exception:  # any trouble: use the checked path
        return False
    return True


# ------------------------------------------------------------------------------------- the search
RootStats = dict[str, tuple[int, float]]  # root action -> (visits, mean reward)


@dataclass
class SearchStats:
    """What the last search did (for benchmarks, tests and curious players)."""

    iterations: int = 0
    seconds: float = 0.0  # wall clock
    root: RootStats = field(default_factory=dict)
    cpu_seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


Heuristic = Callable[[State, int, random.Random], Action]
Evaluation = Callable[[State], "list[float] | None"]
RoundOf = Callable[[State], "int | None"]


class ISMCTSAgent(Agent):
    """Information-set MCTS bot: ``ismcts:iters=2000`` or ``ismcts:time=1.0`` (see module doc)."""

    name = "ismcts"

    def __init__(self, config: ISMCTSConfig | None = None, seed: int | None = None) -> None:
        self.config = config or ISMCTSConfig()
        self.config.validate()
        self.rng = random.Random(seed)  # the search's own draws
        self.world_rng = OrderBlindRandom(self.rng.getrandbits(63))  # handed to determinize
        self.last = SearchStats()
        self._cfg = self.config  # the configuration of the search under way (with the game's tuning)

    # ---------------------------------------------------------------- the Agent interface
    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no decision to take (to move: {state.to_move})")
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {str(legal[0]): (0, 0.0)})
            return legal[0]
        return self.search(state, seat, legal)

    # ---------------------------------------------------------------- search
    def search(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        game = state.game
        cfg = self._cfg = self.config.for_game(game)
        n = game.players
        multi = cfg.obs == "events"
        n_trees = n if multi else 1
        roots = [_Node() for _ in range(n_trees)]
        root = roots[seat if multi else 0]
        heuristic = self._heuristic(game) if (cfg.prior == "heuristic" or cfg.rollout == "heuristic") else None
        prior = heuristic if cfg.prior == "heuristic" else None
        rollout_h = heuristic if cfg.rollout == "heuristic" else None
        fast = cfg.fast and (fast_path_ok(game) if rollout_h is None else fast_heuristic_ok(game))
        evaluate = game.evaluate if cfg.depth is not None and type(game).has_evaluation() else None
        # depth=round: playouts stop where the round they are in ends (read on the determinized worlds only;
        # games without rounds play to the end)
        round_of = game.round_number if evaluate is not None and cfg.depth == "round" else None
        budget = cfg.iteration_budget
        clock = time.process_time if cfg.clock == "cpu" else time.perf_counter
        deadline = None if cfg.time is None else clock() + cfg.time
        start = time.perf_counter()
        cpu_start = time.process_time()
        if cfg.paired:
            best, iterations, root_stats = self._paired(state, seat, legal, prior, rollout_h, fast, evaluate,
                                                        round_of, budget, clock, deadline)
        else:
            best, iterations, root_stats = self._tree(state, seat, legal, roots, root, multi, prior, rollout_h,
                                                      fast, evaluate, round_of, budget, clock, deadline)
        self.last = SearchStats(iterations, time.perf_counter() - start, root_stats,
                                time.process_time() - cpu_start)
        return best

    def _tree(self, state: State, seat: int, legal: Sequence[Action], roots: list[_Node], root: _Node,
              multi: bool, prior: Heuristic | None, rollout_h: Heuristic | None, fast: bool,
              evaluate: Evaluation | None, round_of: RoundOf | None, budget: int | None,
              clock: Callable[[], float], deadline: float | None) -> tuple[Action, int, RootStats]:
        """The tree search: iterations until the budget runs out, then the root's most visited action
        (its number of iterations, and each root action's visits and mean reward, for ``last``)."""
        iterations = 0
        while True:
            if budget is not None and iterations >= budget:
                break
            if deadline is not None and iterations > 0 and clock() >= deadline:
                break
            world = state.determinize(seat, self.world_rng)
            self._iterate(world, seat, roots, multi, prior, rollout_h, fast, evaluate, round_of)
            iterations += 1
        unseen = [0.0, 0.0, 0.0, 0.0]
        if root.simultaneous:
            # a simultaneous choice is a mixed strategy: play an action with its share of the visits
            weights = [root.stats.get(a, unseen)[0] for a in legal]
            best = self.rng.choices(legal, weights)[0] if sum(weights) > 0 else legal[0]
        else:
            best = max(legal, key=lambda a: (root.stats.get(a, unseen)[0], root.stats.get(a, unseen)[1]))
        return best, iterations, {str(a): (int(s[0]), s[1] / s[0] if s[0] else 0.0) for a, s in root.stats.items()}

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

    def _heuristic(self, game: Game[Any]) -> Heuristic | None:
        return game.heuristic_action if type(game).has_heuristic() else None

    def _iterate(self, world: State, root_seat: int, roots: list[_Node], multi: bool,
                 prior: Heuristic | None, rollout_h: Heuristic | None, fast: bool,
                 evaluate: Evaluation | None = None, round_of: RoundOf | None = None) -> None:
        n = len(roots) if multi else world.players
        cursors: list[_Node] = roots[:]
        path: list[tuple[_Node, int, Action, float]] = []  # (node, actor, action, EXP3 probability)
        sim_round: list[int] = []  # seats of the current simultaneous round still to choose
        sim_done: list[tuple[int, Action]] = []
        first = True
        expanded = False
        while not expanded:
            to_move = world.to_move
            if not to_move:
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
        rewards = self._rollout(world, rollout_h, fast, n, evaluate, round_of)
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

    def _rollout(self, world: State, policy: Heuristic | None, fast: bool, n: int,
                 evaluate: Evaluation | None = None, round_of: RoundOf | None = None,
                 rng: random.Random | None = None) -> list[float]:
        """Play on from ``world``; ``evaluate`` scores the position where the playout is cut (after
        ``depth`` steps, or where the round ``round_of`` reports changes), else the game's outcome does.
        The playout's draws come from ``rng`` (default: the search's own generator)."""
        if rng is None:
            rng = self.rng
        rand = rng.random
        depth = self._cfg.depth
        limit = depth if evaluate is not None and isinstance(depth, int) else MAX_ROLLOUT_STEPS
        start = round_of(world) if round_of is not None else None
        if round_of is not None and start is None:  # no rounds in this game: play to the end
            round_of = evaluate = None
        if fast and policy is None:
            world.mute_log()
            for _ in range(limit):
                to_move = world.to_move
                if not to_move:
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
            for _ in range(limit):
                to_move = world.to_move
                if not to_move:
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
                    if action not in legal:  # (the checked path would stop on it)
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
            return self._rollout(world, policy, fast, n, rng=rng)
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


def _factory(params: dict[str, str], seed: int | None) -> Agent:
    return ISMCTSAgent(ISMCTSConfig.from_params(params), seed)


register_agent("ismcts", _factory)
