"""``medieval soak``: the conformance invariants over many random games of every game, on every core.

    medieval soak --games 1000000                  # every game, all player counts and variants
    medieval soak GAME --games 5000 --jobs 2 --state soak.json

Interrupt it at any time (Ctrl-C or SIGTERM): what is done is in the state file, and the same command
resumes it; a larger --games extends a finished soak. Not part of the test suite."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from medieval.agents.soak import GameProgress, Soak, SoakError, replay_command, run
from medieval.core.errors import MedievalError
from medieval.core.registry import list_games
from medieval.interfaces.common import CliError, output_file, positive_int, sigterm_as_interrupt, whole_number

#: The state file is written at most this often (and at the end or on an interrupt).
SAVE_EVERY = 2.0


def add_soak_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``soak`` command to an ``argparse`` subparsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "soak", help="check the engine contract over many random games (resumable, every core)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games_to_run", nargs="*", metavar="GAME", help="games to soak (default: all)")
    p.add_argument("--games", type=positive_int, default=1000, metavar="N",
                   help="random games per game, spread over its player counts and variants (1000)")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                   help="worker processes (default: number of CPUs)")
    p.add_argument("--state", default="soak-state.json", metavar="FILE",
                   help="the state file that makes the soak resumable (default soak-state.json)")
    p.add_argument("--seed", type=whole_number, default=0, help="game i of a game uses seed SEED+i (default 0)")
    p.add_argument("--chunk", type=positive_int, default=20, metavar="N", help="games per work unit (20)")
    p.add_argument("--full-every", type=positive_int, default=50, metavar="N",
                   help="every Nth game applies every legal action at every step (50)")
    p.set_defaults(func=run_soak)
    return p


def run_soak(args: argparse.Namespace, console: Console | None = None) -> int:
    console = console or Console()
    known = [spec.name for spec in list_games()]
    names = list(args.games_to_run) or known
    unknown = [n for n in names if n not in known]
    try:
        if unknown:
            raise SoakError(f"unknown game {', '.join(unknown)} (games: {', '.join(known)})")
        path = output_file(args.state, "--state")
        soak = Soak.load(path, seed=args.seed, chunk=args.chunk, full_every=args.full_every)
    except (MedievalError, CliError) as e:
        print(f"medieval soak: error: {e}", file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    interrupted = False
    columns = (TextColumn("[bold]{task.description:<16}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
               TextColumn("{task.fields[decisions]:>14,} decisions"),
               TextColumn("[red]{task.fields[violations]}[/] violations"), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console) as progress:
        tasks: dict[str, TaskID] = {}
        for name in names:
            p = soak.progress.setdefault(name, GameProgress())
            tasks[name] = progress.add_task(name, total=args.games, completed=min(p.games, args.games),
                                            decisions=p.decisions, violations=p.violations)
        last_save = time.monotonic()

        def on_result(result: dict[str, Any]) -> None:
            nonlocal last_save
            p = soak.progress[result["game"]]
            progress.update(tasks[result["game"]], completed=min(p.games, args.games), decisions=p.decisions,
                            violations=p.violations)
            for v in result["violations"]:
                progress.console.print(f"[red]violation[/] {v['game']} {v['players']}p {v['options'] or ''} "
                                       f"seed {v['seed']}: {v['error'].splitlines()[0]}")
            if time.monotonic() - last_save >= SAVE_EVERY:
                soak.save(path)
                last_save = time.monotonic()

        try:
            with sigterm_as_interrupt():
                run(soak, names, args.games, jobs, on_result)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            soak.save(path)
    console.print(summary_table(soak, names))
    violations = [v for name in names for v in soak.progress[name].examples]
    for v in violations:
        console.print(f"[red]{v['game']} {v['players']}p seed {v['seed']}[/]: {v['error']}\n  again: "
                      f"{replay_command(v)}", soft_wrap=True)
    if interrupted:
        console.print(f"Interrupted: the state is saved in {path}; run the same command to resume.")
        return 130
    console.print(f"State saved in {path} ({jobs} process{'es' if jobs > 1 else ''}).")
    return 1 if any(soak.progress[n].violations for n in names) else 0


def summary_table(soak: Soak, names: list[str]) -> Table:
    """Games, decisions and violations per game and in all."""
    t = Table(box=box.SIMPLE_HEAD, title="Soak: conformance invariants over random games")
    for col in ("game", "games", "decisions", "violations"):
        t.add_column(col, justify="left" if col == "game" else "right")
    totals = [0, 0, 0]
    for name in names:
        p = soak.progress[name]
        row = [p.games, p.decisions, p.violations]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        t.add_row(name, *(f"{x:,}" for x in row))
    t.add_row("all", *(f"{x:,}" for x in totals), style="bold")
    return t
