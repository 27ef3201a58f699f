"""Throughput and latency measurements of the engine contract, per game (used by ``medieval bench`` and
importable by the benchmarks). All numbers come from one process, single threaded.

- random playouts: ``seat = state.to_move[0]; state.apply(seat, rng.choice(state.legal_actions(seat)))``
  until the game ends, new seeded games until the time is up -> decisions/s and games/s;
- ``clone()``, ``view(seat)`` and ``to_json()`` in microseconds per call, on mid-game positions
  (random games stopped halfway).

``bench_openspiel`` measures an OpenSpiel game the same way, when ``pyspiel`` is installed, as a
baseline for the speed of a Python-facing game engine."""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import medieval
from medieval.core.state import Action, Game, State

#: OpenSpiel games measured by ``--baseline``: a Python game and a C++ card game.
BASELINE_GAMES = ("python_liars_poker", "hearts")
MAX_DECISIONS = 1_000_000
OPENSPIEL_HINT = "pip install open_spiel"


class BenchError(RuntimeError):
    pass


@dataclass(frozen=True)
class GameBench:
    game: str
    players: int
    seconds: float  # time spent in random playouts
    decisions: int
    games: int
    positions: int  # mid-game positions the per-call timings ran on
    decisions_per_s: float
    games_per_s: float
    clone_us: float
    view_us: float
    to_json_us: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class BaselineBench:
    game: str
    seconds: float
    decisions: int
    games: int
    decisions_per_s: float
    games_per_s: float
    clone_us: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def random_playouts(game: Game[Any], seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random games (seeds ``seed``, ``seed + 1``, ...) until ``seconds`` have passed (at least one
    game). Returns (decisions, games, elapsed seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_game(seed + games)
        n = 0
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, choice(state.legal_actions(seat)))
            n += 1
            if n > MAX_DECISIONS:
                raise BenchError(f"{game!r} seed {seed + games}: no end after {MAX_DECISIONS} decisions")
        decisions += n
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return decisions, games, now - start


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


def per_call_us(fn: Callable[[Any], object], items: Sequence[Any], seconds: float) -> float:
    """Mean microseconds of ``fn(item)`` over rounds through ``items`` lasting about ``seconds``."""
    if not items:
        return float("nan")
    calls = 0
    spent = 0.0
    while True:
        start = time.perf_counter()
        for item in items:
            fn(item)
        spent += time.perf_counter() - start
        calls += len(items)
        if spent >= seconds:
            return spent / calls * 1e6


def _view_of_mover(state: State) -> object:
    return state.view(state.to_move[0] if state.to_move else None)


def bench_game(name: str, players: int | None = None, seconds: float = 2.0, seed: int = 0,
               positions: int = 16, options: Mapping[str, Any] | None = None) -> GameBench:
    """Measure one game (with its rule ``options``): random playouts for ``seconds``, then
    clone/view/to_json for ``seconds / 4`` each on mid-game positions."""
    game = medieval.make(name, players, **(options or {}))
    decisions, games, elapsed = random_playouts(game, seconds, seed)
    mids = [s for s in mid_game_positions(game, positions, seed) if not s.is_over]
    micro = max(seconds / 4, 0.02)
    return GameBench(
        game=game.spec.name, players=game.players, seconds=elapsed, decisions=decisions, games=games,
        positions=len(mids), decisions_per_s=decisions / elapsed, games_per_s=games / elapsed,
        clone_us=per_call_us(lambda s: s.clone(), mids, micro),
        view_us=per_call_us(_view_of_mover, mids, micro),
        to_json_us=per_call_us(lambda s: s.to_json(), mids, micro),
    )


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


def bench_openspiel(name: str, seconds: float = 2.0, seed: int = 0, positions: int = 16) -> BaselineBench:
    """An OpenSpiel game measured like ours: random playouts (chance outcomes drawn uniformly from
    ``legal_actions()`` like the players' moves; only players' moves count as decisions), and
    ``clone()`` on positions halfway through random games."""
    game = _load_openspiel(name)
    rng = random.Random(seed)
    choice = rng.choice
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(choice(state.legal_actions()))
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    mids = []
    for i in range(positions):
        line_rng = random.Random(seed + i)
        state = game.new_initial_state()
        line = []
        while not state.is_terminal():
            action = line_rng.choice(state.legal_actions())
            state.apply_action(action)
            line.append(action)
        state = game.new_initial_state()
        for action in line[: len(line) // 2]:
            state.apply_action(action)
        mids.append(state)
    clone_us = per_call_us(lambda s: s.clone(), mids, max(seconds / 4, 0.02))
    return BaselineBench(game=name, seconds=elapsed, decisions=decisions, games=games,
                         decisions_per_s=decisions / elapsed, games_per_s=games / elapsed, clone_us=clone_us)
