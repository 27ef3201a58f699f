"""The arena: seat-rotated tournaments between bots, with win shares, confidence intervals and ratings,
played by the batch runner (``agents/batch.py``: seeding, seating, processes and Ray are its business).

A run is defined by its game, player count, rule options, bot list and seed. Results are appended, one
JSON line per finished game, to ``results.jsonl`` in the run's folder as they arrive. Running the same run
again skips the games already in that file, so an interrupted run (Ctrl-C, a crash, a lost machine)
resumes where it stopped, and raising ``games`` extends a finished run. The summary (``summary.json``,
``standings.csv``, ``games.csv``) is rewritten from the whole file at the end.

List a bot several times to give it several seats (``ismcts,heuristic,heuristic,heuristic`` is one ISMCTS
against three heuristic bots, each seat taken by the ISMCTS in turn).
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from medieval.agents.base import make_agent
from medieval.agents.batch import Batch, BatchError, execute, load_plugins
from medieval.agents.levels import level_spec
from medieval.agents.ratings import BOOTSTRAP, Rating, fitted_ratings, ranks_of, wilson_interval
from medieval.agents.timing import MoveTimes
from medieval.core.registry import make
from medieval.core.rng import derive
from medieval.core.spec import OptionValue

RESULTS_FORMAT = "medieval/arena@1"
RESULTS_FILE = "results.jsonl"


class ArenaError(BatchError):
    """A run cannot start as asked (for instance: its folder holds another run)."""


class LevelsChanged(ArenaError):
    """The run folder holds this run, but its levels were defined otherwise when it was played: ``then``
    maps each level to the bot spec it stood for then, ``changed`` says what differs."""

    def __init__(self, message: str, then: dict[str, str], changed: str) -> None:
        super().__init__(message)
        self.then = then
        self.changed = changed


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    players: int
    options: dict[str, OptionValue]
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    #: Modules that register bots from outside ``medieval.agents`` (not part of the run's identity).
    plugins: tuple[str, ...] = ()
    #: A game still going after this many decisions is an error of the run (not part of its identity:
    #: it changes no finished game). Default: the match loop's cap.
    max_decisions: int | None = None
    #: The bot spec each level stood for when the run was played, where that is not today's (``--report``
    #: reading a run whose levels were redefined since); None: today's.
    levels: dict[str, str] | None = None

    def header(self) -> dict[str, Any]:
        """What identifies the run in its results file (``games`` may grow between sessions). Bots named
        by level also record the spec each level stands for in this game, so that a run is not resumed
        with levels that changed meanwhile."""
        header: dict[str, Any] = {"format": RESULTS_FORMAT, "game": self.game, "players": self.players,
                                  "options": dict(self.options), "bots": list(self.bots), "seed": self.seed}
        specs = self.level_specs()
        if specs:
            header["levels"] = specs
        return header

    def level_specs(self) -> dict[str, str]:
        """The bot spec each bot named by level stands for in this run: ``levels`` if given (the run's as it
        was played), else today's in the run's game; empty without levels."""
        if self.levels is not None:
            return dict(self.levels)
        if not any(level_spec(b) is not None for b in self.bots):
            return {}
        game = make(self.game, self.players, **self.options)
        return {b: spec for b in self.bots if (spec := level_spec(b, game)) is not None}

    @property
    def batch(self) -> Batch:
        return Batch(self.game, self.players, dict(self.options), self.bots, self.games, self.seed,
                     plugins=self.plugins, max_decisions=self.max_decisions)

    def task(self, index: int) -> dict[str, Any]:
        return self.batch.task(index)


# ------------------------------------------------------------------------------------ the results file
def results_path(out: Path) -> Path:
    return out / RESULTS_FILE


def load_results(out: Path, config: ArenaConfig) -> dict[int, dict[str, Any]]:
    """Finished games already in the run's results file (creating the file with its header if new).
    A torn last line (a run killed while writing) is dropped; errors are not kept, so they replay."""
    path = results_path(out)
    if not path.exists() or path.stat().st_size == 0:
        out.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            f.write(json.dumps(config.header()) + "\n")
        return {}
    raw = path.read_bytes()
    keep = raw[: raw.rfind(b"\n") + 1]  # drop a torn last line
    done = _parse_results(path, keep, config)
    if len(keep) != len(raw):
        with path.open("wb") as f:
            f.write(keep)
    return done


def read_results(out: Path, config: ArenaConfig) -> dict[int, dict[str, Any]]:
    """The finished games in the run's results file, changing nothing: safe while another process is
    playing the run (a line it is still writing is left out)."""
    path = results_path(out)
    if not path.is_file() or path.stat().st_size == 0:
        raise ArenaError(f"no games in {out} yet: {path.name} is missing")
    raw = path.read_bytes()
    return _parse_results(path, raw[: raw.rfind(b"\n") + 1], config,
                          "give the arguments the run was started with to read it")


def _parse_results(path: Path, keep: bytes, config: ArenaConfig,
                   hint: str = "use another --out folder or --fresh to start over") -> dict[int, dict[str, Any]]:
    lines = keep.decode("utf-8").splitlines()
    try:
        found = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        found = None
    header = config.header()
    if found != header:
        if isinstance(found, dict) and "levels" in found and {**found, "levels": None} == {**header, "levels": None}:
            changed = ", ".join(f"{name} was {spec} and is now {header['levels'].get(name)}"
                                for name, spec in found["levels"].items() if header["levels"].get(name) != spec)
            raise LevelsChanged(f"{path} holds this run, played with levels defined otherwise than now ({changed}): "
                                f"its games cannot go on with today's levels; start the run again in another "
                                f"--out folder (--report shows its games with the levels they were played with)",
                                dict(found["levels"]), changed)
        raise ArenaError(f"{path} holds another run ({_describe(found)}); {hint}")
    done: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "error" not in r and isinstance(r.get("index"), int):
            done[r["index"]] = r
    return done


#: The file a playing run holds locked in its folder (``run_folder_lock``).
LOCK_FILE = ".playing"


class RunFolderBusy(ArenaError):
    """Another process is playing a run in the folder."""


@contextlib.contextmanager
def run_folder_lock(out: Path) -> Iterator[None]:
    """Hold ``out`` for this process while it plays. A second run there would play the same games again,
    or with ``--fresh`` delete the results the first is still writing: it is refused instead. The lock is
    the operating system's (``flock``), so it ends with the process however the process ends. Where
    ``fcntl`` does not exist (Windows) runs are not locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise RunFolderBusy(f"another run is playing in {out} (process {holder}): wait for it to end, or "
                                "read its games so far with --report") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        try:
            yield
        finally:
            os.ftruncate(fd, 0)
    finally:
        os.close(fd)  # (releases the lock)


def _describe(header: Any) -> str:
    if not isinstance(header, dict):
        return "not an arena results file"
    return (f"{header.get('game')} with {header.get('players')} players, bots {header.get('bots')}, "
            f"seed {header.get('seed')}, options {header.get('options')}")


def default_out(config: ArenaConfig) -> Path:
    """``arena-runs/<game>-<players>p-s<seed>-<digest of bots and options>``: the same command resumes."""
    digest = derive(0, json.dumps([config.bots, config.options], sort_keys=True)).getrandbits(32)
    return Path("arena-runs") / f"{config.game}-{config.players}p-s{config.seed}-{digest:08x}"


# ----------------------------------------------------------------------------------------- running
ProgressHook = Callable[[int, int], None]
ResultHook = Callable[[dict[str, Any]], None]


@dataclass
class RunReport:
    out: Path
    config: ArenaConfig
    results: list[dict[str, Any]]  # finished games in index order
    errors: list[dict[str, Any]] = field(default_factory=list)
    played_now: int = 0
    resumed: int = 0
    interrupted: bool = False
    seconds: float = 0.0


def run(config: ArenaConfig, out: Path, *, jobs: int | None = None, ray_address: str | None = None,
        fresh: bool = False, on_progress: ProgressHook | None = None,
        on_result: ResultHook | None = None) -> RunReport:
    """Play the games of ``config`` not yet in ``out``; return every finished game. Ctrl-C (or a
    KeyboardInterrupt raised by ``on_result``) stops early with what is saved kept for a resume."""
    config.batch.check()  # fail early on a bad game, option or bot
    with run_folder_lock(out):
        return _play(config, out, jobs, ray_address, fresh, on_progress, on_result)


def _play(config: ArenaConfig, out: Path, jobs: int | None, ray_address: str | None, fresh: bool,
          on_progress: ProgressHook | None, on_result: ResultHook | None) -> RunReport:
    if fresh and results_path(out).exists():
        results_path(out).unlink()
    done = load_results(out, config)
    resumed = sum(1 for i in done if i < config.games)
    todo = [config.task(i) for i in range(config.games) if i not in done]
    report = RunReport(out, config, [], resumed=resumed)
    start = time.perf_counter()
    total = config.games
    finished = resumed
    if on_progress is not None:
        on_progress(finished, total)
    path = results_path(out)
    with path.open("a", encoding="utf-8") as f, contextlib.closing(execute(todo, jobs, ray_address)) as results:
        try:
            for result in results:
                f.write(json.dumps(result) + "\n")
                f.flush()
                if "error" in result:
                    report.errors.append(result)
                else:
                    done[result["index"]] = result
                    report.played_now += 1
                finished += 1
                if on_progress is not None:
                    on_progress(finished, total)
                if on_result is not None:
                    on_result(result)
        except KeyboardInterrupt:
            report.interrupted = True
    report.results = [done[i] for i in sorted(done) if i < config.games]
    report.seconds = time.perf_counter() - start
    return report


# ----------------------------------------------------------------------------------------- summary
@dataclass(frozen=True)
class BotRow:
    bot: str
    seats: int  # seat-games played
    wins: float  # shared wins count 1/k
    share: float
    low: float
    high: float
    fair: float  # the fair share, 1/players
    mean_score: float
    rating: Rating
    times: MoveTimes = field(default_factory=MoveTimes)
    budget: tuple[float, str] | None = None  # seconds a move, and the clock ("cpu" or "wall")

    @property
    def vs_fair(self) -> float:
        return self.share / self.fair

    @property
    def over_budget(self) -> float | None:
        """The longest move as a multiple of the budget, on the budget's clock (None without a budget)."""
        if self.budget is None or not self.times.moves:
            return None
        seconds, clock = self.budget
        return (self.times.cpu_max if clock == "cpu" else self.times.wall_max) / seconds

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"bot": self.bot, "seat_games": self.seats, "wins": self.wins,
                             "win_share": self.share, "ci95": [self.low, self.high],
                             "fair_share": self.fair, "x_fair": self.vs_fair,
                             "x_fair_ci95": [self.low / self.fair, self.high / self.fair],
                             "mean_score": self.mean_score}
        d["rating"] = {"mu": self.rating.mu, "ci95": [self.rating.low, self.rating.high]}
        t = self.times
        d["move_times"] = {"moves": t.moves, "cpu_mean": t.cpu_mean, "cpu_p95": t.cpu_quantile(0.95),
                           "cpu_max": t.cpu_max, "wall_p95": t.wall_quantile(0.95), "wall_max": t.wall_max,
                           "budget": None if self.budget is None else list(self.budget),
                           "max_over_budget": self.over_budget}
        return d


@dataclass(frozen=True)
class Summary:
    config: ArenaConfig
    games: int
    rows: list[BotRow]
    mean_decisions: float
    bootstrap: int = BOOTSTRAP  # replicates behind the rating intervals

    def to_json(self) -> dict[str, Any]:
        return {**self.config.header(), "games_requested": self.config.games, "games_played": self.games,
                "mean_decisions": self.mean_decisions, "standings": [r.to_json() for r in self.rows],
                "ratings": {"model": "Plackett-Luce fitted to all the games at once, on OpenSkill's scale",
                            "ci95": f"percentile bootstrap over games, {self.bootstrap} replicates"}}


def summarize(config: ArenaConfig, results: Sequence[dict[str, Any]], bootstrap: int = BOOTSTRAP) -> Summary:
    """Each bot's standing after ``results``: seat-games, win share with its Wilson interval, mean score,
    rating (``ratings.fitted_ratings``: the bootstrap's draws come from the run's seed, so a summary of the
    same games is the same) and move times; the rows sorted by rating, strongest first."""
    bots = list(dict.fromkeys(config.bots))
    seats = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    score = dict.fromkeys(bots, 0.0)
    times = {b: MoveTimes() for b in bots}
    rated: list[tuple[list[str], list[int]]] = []
    decisions = 0
    placings = make(config.game, config.players, **config.options).spec.placings
    for r in results:
        lineup = [config.bots[b] for b in r["seating"]]
        seat_times = r.get("times")
        for s, bot in enumerate(lineup):
            seats[bot] += 1
            wins[bot] += float(r["rewards"][s])
            score[bot] += float(r["scores"][s])
            if seat_times is not None:
                times[bot].merge(MoveTimes.from_json(seat_times[s]))
        rated.append((lineup, ranks_of(r["winners"], r["scores"], config.players, placings)))
        decisions += int(r.get("decisions", 0))
    ratings = fitted_ratings(rated, bots, bootstrap, seed=config.seed)
    fair = 1.0 / config.players
    budgets = bot_budgets(config)
    rows = []
    for b in bots:
        n = seats[b]
        low, high = wilson_interval(wins[b], n)
        rows.append(BotRow(b, n, wins[b], wins[b] / n if n else 0.0, low, high, fair,
                           score[b] / n if n else 0.0, ratings[b], times[b], budgets.get(b)))
    rows.sort(key=lambda r: (-r.rating.mu, -r.share))
    return Summary(config, len(results), rows, decisions / len(results) if results else 0.0, bootstrap)


def bot_budgets(config: ArenaConfig) -> dict[str, tuple[float, str] | None]:
    """Each bot's time budget a move in the run's game (None for bots without one)."""
    game = make(config.game, config.players, **config.options)
    load_plugins(config.plugins)
    specs = config.level_specs()
    return {b: make_agent(specs.get(b, b), 0, game).budget(game) for b in dict.fromkeys(config.bots)}


def write_summary(summary: Summary, results: Sequence[dict[str, Any]], out: Path) -> list[Path]:
    """Write ``summary.json``, ``standings.csv`` and ``games.csv``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "summary.json", out / "standings.csv", out / "games.csv"]
    paths[0].write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
    with paths[1].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", "seat_games", "wins", "win_share", "ci95_low", "ci95_high", "fair_share",
                    "x_fair", "mean_score", "rating", "rating_ci95_low", "rating_ci95_high", "moves",
                    "cpu_mean_s", "cpu_p95_s", "cpu_max_s", "wall_p95_s", "wall_max_s", "budget_s", "budget_clock",
                    "max_over_budget"])
        for row in summary.rows:
            rt = row.rating
            t = row.times
            over = row.over_budget
            w.writerow([row.bot, row.seats, _num(row.wins), _num(row.share), _num(row.low), _num(row.high),
                        _num(row.fair), _num(row.vs_fair), _num(row.mean_score), _num(rt.mu),
                        _num(rt.low), _num(rt.high), t.moves,
                        _num(t.cpu_mean), _num(t.cpu_quantile(0.95)), _num(t.cpu_max), _num(t.wall_quantile(0.95)),
                        _num(t.wall_max), "" if row.budget is None else _num(row.budget[0]),
                        "" if row.budget is None else row.budget[1], "" if over is None else _num(over)])
    config = summary.config
    with paths[2].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["index", "seed", *[f"seat{s}" for s in range(config.players)], "winners",
                    *[f"score{s}" for s in range(config.players)], "termination", "decisions", "seconds"])
        for r in results:
            w.writerow([r["index"], r["seed"], *[config.bots[b] for b in r["seating"]],
                        " ".join(map(str, r["winners"])), *[_num(x) for x in r["scores"]],
                        r.get("termination", ""), r.get("decisions", ""), r.get("seconds", "")])
    return paths


def _num(x: float) -> str:
    return f"{x:.6g}"
