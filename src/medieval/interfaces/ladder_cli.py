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
from typing import Any

from rich.console import Console
from rich.text import Text

from medieval.agents.arena import summarize, write_summary
from medieval.agents.batch import BatchError
from medieval.agents.ladder import analyse, ladder_config, markdown
from medieval.agents.levels import NAMES
from medieval.agents.ratings import BOOTSTRAP
from medieval.core.errors import MedievalError
from medieval.interfaces.arena_cli import finish, options_of, play_run, run_arguments
from medieval.interfaces.common import CliError, positive_int

EPILOG = """\
The levels play every seat in turn (with fewer seats than levels, every ordered choice of levels for the
seats). Each level is the bot the game defines for it (medieval games; docs/bots.md). Run the same
command again to resume an interrupted run, or with a larger --games to extend a finished one.
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


def run_ladder(args: argparse.Namespace) -> int:
    """Run the ``ladder`` command (exit codes as ``arena``'s)."""
    err = Console(stderr=True)
    try:
        config = ladder_config(args.game, args.players, options_of(args.option),
                               [lv for lv in args.levels.split(",") if lv.strip()], args.games, args.seed)
        out, report = play_run(config, args, err)
    except (BatchError, MedievalError, CliError) as e:
        err.print(Text.assemble(("medieval ladder: error:", "red"), f" {e}"), highlight=False, soft_wrap=True)
        return 2
    ladder = analyse(config, report.results, args.bootstrap, seed=config.seed)
    text = markdown(ladder, command=_command(args))
    if args.report:
        sys.stdout.write(text)
        sys.stdout.flush()
        return finish(report, out, [], err)
    paths = write_summary(summarize(config, report.results), report.results, out)
    (out / "ladder.md").write_text(text, encoding="utf-8")
    (out / "ladder.json").write_text(json.dumps(ladder.to_json(), indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(text)
    sys.stdout.flush()
    return finish(report, out, [out / "results.jsonl", out / "ladder.md", out / "ladder.json", *paths], err)


def _command(args: argparse.Namespace) -> str:
    parts = ["medieval", "ladder", args.game, "--levels", args.levels, "--games", str(args.games), "--seed",
             str(args.seed)]
    if args.players is not None:
        parts += ["--players", str(args.players)]
    for option in args.option:
        parts += ["--option", option]
    return " ".join(shlex.quote(p) for p in parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="medieval ladder", epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(parser)
    return run_ladder(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
