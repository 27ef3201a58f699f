"""``medieval arena``: seat-rotated bot tournaments with win shares, 95% intervals and ratings.

    medieval arena GAME --bots ismcts:time=1,heuristic,random --games 200 --jobs 2 --seed 1

Wire it into the main CLI with ``add_arena_parser(subparsers)`` (it sets ``func=run_arena``); until
then ``python -m medieval.interfaces.arena_cli GAME --bots ...`` runs it on its own.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from medieval.agents.arena import (
    ArenaConfig,
    ArenaError,
    LevelsChanged,
    RunReport,
    Summary,
    default_out,
    read_results,
    run,
    summarize,
    write_summary,
)
from medieval.agents.batch import BatchError, split_bots
from medieval.agents.timing import format_seconds
from medieval.core.errors import MedievalError
from medieval.core.registry import make
from medieval.interfaces.common import CliError, output_folder, positive_int, sigterm_as_interrupt, whole_number

EPILOG = """\
bots: random, heuristic, ismcts:iters=2000, ismcts:time=1.0 (more ISMCTS parameters: docs/bots.md).
A bot listed several times takes several seats: --bots ismcts:time=1,heuristic,heuristic,heuristic.
The run's folder keeps one line per finished game: run the same command again to resume an
interrupted run, or with a larger --games to extend a finished one.
"""


def add_arena_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` command to an ``argparse`` subparsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "arena", help="seat-rotated bot tournament with win rates, intervals and ratings",
        description="Play seat-rotated games between bots and rate them.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(p)
    p.set_defaults(func=run_arena)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game name (see 'medieval games')")
    p.add_argument("--bots", action="append", nargs="+", required=True, metavar="BOT",
                   help="bots, comma- or space-separated (e.g. ismcts:time=1,heuristic,random)")
    run_arguments(p, 100)
    p.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                   help="import MODULE first, for bots it registers (e.g. medieval.interop.openspiel for "
                        "openspiel-ismcts); repeatable")
    p.add_argument("--max-decisions", type=positive_int, default=None, metavar="N",
                   help="a game still going after N decisions is reported as an error, not a result "
                        "(default: a million); for bots without a guard against endless turns")


def run_arguments(p: argparse.ArgumentParser, games: int) -> None:
    """The arguments of a run of games (the arena's and the ladder's)."""
    p.add_argument("--games", type=positive_int, default=games, help=f"number of games (default {games})")
    p.add_argument("--players", type=positive_int, default=None, help="player count (default: the game's default)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="rule option (repeatable)")
    p.add_argument("--seed", type=whole_number, default=0, help="seed of game 0; game i uses seed+i (default 0)")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help=f"worker processes (default: every local core, {os.cpu_count()} here)")
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="spread the games over a Ray cluster (auto, ray://HOST:10001, or local); "
                        "needs the optional 'ray' extra")
    p.add_argument("--out", type=Path, default=None,
                   help="run folder for results.jsonl, summary.json, standings.csv, games.csv, created if "
                        "missing in a folder that exists (default: arena-runs/<game>-<players>p-s<seed>-<digest>)")
    p.add_argument("--fresh", action="store_true", help="discard the results already in the run folder")
    p.add_argument("--report", action="store_true",
                   help="play nothing: print the tables of the games already in the run folder (safe while "
                        "another process is playing the run) and write no file")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def options_of(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ArenaError(f"option {item!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def config_from_args(args: argparse.Namespace) -> ArenaConfig:
    bots = split_bots([piece for group in args.bots for piece in group])
    game = make(args.game, args.players, **options_of(args.option))
    return ArenaConfig(game=game.spec.name, players=game.players, options=dict(game.options),
                       bots=tuple(bots), games=args.games, seed=args.seed, plugins=tuple(args.plugin),
                       max_decisions=args.max_decisions)


def run_arena(args: argparse.Namespace) -> int:
    """Run the ``arena`` command. Exit codes: 0 done, 1 some games raised, 2 bad arguments,
    130 interrupted (the finished games are kept: run again to resume)."""
    err = Console(stderr=True)
    out_console = Console() if sys.stdout.isatty() else Console(width=200)
    try:
        config = config_from_args(args)
        out, report = play_run(config, args, err)
    except (BatchError, MedievalError, CliError) as e:
        err.print(Text.assemble(("medieval arena: error:", "red"), f" {e}"), highlight=False, soft_wrap=True)
        return 2
    summary = summarize(config, report.results)
    if args.report:
        out_console.print(standings_table(summary))
        return finish(report, out, [], err)
    paths = write_summary(summary, report.results, out)
    out_console.print(standings_table(summary))
    return finish(report, out, [out / "results.jsonl", *paths], err)


def play_run(config: ArenaConfig, args: argparse.Namespace, err: Console) -> tuple[Path, RunReport]:
    """Play (or resume) a run in its folder (``--out`` or the default) with a progress bar on ``err``;
    bad arguments raise ArenaError."""
    if args.jobs is not None and args.jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    out: Path = output_folder(args.out, "--out") if args.out is not None else default_out(config)
    if args.report:
        if args.fresh:
            raise ArenaError("--report reads the run folder and --fresh empties it: give one of them")
        try:
            done = read_results(out, config)
        except LevelsChanged as e:  # a closed run: its games, with the levels they were played with
            config = replace(config, levels=e.then)
            done = read_results(out, config)
            err.print(f"[yellow]note:[/] this run was played with levels defined otherwise than now ({e.changed}); "
                      "the tables show the levels it was played with", highlight=False, soft_wrap=True)
        return out, RunReport(out, config, [done[i] for i in sorted(done) if i < config.games],
                              resumed=len(done))
    if out.exists() and not out.is_dir():
        raise ArenaError(f"{out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ArenaError(f"cannot create the run folder {out}: {e.strerror or e}") from e
    progress = Progress(TextColumn(f"[bold]{config.game}[/] {config.players}p"), BarColumn(),
                        MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn(),
                        TextColumn("eta"), TimeRemainingColumn(), console=err, disable=args.no_progress,
                        transient=False)
    task = progress.add_task("arena", total=config.games)

    def on_progress(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    with progress, sigterm_as_interrupt():
        report = run(config, out, jobs=args.jobs, ray_address=args.ray, fresh=args.fresh, on_progress=on_progress)
    return out, report


def finish(report: RunReport, out: Path, written: Sequence[Path], err: Console) -> int:
    """Report what was resumed, failed and written; the exit code of a run."""
    if not written:  # --report
        err.print(f"{len(report.results)} of {report.config.games} games in {out} so far; nothing played, "
                  "no file written", highlight=False, soft_wrap=True)
        return 0
    if report.resumed:
        err.print(f"resumed: {report.resumed} games were already in {out}", highlight=False)
    for failed in report.errors[:5]:
        err.print(f"[red]game {failed['index']} (seed {failed['seed']}) raised:[/] {failed['error']}",
                  highlight=False)
    err.print(f"wrote {', '.join(str(p) for p in written)}", highlight=False)
    if report.interrupted:
        err.print(f"[yellow]interrupted[/] after {len(report.results)} of {report.config.games} games; "
                  "run the same command again to resume", highlight=False)
        return 130
    return 1 if report.errors else 0


def standings_table(summary: Summary) -> Table:
    c = summary.config
    played = f"{summary.games} games" if summary.games == c.games else f"{summary.games} of {c.games} games"
    title = f"{c.game}, {c.players} players, {played} (seeds {c.seed}..{c.seed + c.games - 1}), seat-rotated"
    t = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    t.add_column("bot")
    t.add_column("seats", justify="right")
    t.add_column("win share [95% CI]", justify="right", no_wrap=True)
    t.add_column("x fair [95% CI]", justify="right", no_wrap=True)
    t.add_column("score", justify="right")
    t.add_column("rating [95% CI]", justify="right", no_wrap=True)
    t.add_column("CPU s/move p95 | max", justify="right", no_wrap=True)
    t.add_column("wall p95 | max", justify="right", no_wrap=True)
    t.add_column("max / budget", justify="right", no_wrap=True)
    for r in summary.rows:
        rating = f"{r.rating.mu:.1f} [{r.rating.low:.1f}, {r.rating.high:.1f}]"
        tm = r.times
        over = r.over_budget
        budget = "" if r.budget is None or over is None else f"{over:.2f} ({r.budget[0]:g} s {r.budget[1]})"
        t.add_row(r.bot, str(r.seats), f"{r.share:.1%} [{r.low:.1%}, {r.high:.1%}]",
                  f"{r.vs_fair:.2f} [{r.low / r.fair:.2f}, {r.high / r.fair:.2f}]", f"{r.mean_score:.2f}",
                  rating, f"{format_seconds(tm.cpu_quantile(0.95))} | {format_seconds(tm.cpu_max)}",
                  f"{format_seconds(tm.wall_quantile(0.95))} | {format_seconds(tm.wall_max)}", budget)
    t.caption = ("seats: seat-games played; win share: mean of 1 per win, 1/k per win shared by k; "
                 "rating: Plackett-Luce fitted to all the games at once on OpenSkill's scale (mean 25), "
                 f"its interval a bootstrap over games ({summary.bootstrap} replicates)"
                 "; move times: decisions with a choice, the thread's CPU and the wall clock; max / budget: "
                 "the longest move on the budget's own clock")
    return t


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="medieval arena", description="Play seat-rotated games between bots "
                                     "and rate them.", epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(parser)
    args = parser.parse_args(argv)
    return run_arena(args)


if __name__ == "__main__":
    sys.exit(main())
