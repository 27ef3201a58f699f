"""The one batch runner: many seeded games of bots, in this process, in a pool of processes or on a Ray
cluster. ``medieval simulate`` (statistics per agent and per seat) and ``medieval arena`` (resumable
tournaments with ratings) are two views of the same runs.

A batch is its game, player count, rule options, bot list, seating and seed. Game ``i`` uses seed
``seed + i`` and every bot in it a seed derived from that and its seat (``bot_seed``), so a batch is
reproducible and its numbers do not depend on how many processes (or Ray workers) played it.

Seating: ``fixed`` puts bot ``k`` at seat ``k``; ``rotate`` turns the table one seat per game, so that
over ``players`` consecutive games every bot plays every seat. With fewer bots than seats the list is
repeated around the table and turned the same way; with more bots than seats the games cycle through
every ordered choice of bots for the seats (``rotate`` only).
"""

from __future__ import annotations

import importlib
import itertools
import math
import os
import signal
import time
import traceback
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from medieval.agents.base import make_agent
from medieval.agents.match import MAX_DECISIONS, play_match
from medieval.agents.timing import TimedAgent
from medieval.core.errors import InvalidOptionError
from medieval.core.registry import make
from medieval.core.rng import derive
from medieval.core.spec import OptionValue
from medieval.core.state import Game

Seating = Literal["fixed", "rotate"]


class BatchError(RuntimeError):
    """A batch cannot run as asked (a Ray cluster out of reach, for instance)."""


def split_bots(items: str | Iterable[str]) -> list[str]:
    """Split bot lists on commas, keeping parameters with their bot:
    ``"ismcts:time=1,c=0.5,heuristic,random"`` -> ``["ismcts:time=1,c=0.5", "heuristic", "random"]``.
    A piece with ``=`` and no ``:`` continues the parameters of the bot before it."""
    texts = [items] if isinstance(items, str) else list(items)
    bots: list[str] = []
    for text in texts:
        for raw in text.split(","):
            piece = raw.strip()
            if not piece:
                continue
            if "=" in piece and ":" not in piece:
                if not bots:
                    raise InvalidOptionError(f"bot parameter {piece!r} does not follow a bot name")
                bots[-1] += "," + piece
            else:
                bots.append(piece)
    if not bots:
        raise InvalidOptionError("no bots given")
    return bots


def seating(n_bots: int, players: int, index: int, mode: Seating = "rotate") -> tuple[int, ...]:
    """Which bot (its index in the bot list) sits at each seat in game ``index``."""
    if mode == "fixed":
        return tuple(k % n_bots for k in range(players))
    if n_bots <= players:
        # seat k holds bot (k - index) mod n_bots: with one bot per seat, bot j sits at seat
        # (j + index) % players; with fewer bots than seats the list goes round the table
        return tuple((k - index) % n_bots for k in range(players))
    count = math.perm(n_bots, players)
    if count <= 20_000:
        return next(itertools.islice(itertools.permutations(range(n_bots), players), index % count, None))
    return tuple(derive(index, "seating", n_bots, players).sample(range(n_bots), players))


def bot_seed(game_seed: int, seat: int) -> int:
    return derive(game_seed, "bot", seat).getrandbits(63)


@dataclass(frozen=True)
class Batch:
    game: str
    players: int
    options: dict[str, OptionValue]
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    seating: Seating = "rotate"
    keep_records: bool = False
    #: Modules the workers import before building the bots: bots that register themselves from outside
    #: ``medieval.agents`` (``medieval.interop.openspiel``'s, for instance).
    plugins: tuple[str, ...] = ()
    #: A game not over after this many decisions is reported as an error (``MatchAborted``) instead of
    #: played on (default: the match loop's own cap, a million): a bot that keeps its own turn going for
    #: ever would otherwise hold a worker for days.
    max_decisions: int | None = None

    def task(self, index: int) -> dict[str, Any]:
        """Everything a worker needs to play game ``index`` (JSON-safe: it travels to processes and Ray)."""
        task = {"game": self.game, "players": self.players, "options": dict(self.options),
                "bots": list(self.bots), "index": index, "seed": self.seed + index,
                "seating": list(seating(len(self.bots), self.players, index, self.seating)),
                "records": self.keep_records}
        if self.plugins:
            task["plugins"] = list(self.plugins)
        if self.max_decisions is not None:
            task["max_decisions"] = self.max_decisions
        return task

    def check(self) -> None:
        """Fail early on a bad game, option, bot, plugin or game count."""
        if self.games < 0:
            raise InvalidOptionError("the number of games must be >= 0")
        if self.max_decisions is not None and self.max_decisions < 1:
            raise InvalidOptionError("the decision cap must be >= 1")
        game = make(self.game, self.players, **self.options)
        load_plugins(self.plugins)
        for spec in set(self.bots):
            make_agent(spec, 0, game)


def load_plugins(modules: Iterable[str]) -> None:
    """Import the modules that register bots (a missing one is a clear error)."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise InvalidOptionError(f"cannot load the bot plugin {module!r}: {e}") from None


_GAMES: dict[str, Game[Any]] = {}


def _game(task: dict[str, Any]) -> Game[Any]:
    key = repr((task["game"], task["players"], sorted(task["options"].items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make(task["game"], task["players"], **task["options"])
    return game


def play_task(task: dict[str, Any]) -> dict[str, Any]:
    """Play one game of a batch and return its result (errors are reported, not raised)."""
    index = int(task["index"])
    seed = int(task["seed"])
    seats: list[int] = list(task["seating"])
    start = time.perf_counter()
    try:
        load_plugins(task.get("plugins", ()))
        game = _game(task)
        agents = [TimedAgent(make_agent(task["bots"][b], bot_seed(seed, s), game)) for s, b in enumerate(seats)]
        for agent in agents:
            agent.prepare(game)
        result = play_match(game, agents, seed, max_decisions=int(task.get("max_decisions", MAX_DECISIONS)))
        out = result.outcome
        done: dict[str, Any] = {
            "index": index, "seed": seed, "seating": seats, "winners": list(out.winners),
            "scores": list(out.scores), "rewards": [out.reward(s) for s in range(game.players)],
            "termination": out.termination, "decisions": result.decisions,
            "seconds": round(time.perf_counter() - start, 3),
            "times": [agent.times.to_json() for agent in agents]}
        if task.get("records"):
            record = result.state.record()
            record["seats"] = [task["bots"][b] for b in seats]
            done["record"] = record
        return done
    except Exception as e:
        return {"index": index, "seed": seed, "seating": seats,
                "error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc(limit=8)}


Worker = Callable[[dict[str, Any]], dict[str, Any]]


def execute(tasks: list[dict[str, Any]], jobs: int | None = None, ray_address: str | None = None, *,
            ordered: bool = False, worker: Worker = play_task) -> Generator[dict[str, Any], None, None]:
    """Run ``worker`` (a module-level function, default: play one game of a batch) on every task, on
    ``jobs`` processes (default: one per core) or on a Ray cluster, yielding each result as it arrives
    (in task order with ``ordered``: every result then has the ``index`` of its task)."""
    if not tasks:
        return
    if ray_address is not None:
        results: Iterator[dict[str, Any]] = _execute_ray(tasks, ray_address, worker)
        if ordered:
            results = iter(sorted(results, key=lambda r: int(r["index"])))
        yield from results
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(tasks) == 1:
        for task in tasks:
            yield worker(task)
        return
    import multiprocessing

    pool = multiprocessing.get_context().Pool(min(jobs, len(tasks)), initializer=_worker_init)
    chunk = max(1, min(50, len(tasks) // (jobs * 8))) if ordered else 1
    try:
        if ordered:
            yield from pool.imap(worker, tasks, chunksize=chunk)
        else:
            yield from pool.imap_unordered(worker, tasks, chunksize=chunk)
    except BaseException:  # interrupted (or the consumer stopped): end the workers now
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _worker_init() -> None:
    # Ctrl-C goes to the whole process group: the parent saves what is done and ends the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a parent's SIGTERM handler (the CLI turns SIGTERM into an interrupt) is not the workers' business
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _execute_ray(tasks: list[dict[str, Any]], address: str, worker: Worker) -> Iterator[dict[str, Any]]:
    """Spread the games over a Ray cluster (``address``: ``auto``, ``ray://host:10001``, or ``local``
    to start a private local instance). Ray is an optional extra, imported here only."""
    import importlib

    try:
        # imported by name so that type checking does not depend on the optional extra
        ray: Any = importlib.import_module("ray")
    except ImportError as e:
        raise BatchError("--ray needs Ray: pip install 'medieval[ray]'") from e
    started = not ray.is_initialized()
    if started:
        kwargs: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
        if address != "local":
            kwargs["address"] = address
        ray.init(**kwargs)
    remote = ray.remote(num_cpus=1)(worker)
    pending: list[Any] = []
    try:
        width = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        queue = list(reversed(tasks))
        while queue or pending:
            while queue and len(pending) < width:
                pending.append(remote.remote(queue.pop()))
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
