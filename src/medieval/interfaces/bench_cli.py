"""``medieval bench``: engine speed per game, in rounds (``interfaces/bench.py`` measures), and with
``--baseline`` OpenSpiel's games and each game's tuned search measured beside ours, and the ratio table
against every game's speed targets (``GameSpec.speed``)."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

import medieval
from medieval.core import compiled
from medieval.core.registry import game_class
from medieval.interfaces import bench as benchmod
from medieval.interfaces.common import CliError, make_game, output_file, parse_options, positive_float, positive_int
from medieval.interfaces.terminal.screen import Screen


def add_bench_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure engine speed (random playouts, clone, view, to_json)")
    p.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    p.add_argument("--seconds", type=positive_float, default=0.5,
                   help="CPU seconds of random playouts (and of search) per game and round; each per-call "
                        "timing takes a quarter of that (default 0.5)")
    p.add_argument("--rounds", type=positive_int, default=11,
                   help="rounds: each figure is the median of its rounds, with their range (default 11)")
    p.add_argument("--players", type=positive_int, metavar="N", help="number of players (default: the game's)")
    p.add_argument("--baseline", action="store_true",
                   help="also measure OpenSpiel's games (if installed) and each game's tuned search, "
                        "interleaved with ours, and check every game's speed targets")
    p.add_argument("--markdown", action="store_true", help="print the tables as Markdown, with full ranges")
    p.add_argument("--json", metavar="FILE", help="write the numbers as JSON")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="measure the games under a rule option (repeatable), e.g. to compare variants")
    p.set_defaults(handler=cmd_bench)


def cmd_bench(args: argparse.Namespace, screen: Screen) -> int:
    names = [game_class(n).spec.name for n in args.games] or [s.name for s in medieval.list_games()]
    json_path = output_file(args.json, "--json") if args.json else None  # refused before measuring anything
    options = parse_options(args.option)
    for name in names:  # report a bad player count or option before measuring anything
        make_game(name, args.players, options)
    baseline: tuple[str, ...] = ()
    if args.baseline:
        if benchmod.openspiel_available():
            baseline = benchmod.BASELINE_GAMES
        else:
            screen.print(Text(f"OpenSpiel (pyspiel) is not installed, so there is no baseline; install it with "
                              f"'{benchmod.OPENSPIEL_HINT}' and run again.", style="yellow"))
    with screen.console.status("measuring...") as status:
        report = benchmod.run_bench(names, args.players, args.seconds, args.rounds, baseline, search=args.baseline,
                                    progress=lambda text: status.update(text), options=options)
    for side, error in report.failed.items():
        screen.print(Text(f"{side}: failed: {error}", style="red"))
    screen.print(f"Build: {compiled.describe()}")  # the optional compiled build changes every figure
    _print_games(screen, report, args.markdown)
    checks = benchmod.targets(report) if args.baseline else []
    if args.baseline:
        _print_baseline(screen, report, args.markdown)
        _print_targets(screen, checks, args.markdown)
    if json_path is not None:
        data = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
                "build": compiled.describe(), "compiled_modules": compiled.compiled_modules(),
                "clock": "process CPU time", "seconds": args.seconds, "rounds": args.rounds, "options": options,
                "games": [g.to_json() for g in report.games], "baseline": [b.to_json() for b in report.baselines],
                "targets": [c.to_json() for c in checks]}
        try:
            json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise CliError(f"cannot write {json_path}: {e.strerror or e}") from None
        screen.print(f"Results written to {json_path}")
    return 1 if report.failed else 0


def fmt(s: benchmod.Spread, digits: int = 0, full: bool = False) -> str:
    """``median ±x%`` (x: half the range, relative to the median), or with ``full`` ``median [low-high]``."""
    if math.isnan(s.median):
        return "-"
    f = f",.{digits}f"
    if full:
        return f"{s.median:{f}} [{s.low:{f}}-{s.high:{f}}]"
    half = (s.high - s.low) / 2 / s.median * 100 if s.median else 0.0
    return f"{s.median:{f}} ±{half:.0f}%"


Rows = list[list[str]]


def _show(screen: Screen, markdown: bool, title: str, columns: tuple[str, ...], rows: Rows) -> None:
    left = ("game", "ours", "figure", "met")
    if markdown:
        lines = [f"{title}:", "", "| " + " | ".join(columns) + " |",
                 "|" + "|".join("---" if c in left else "---:" for c in columns) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        screen.print(Text("\n".join(lines) + "\n"), soft_wrap=True)
        return
    table = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left")
    for col in columns:
        table.add_column(col, justify="left" if col in left else "right")
    for row in rows:
        table.add_row(*row)
    screen.print(table)


def _print_games(screen: Screen, report: benchmod.BenchReport, md: bool) -> None:
    search = any("search_per_s" in g.samples for g in report.games)
    cols = ("game", "players", "decisions/s", "games/s", "clone µs", "view µs", "to_json µs")
    rows = []
    for g in report.games:
        row = [g.game, str(g.players), fmt(g.spread("decisions_per_s"), 0, md), fmt(g.spread("games_per_s"), 1, md),
               fmt(g.spread("clone_us"), 2, md), fmt(g.spread("view_us"), 1, md), fmt(g.spread("to_json_us"), 1, md)]
        if search:
            row.append(fmt(g.spread("search_per_s"), 0, md))
        rows.append(row)
    spread = "[range]" if md else "±half its range"
    _show(screen, md, f"Random playouts and per-call costs (mid-game positions), per CPU second: median {spread} "
                      f"of {report.rounds} rounds", (*cols, "search it/s") if search else cols, rows)


def _print_baseline(screen: Screen, report: benchmod.BenchReport, md: bool) -> None:
    if not report.baselines:
        return
    rows = [[b.game, fmt(b.spread("decisions_per_s"), 0, md), fmt(b.spread("games_per_s"), 1, md),
             fmt(b.spread("clone_us"), 2, md)] for b in report.baselines]
    _show(screen, md, "OpenSpiel baseline (same process, same loop, interleaved)",
          ("game", "decisions/s", "games/s", "clone µs"), rows)
    rows = [[g.game, *(fmt(g.ratio(b.game), 3, md) for b in report.baselines)] for g in report.games]
    _show(screen, md, "Our decisions/s ÷ OpenSpiel's, round by round (> 1: ours is faster)",
          ("ours", *(f"÷ {b.game}" for b in report.baselines)), rows)


def _print_targets(screen: Screen, checks: list[benchmod.TargetCheck], md: bool) -> None:
    if not checks:
        return
    rows = []
    for c in checks:
        digits = 3 if c.what.startswith("÷") else 2 if "µs" in c.what else 0
        met = {True: "yes", False: "NO", None: "not measured"}[c.met]
        rows.append([c.game, c.what, f"{'≥' if c.at_least else '≤'} {c.target:,g}", fmt(c.measured, digits, md), met])
    _show(screen, md, "Speed targets (GameSpec.speed), met on the median", ("game", "figure", "target", "measured",
                                                                          "met"), rows)
