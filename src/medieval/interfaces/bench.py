"""Throughput and latency measurements of the engine contract, per game (used by ``medieval bench`` and
importable by the benchmarks). Everything runs in one process, single threaded, timed on this process's
CPU clock (``time.process_time``), so that other programs sharing the machine slow the figures less.

- random playouts: ``seat = state.to_move[0]; state.apply(seat, rng.choice(state.legal_actions(seat)))``
  until the game ends, new seeded games until the slice of time is up -> decisions/s and games/s;
- ``clone()``, ``view(seat)`` and ``to_json()`` in microseconds per call, on mid-game positions
  (random games stopped halfway);
- the game's tuned search (``ismcts`` with the game's own parameters): iterations per CPU second at
  decision points of heuristic games;
- OpenSpiel games (when ``pyspiel`` is installed) measured the same way, as a baseline.

:func:`run_bench` measures in *rounds*: each round gives every side (each of our games, each OpenSpiel
game, each search) one slice of time, in an order that turns by one every round, so that the sides
compared are measured minutes apart at most, under the same load. Each figure is reported as the median
of its rounds with their range, and our games' ratios to OpenSpiel are taken round by round (ours in a
round divided by theirs in the same round) before their median is taken. :func:`targets` checks the
figures against each game's ``GameSpec.speed``."""

from __future__ import annotations

import gc
import importlib
import importlib.util
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import medieval
from medieval.core.registry import game_class
from medieval.core.state import Action, Game, State

#: OpenSpiel games measured by ``--baseline``: a Python game and a C++ card game.
BASELINE_GAMES = ("python_liars_poker", "hearts")
MAX_DECISIONS = 1_000_000
OPENSPIEL_HINT = "pip install open_spiel"
#: The clock of every measurement: this process's CPU time.
clock = time.process_time
#: Decision points each round's search slice is spread over (one from each of as many games).
SEARCH_POSITIONS = 8


class BenchError(RuntimeError):
    pass


@dataclass(frozen=True)
class Spread:
    """The median of a figure's rounds and their range."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Spread:
        if not samples:
            return cls(math.nan, math.nan, math.nan)
        return cls(statistics.median(samples), min(samples), max(samples))

    def to_json(self) -> dict[str, float]:
        return {"median": self.median, "low": self.low, "high": self.high}


# ------------------------------------------------------------------------------------ our games
class Playouts:
    """Random playouts of one game, resumed slice after slice (game ``i`` uses seed ``seed + i``)."""

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game
        self.next_seed = seed
        self.choice = random.Random(seed).choice

    def run(self, seconds: float) -> tuple[int, int, float]:
        """Play whole games until ``seconds`` of CPU time have passed (at least one game). Returns
        (decisions, games, CPU seconds)."""
        game, choice = self.game, self.choice
        decisions = games = 0
        start = clock()
        deadline = start + seconds
        while True:
            seed = self.next_seed
            self.next_seed += 1
            state = game.new_game(seed)
            n = 0
            while not state.is_over:
                seat = state.to_move[0]
                state.apply(seat, choice(state.legal_actions(seat)))
                n += 1
                if n > MAX_DECISIONS:
                    raise BenchError(f"{game!r} seed {seed}: no end after {MAX_DECISIONS} decisions")
            decisions += n
            games += 1
            now = clock()
            if now >= deadline:
                return decisions, games, now - start


def random_playouts(game: Game[Any], seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random games (seeds ``seed``, ``seed + 1``, ...) until ``seconds`` of CPU time have passed (at
    least one game). Returns (decisions, games, CPU seconds)."""
    return Playouts(game, seed).run(seconds)


def _random_line(game: Game[Any], seed: int) -> list[tuple[int, Action]]:
    rng = random.Random(seed)
    state = game.new_game(seed)
    line: list[tuple[int, Action]] = []
    while not state.is_over and len(line) <= MAX_DECISIONS:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        line.append((seat, action))
    return line


def mid_game_positions(game: Game[Any], count: int = 16, seed: int = 0) -> list[State]:
    """``count`` positions halfway through random games (seeds ``seed``..)."""
    positions = []
    for i in range(count):
        line = _random_line(game, seed + i)
        state = game.new_game(seed + i)
        for seat, action in line[: len(line) // 2]:
            state.apply(seat, action)
        positions.append(state)
    return positions


def decision_points(game: Game[Any], count: int, seed: int = 1, per_game: int | None = None,
                    min_actions: int = 2) -> list[tuple[State, int]]:
    """``count`` decisions with a choice, evenly spread over games of the game's heuristic (random moves
    where it has none), seeds ``seed``.. : where a search is asked to decide. ``per_game`` points are taken
    from each game (default: half of ``count``); with one a game, game ``k`` gives its point at the
    fraction ``(k + 1) / (count + 1)`` of its decisions, so that the points spread over the game's stages.
    Only decisions with at least ``min_actions`` legal actions count."""
    found: list[tuple[State, int]] = []
    g = 0
    while len(found) < count:
        state = game.new_game(seed + g)
        rng = random.Random(seed + g)
        points: list[tuple[State, int]] = []
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if len(legal) >= min_actions:
                points.append((state.clone(), seat))
            try:
                action = game.heuristic_action(state, seat, rng)
            except NotImplementedError:
                action = rng.choice(legal)
            state.apply(seat, action)
        if per_game == 1:
            if points:
                found.append(points[len(points) * (len(found) + 1) // (count + 1)])
        else:
            need = min(count - len(found), per_game or max(1, count // 2), len(points))
            found += [points[len(points) * (k + 1) // (need + 1)] for k in range(need)]
        g += 1
    return found


def per_call_us(fn: Callable[[Any], object], items: Sequence[Any], seconds: float) -> float:
    """Mean CPU microseconds of ``fn(item)`` over rounds through ``items`` lasting about ``seconds``."""
    if not items:
        return float("nan")
    batch = list(items) * max(1, 200 // len(items))  # (so that reading the clock costs little)
    calls = 0
    spent = 0.0
    while True:
        start = clock()
        for item in batch:
            fn(item)
        spent += clock() - start
        calls += len(batch)
        if spent >= seconds:
            return spent / calls * 1e6


def _view_of_mover(state: State) -> object:
    return state.view(state.to_move[0] if state.to_move else None)


def _clone(state: Any) -> object:
    return state.clone()


def _to_json(state: State) -> object:
    return state.to_json()


class SearchRate:
    """The game's tuned search (``ismcts`` with the game's parameters) at a few decision points."""

    def __init__(self, game: Game[Any], positions: int = SEARCH_POSITIONS, seed: int = 1) -> None:
        self.game = game
        self.points = decision_points(game, positions, seed, per_game=1)
        self.seed = seed
        self._warm_up()

    def _warm_up(self) -> None:
        """One tiny search before measuring: the search's one-time checks of a game are not its speed."""
        from medieval.agents import make_agent
        from medieval.agents.ismcts import ISMCTSAgent

        state, seat = self.points[0]
        agent = make_agent("ismcts:iters=1", self.seed)
        assert isinstance(agent, ISMCTSAgent)
        agent.search(state, seat, state.legal_actions(seat))

    def run(self, seconds: float) -> tuple[int, float]:
        """Search each decision point for an equal share of ``seconds`` of CPU time; returns (iterations,
        CPU seconds)."""
        from medieval.agents import make_agent
        from medieval.agents.ismcts import ISMCTSAgent

        share = seconds / len(self.points)
        iterations, cpu = 0, 0.0
        for i, (state, seat) in enumerate(self.points):
            # the whole share (settle=off): a search stopped once its move is decided measures only the
            # early iterations of a tree, which run faster than the later, deeper ones
            agent = make_agent(f"ismcts:time={share:.6f},clock=cpu,settle=off", self.seed + i)
            assert isinstance(agent, ISMCTSAgent)
            agent.search(state, seat, state.legal_actions(seat))
            iterations += agent.last.iterations
            cpu += agent.last.cpu_seconds
        return iterations, cpu


# ------------------------------------------------------------------------------------ OpenSpiel
def openspiel_available() -> bool:
    try:
        return importlib.util.find_spec("pyspiel") is not None
    except (ImportError, ValueError):
        return False


def _load_openspiel(name: str) -> Any:
    pyspiel = importlib.import_module("pyspiel")
    if name.startswith("python_"):
        importlib.import_module("open_spiel.python.games")  # registers OpenSpiel's Python games
    return pyspiel.load_game(name)


class OpenSpielPlayouts:
    """An OpenSpiel game measured like ours: random playouts (chance outcomes drawn uniformly from
    ``legal_actions()`` like the players' moves; only players' moves count as decisions), and
    ``clone()`` on positions halfway through random games."""

    def __init__(self, name: str, seed: int = 0, positions: int = 16) -> None:
        self.name = name
        self.game = _load_openspiel(name)
        self.choice = random.Random(seed).choice
        self.mids = [self._mid_game(seed + i) for i in range(positions)]

    def _mid_game(self, seed: int) -> Any:
        line_rng = random.Random(seed)
        state = self.game.new_initial_state()
        line = []
        while not state.is_terminal():
            action = line_rng.choice(state.legal_actions())
            state.apply_action(action)
            line.append(action)
        state = self.game.new_initial_state()
        for action in line[: len(line) // 2]:
            state.apply_action(action)
        return state

    def run(self, seconds: float) -> tuple[int, int, float]:
        game, choice = self.game, self.choice
        decisions = games = 0
        start = clock()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    decisions += 1
                state.apply_action(choice(state.legal_actions()))
            games += 1
            now = clock()
            if now >= deadline:
                return decisions, games, now - start


# ------------------------------------------------------------------------------------ rounds
@dataclass
class GameBench:
    """One of our games over the rounds: per-round samples, and their medians and ranges."""

    game: str
    players: int
    positions: int  # mid-game positions the per-call timings ran on
    decisions: int = 0
    games: int = 0
    samples: dict[str, list[float]] = field(default_factory=dict)
    #: OpenSpiel game -> our decisions/s divided by its decisions/s, round by round
    ratios: dict[str, list[float]] = field(default_factory=dict)

    def spread(self, metric: str) -> Spread:
        return Spread.of(self.samples.get(metric, []))

    def ratio(self, baseline: str) -> Spread:
        return Spread.of(self.ratios.get(baseline, []))

    @property
    def decisions_per_s(self) -> float:
        return self.spread("decisions_per_s").median

    @property
    def games_per_s(self) -> float:
        return self.spread("games_per_s").median

    @property
    def clone_us(self) -> float:
        return self.spread("clone_us").median

    @property
    def view_us(self) -> float:
        return self.spread("view_us").median

    @property
    def to_json_us(self) -> float:
        return self.spread("to_json_us").median

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game, "players": self.players, "positions": self.positions,
                             "decisions": self.decisions, "games": self.games}
        for metric, values in self.samples.items():
            s = Spread.of(values)
            d[metric] = s.median
            d[f"{metric}_range"] = [s.low, s.high]
        d["ratios"] = {b: Spread.of(v).to_json() for b, v in self.ratios.items()}
        d["samples"] = self.samples
        return d


@dataclass
class BaselineBench:
    """One OpenSpiel game over the rounds."""

    game: str
    decisions: int = 0
    games: int = 0
    samples: dict[str, list[float]] = field(default_factory=dict)

    def spread(self, metric: str) -> Spread:
        return Spread.of(self.samples.get(metric, []))

    @property
    def decisions_per_s(self) -> float:
        return self.spread("decisions_per_s").median

    @property
    def clone_us(self) -> float:
        return self.spread("clone_us").median

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game, "decisions": self.decisions, "games": self.games}
        for metric, values in self.samples.items():
            s = Spread.of(values)
            d[metric] = s.median
            d[f"{metric}_range"] = [s.low, s.high]
        d["samples"] = self.samples
        return d


@dataclass
class BenchReport:
    rounds: int
    seconds: float
    games: list[GameBench]
    baselines: list[BaselineBench]
    failed: dict[str, str] = field(default_factory=dict)  # side -> error


Progress = Callable[[str], None]


def run_bench(names: Sequence[str], players: int | None = None, seconds: float = 0.5, rounds: int = 11,
              baseline: Sequence[str] = (), search: bool = False, seed: int = 0,
              progress: Progress | None = None, options: Mapping[str, Any] | None = None) -> BenchReport:
    """Measure ``names`` under the rule ``options`` (and the OpenSpiel games ``baseline``, and each game's
    tuned search if ``search``) in ``rounds`` rounds; each side gets ``seconds`` of CPU time of playouts
    (or of search) a round, and our games a quarter of that for each per-call timing."""
    say = progress or (lambda _text: None)
    micro = max(seconds / 4, 0.005)
    failed: dict[str, str] = {}
    sides: list[tuple[str, str, Callable[[], None]]] = []  # (kind, name, measure one round)
    ours: list[GameBench] = []
    theirs: list[BaselineBench] = []
    per_round: dict[str, float] = {}  # decisions/s of every side in the round under way

    for name in names:
        say(f"preparing {name}...")
        try:
            game = medieval.make(name, players, **(options or {}))
            mids = [s for s in mid_game_positions(game, 16, seed) if not s.is_over]
            searcher = SearchRate(game) if search else None
        except Exception as e:  # a game under construction must not stop the others' numbers
            failed[name] = f"{type(e).__name__}: {e}"
            continue
        bench = GameBench(game.spec.name, game.players, len(mids))
        ours.append(bench)
        sides.append(("ours", bench.game, _measure_ours(bench, Playouts(game, seed), mids, seconds, micro, per_round)))
        if searcher is not None:
            sides.append(("search", bench.game, _measure_search(bench, searcher, seconds)))
    for name in baseline:
        say(f"preparing OpenSpiel {name}...")
        try:
            side = OpenSpielPlayouts(name, seed)
        except Exception as e:
            failed[name] = f"{type(e).__name__}: {e}"
            continue
        b = BaselineBench(name)
        theirs.append(b)
        sides.append(("theirs", name, _measure_theirs(b, side, seconds, micro, per_round)))

    # Before each slice, whatever is alive (positions, games, modules, the caches of the slices before) is
    # frozen out of the garbage collector's reach: a slice then pays for collecting its own garbage only,
    # not for walking what the other sides keep. (Without this the sides' figures depended on one another:
    # a full collection walks every tracked object of the process, whichever side's allocation set it off,
    # and OpenSpiel's Python game measured 15% slower beside a version of our games that left more objects.)
    # Thawed at the end, unless the process had frozen objects of its own before.
    thaw = gc.get_freeze_count() == 0
    try:
        for r in range(rounds):
            per_round.clear()
            k = r % len(sides) if sides else 0
            for kind, name, measure in sides[k:] + sides[:k]:
                if name in failed:
                    continue
                say(f"round {r + 1}/{rounds}: {'search of ' if kind == 'search' else ''}{name}")
                gc.collect()
                gc.freeze()
                try:
                    measure()
                except Exception as e:
                    failed[name] = f"{type(e).__name__}: {e}"
            _round_ratios(ours, theirs, per_round)
    finally:
        if thaw:
            gc.unfreeze()
    return BenchReport(rounds, seconds, [g for g in ours if g.game not in failed],
                       [b for b in theirs if b.game not in failed], failed)


def _round_ratios(ours: list[GameBench], theirs: list[BaselineBench], per_round: dict[str, float]) -> None:
    """Each of our games' decision rate over each baseline's, in the round just measured."""
    for bench in ours:
        mine = per_round.get(bench.game)
        for b in theirs:
            other = per_round.get(b.game)
            if mine is not None and other:
                bench.ratios.setdefault(b.game, []).append(mine / other)


def _add(samples: dict[str, list[float]], metric: str, value: float) -> None:
    samples.setdefault(metric, []).append(value)


def _measure_ours(bench: GameBench, playouts: Playouts, mids: list[State], seconds: float, micro: float,
                  per_round: dict[str, float]) -> Callable[[], None]:
    def measure() -> None:
        decisions, games, cpu = playouts.run(seconds)
        bench.decisions += decisions
        bench.games += games
        per_round[bench.game] = decisions / cpu
        _add(bench.samples, "decisions_per_s", decisions / cpu)
        _add(bench.samples, "games_per_s", games / cpu)
        _add(bench.samples, "clone_us", per_call_us(_clone, mids, micro))
        _add(bench.samples, "view_us", per_call_us(_view_of_mover, mids, micro))
        _add(bench.samples, "to_json_us", per_call_us(_to_json, mids, micro))
    return measure


def _measure_search(bench: GameBench, searcher: SearchRate, seconds: float) -> Callable[[], None]:
    def measure() -> None:
        iterations, cpu = searcher.run(seconds)
        _add(bench.samples, "search_per_s", iterations / cpu if cpu > 0 else math.nan)
    return measure


def _measure_theirs(b: BaselineBench, side: OpenSpielPlayouts, seconds: float, micro: float,
                    per_round: dict[str, float]) -> Callable[[], None]:
    def measure() -> None:
        decisions, games, cpu = side.run(seconds)
        b.decisions += decisions
        b.games += games
        per_round[b.game] = decisions / cpu
        _add(b.samples, "decisions_per_s", decisions / cpu)
        _add(b.samples, "games_per_s", games / cpu)
        _add(b.samples, "clone_us", per_call_us(_clone, side.mids, micro))
    return measure


# ------------------------------------------------------------------------------------ targets
@dataclass(frozen=True)
class TargetCheck:
    """One target of one game (``GameSpec.speed``) against what was measured: ``met`` when the median
    is on the right side of it (None: not measured)."""

    game: str
    what: str  # e.g. "÷ python_liars_poker", "clone µs", "search iterations/s"
    target: float
    at_least: bool  # True: the figure must reach the target; False: stay under it
    measured: Spread

    @property
    def met(self) -> bool | None:
        m = self.measured.median
        if math.isnan(m):
            return None
        return m >= self.target if self.at_least else m <= self.target

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "what": self.what, "target": self.target, "at_least": self.at_least,
                "measured": self.measured.to_json(), "met": self.met}


def targets(report: BenchReport) -> list[TargetCheck]:
    """Every game's speed targets (``GameSpec.speed``) checked against the report."""
    out = []
    for bench in report.games:
        speed = game_class(bench.game).spec.speed
        for base, minimum in speed.ratios:
            out.append(TargetCheck(bench.game, f"÷ {base}", minimum, True, bench.ratio(base)))
        if speed.clone_us is not None:
            out.append(TargetCheck(bench.game, "clone µs", speed.clone_us, False, bench.spread("clone_us")))
        if speed.search_per_s is not None:
            out.append(TargetCheck(bench.game, "search iterations/s", speed.search_per_s, True,
                                   bench.spread("search_per_s")))
    return out
