"""``medieval ladder``: a game's bot levels in a seat-rotated round-robin, rated, with 95% intervals from
a bootstrap over games and the head-to-head result of each pair of adjacent levels, as markdown.

    medieval ladder GAME --games 400 --jobs 2 --seed 1

The run is an arena run whose bots are the levels (its folder resumes and extends the same way); the
tables go to the standard output and to ``ladder.md`` and ``ladder.json`` in the run folder.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from medieval.agents.arena import ArenaConfig, RunReport, summarize, write_summary
from medieval.agents.batch import BatchError
from medieval.agents.ladder import (
    LOOK_GAMES,
    analyse,
    ladder_config,
    look_every,
    markdown,
    seating_cycle,
    settled,
    stopping_point,
)
from medieval.agents.levels import NAMES
from medieval.agents.ratings import BOOTSTRAP
from medieval.core.errors import MedievalError
from medieval.interfaces.arena_cli import finish, options_of, play_run, run_arguments
from medieval.interfaces.common import CliError, positive_int

EPILOG = """\
The levels play every seat in turn (with fewer seats than levels, every ordered choice of levels for the
seats). Each level is the bot the game defines for it (medieval games; docs/bots.md). Run the same
command again to resume an interrupted run, or with a larger --games to extend a finished one.

With --stop-early the run looks at its games every --look-every games and stops at the first look where
every adjacent pair is apart by a stricter bar (3.29 standard errors in place of 1.96), so that the
repeated looks do not make a false "apart" likelier; otherwise it plays all --games and judges them as
without looks.
"""


def add_ladder_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``ladder`` command to an ``argparse`` subparsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "ladder", help="the bot levels of a game against each other: ratings and adjacent head-to-heads",
        description="Play the bot levels of a game against each other, seats rotated, and show how far "
                    "apart they are.", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(p)
    p.set_defaults(func=run_ladder)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game name (see 'medieval games')")
    p.add_argument("--levels", default=",".join(NAMES),
                   help=f"levels, lowest first, comma-separated (default {','.join(NAMES)})")
    run_arguments(p, 200)
    p.add_argument("--bootstrap", type=positive_int, default=BOOTSTRAP,
                   help=f"bootstrap replicates for the rating intervals (default {BOOTSTRAP})")
    p.add_argument("--stop-early", action="store_true",
                   help="look at the games every --look-every games and stop once every adjacent pair is "
                        "apart by the stricter bar of an interim look")
    p.add_argument("--look-every", type=positive_int, default=None, metavar="N",
                   help="games between looks with --stop-early, a whole number of seating cycles (default: "
                        f"about {LOOK_GAMES})")


def config_from_args(args: argparse.Namespace) -> ArenaConfig:
    """The ladder's arena run as the command's arguments name it."""
    return ladder_config(args.game, args.players, options_of(args.option),
                         [lv for lv in args.levels.split(",") if lv.strip()], args.games, args.seed)


def run_ladder(args: argparse.Namespace) -> int:
    """Run the ``ladder`` command (exit codes as ``arena``'s)."""
    err = Console(stderr=True)
    try:
        config = config_from_args(args)
        every = _look_every(config, args)
        if every is not None and not args.report:
            out, report, stopped = _play_with_looks(config, every, args, err)
        else:
            out, report = play_run(config, args, err)
            config = report.config  # (--report on a run played with other levels: the run's own)
            stopped = None if every is None else stopping_point(config, report.results, every, args.bootstrap,
                                                                 seed=config.seed)
    except (BatchError, MedievalError, CliError) as e:
        err.print(Text.assemble(("medieval ladder: error:", "red"), f" {e}"), highlight=False, soft_wrap=True)
        return 2
    results = report.results if stopped is None else [r for r in report.results if r["index"] < stopped]
    ladder = analyse(config, results, args.bootstrap, seed=config.seed, stopped_early=stopped is not None)
    text = markdown(ladder, command=_command(args))
    if args.report:
        sys.stdout.write(text)
        sys.stdout.flush()
        return finish(report, out, [], err)
    paths = write_summary(summarize(config, results), results, out)
    (out / "ladder.md").write_text(text, encoding="utf-8")
    (out / "ladder.json").write_text(json.dumps(ladder.to_json(), indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(text)
    sys.stdout.flush()
    return finish(report, out, [out / "results.jsonl", out / "ladder.md", out / "ladder.json", *paths], err)


def _look_every(config: ArenaConfig, args: argparse.Namespace) -> int | None:
    """Games between looks (None without --stop-early); bad values raise CliError."""
    if args.look_every is not None and not args.stop_early:
        raise CliError("--look-every is for --stop-early")
    if not args.stop_early:
        return None
    if args.look_every is None:
        return look_every(config)
    cycle = seating_cycle(config)
    if args.look_every % cycle:
        raise CliError(f"--look-every must be a whole number of seating cycles ({cycle} games here: every level "
                       f"in every seat as often), not {args.look_every}")
    return int(args.look_every)


def _play_with_looks(config: ArenaConfig, every: int, args: argparse.Namespace,
                     err: Console) -> tuple[Path, RunReport, int | None]:
    """Play the run up to each look in turn (a run of the first ``n`` games: the seeds and seats of the
    whole run) and stop at the first look that settles the ladder; the same command resumes it."""
    n = min(every, config.games)
    fresh = args.fresh
    played = 0
    while True:
        stage = replace(config, games=n)
        out, report = play_run(stage, argparse.Namespace(**{**vars(args), "fresh": fresh}), err)
        fresh = False
        played += report.played_now
        # (what this command played, over all its looks; the rest was in the run folder already)
        whole = replace(report, config=config, played_now=played, resumed=len(report.results) - played)
        if report.interrupted or report.errors or n >= config.games:
            return out, whole, None
        if settled(analyse(stage, report.results, args.bootstrap, seed=config.seed)):
            err.print(f"every adjacent pair is apart after {n} games: stopping early", highlight=False)
            return out, whole, n
        n = min(n + every, config.games)


def _command(args: argparse.Namespace) -> str:
    parts = ["medieval", "ladder", args.game, "--levels", args.levels, "--games", str(args.games), "--seed",
             str(args.seed)]
    if args.players is not None:
        parts += ["--players", str(args.players)]
    for option in args.option:
        parts += ["--option", option]
    if args.stop_early:
        parts += ["--stop-early"] + ([] if args.look_every is None else ["--look-every", str(args.look_every)])
    return " ".join(shlex.quote(p) for p in parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="medieval ladder", epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(parser)
    return run_ladder(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
