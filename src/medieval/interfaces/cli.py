"""The ``medieval`` command: list games, read their rules, play, simulate, replay and benchmark.

Every user mistake (unknown game, bad option, bad seat, missing file) ends with one line on stderr and
exit code 2; the terminal UI never shows a traceback for bad input."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import medieval
from medieval.agents.base import available_agents, parse_spec, resolve_level
from medieval.agents.levels import LEVELS, own_levels
from medieval.core.errors import MedievalError
from medieval.core.registry import game_class
from medieval.core.rng import fresh_seed
from medieval.core.spec import GameSpec
from medieval.core.state import Game
from medieval.interfaces.bench_cli import add_bench_parser
from medieval.interfaces.common import (
    HUMAN,
    CliError,
    check_bot,
    load_record,
    make_game,
    non_negative_float,
    non_negative_int,
    output_file,
    parse_options,
    positive_int,
    resolve_players,
    split_seats,
    whole_number,
)
from medieval.interfaces.simulate import (
    GameResult,
    SimulationConfig,
    SimulationError,
    games_text,
    run_simulation,
    summary_lines,
    summary_tables,
)
from medieval.interfaces.terminal.play import PlaySession
from medieval.interfaces.terminal.renderers import how_to_play, legend
from medieval.interfaces.terminal.replay import Replay, default_seat, run_replay, show_final
from medieval.interfaces.terminal.screen import Screen

Handler = Callable[[argparse.Namespace, Screen], int]

EXAMPLES = """examples (GAME is a name listed by 'medieval games'):
  medieval games
  medieval rules GAME
  medieval play GAME --seats human,heuristic,heuristic,random --seed 7 --save game.json
  medieval play GAME --seats human,human,heuristic --hotseat
  medieval simulate GAME --games 10000 --seats heuristic,random,random,random --rotate
  medieval replay game.json
  medieval bench GAME --seconds 2 --baseline"""


def rules_document(spec: GameSpec) -> str | None:
    """A game's rules document (Markdown, shipped inside its package: ``GameSpec.parts.rules``)."""
    resource = spec.resource("rules")
    if resource is None or not resource.is_file():
        return None
    return resource.read_text(encoding="utf-8")


class _Parser(argparse.ArgumentParser):
    """argparse, with its complaints on one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ------------------------------------------------------------------------------------ helpers
def _has_heuristic(game: Game[Any]) -> bool:
    return type(game).has_heuristic()


def _check_seats(game: Game[Any], seats: Sequence[str], allow_human: bool) -> None:
    for spec in seats:
        if spec == HUMAN:
            if not allow_human:
                raise CliError("a simulation has no human seats: use bots (e.g. random, heuristic)")
            continue
        name, _ = parse_spec(resolve_level(spec))
        if name == "heuristic" and not _has_heuristic(game):
            raise CliError(f"{game.spec.display_name} has no heuristic bot yet (use random)")
        check_bot(spec)


def _setup_game(args: argparse.Namespace, default_seat: Callable[[Game[Any], int], list[str]]
                ) -> tuple[Game[Any], list[str]]:
    """The game and its seats from --seats / --players / --option."""
    seats = split_seats(args.seats) if args.seats else None
    options = parse_options(args.option)
    game_class(args.game)  # an unknown game is the first thing to report
    players = resolve_players(args.players, seats)
    game = make_game(args.game, players, options)
    if seats is None:
        seats = default_seat(game, game.players)
    return game, seats


def _play_seats(game: Game[Any], players: int) -> list[str]:
    bot = "heuristic" if _has_heuristic(game) else "random"
    return [HUMAN] + [bot] * (players - 1)


def _sim_seats(game: Game[Any], players: int) -> list[str]:
    return ["random"] * players


def _options_text(spec: GameSpec) -> Text:
    text = Text()
    for i, opt in enumerate(spec.options):
        if i:
            text.append("\n")
        text.append(opt.name, style="bold")
        text.append(f" = {opt.default}")
        if opt.choices:
            text.append(f" ({' | '.join(map(str, opt.choices))})", style="dim")
        elif opt.kind is bool:
            text.append(" (true | false)", style="dim")
        elif opt.minimum is not None or opt.maximum is not None:
            lo = "" if opt.minimum is None else opt.minimum
            hi = "" if opt.maximum is None else opt.maximum
            text.append(f" ({lo}..{hi})", style="dim")
    return text if spec.options else Text("none", style="dim")


def _bot_names() -> list[str]:
    return [HUMAN, *available_agents()]


# ------------------------------------------------------------------------------------ commands
def cmd_games(args: argparse.Namespace, screen: Screen) -> int:
    table = Table(title="Games", box=box.SIMPLE_HEAVY, title_justify="left", show_lines=True)
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("game")
    table.add_column("players", no_wrap=True)
    table.add_column("options (name = default (choices))")
    for spec in medieval.list_games():
        default = spec.default_players or spec.min_players
        players = f"{spec.min_players}-{spec.max_players}" if spec.max_players > spec.min_players \
            else str(spec.min_players)
        table.add_row(spec.name, Text.assemble((spec.display_name, "bold"), "\n", (spec.summary, "dim")),
                      f"{players} (default {default})", _options_text(spec))
    screen.print(table)
    screen.print(f"Seats: {', '.join(_bot_names())} (bots take parameters, e.g. ismcts:iters=2000)")
    screen.print("Levels: " + ", ".join(f"{lv.name} ({lv.spec})" for lv in LEVELS))
    own = []
    for spec in medieval.list_games():
        for count, named in sorted(own_levels(spec).items(), key=lambda kv: kv[0] or 0):
            where = spec.display_name if count is None else f"{spec.display_name} with {count} players"
            own.append(f"{where}: " + ", ".join(f"{name} ({bot})" for name, bot in named.items()))
    if own:
        screen.print("A game's own levels, in place of those: " + "; ".join(own))
    return 0


def rules_text(spec: GameSpec) -> str:
    """What ``medieval rules GAME`` shows (Markdown): how to play, the symbols of the terminal's pictures,
    the commands at a turn, then the full rules document (clauses, rulings, notation)."""
    players = f"{spec.min_players}-{spec.max_players}" if spec.max_players > spec.min_players else str(spec.min_players)
    parts = [f"# {spec.display_name}: how to play", "", f"*{spec.summary} ({players} players)*", ""]
    short = how_to_play(spec.name)
    if short:
        parts.append(short)
    symbols = legend(spec.name)
    if symbols:
        parts += ["", "## On the screen", ""]
        parts += [f"- `{symbol}` {meaning}" for symbol, meaning in symbols]
    parts += ["", "## At your turn", "", "Type a choice's number or its notation; `help` lists the commands, "
              "`help NAME` tells what a card or piece does, `legend` explains the symbols, `quit` leaves "
              "(and offers to save: `medieval play --load FILE` goes on later).", ""]
    if spec.options:
        parts += ["## Options", ""]
        parts += [f"- `{opt.name}` = {opt.default}: {opt.help}" for opt in spec.options]
        parts.append("")
    document = rules_document(spec)
    if document is not None:
        parts += ["---", "", "*The full rules document follows: every clause of the rulebook, our rulings "
                  "where it is silent, and where the code implements each.*", "", document]
    else:
        parts.append(f"*{spec.display_name} has no rules document in this installation.*")
    return "\n".join(parts)


def page(screen: Screen, renderable: Any) -> None:
    """Show ``renderable`` through the pager (``$PAGER``, else ``less -R``) when the output is a terminal,
    else print it."""
    console = screen.console
    if not console.is_terminal:
        screen.print(renderable)
        return
    with console.capture() as capture:
        console.print(renderable)
    text = capture.get()
    pager = os.environ.get("PAGER") or ("less -R" if shutil.which("less") else "")
    if not pager:
        console.file.write(text)
        return
    env = dict(os.environ)
    env.setdefault("LESS", "-R")
    try:
        proc = subprocess.Popen(pager, shell=True, stdin=subprocess.PIPE, env=env)
        assert proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.write(text.encode("utf-8", errors="replace"))
            proc.stdin.close()
        proc.wait()
    except OSError:
        console.file.write(text)


def cmd_rules(args: argparse.Namespace, screen: Screen) -> int:
    spec = game_class(args.game).spec
    page(screen, Markdown(rules_text(spec)))
    return 0


def cmd_play(args: argparse.Namespace, screen: Screen) -> int:
    if args.load:
        return _resume(args, screen)
    if not args.game:
        raise CliError("name a game to play (see 'medieval games'), or --load FILE to go on with a saved one")
    game, seats = _setup_game(args, _play_seats)
    _check_seats(game, seats, allow_human=True)
    hotseat_note = _check_humans(seats, args.hotseat)
    save = _save_path(args.save)
    seed = args.seed if args.seed is not None else fresh_seed()
    session = PlaySession(game, seats, screen, seed=seed, hotseat=args.hotseat, delay=args.delay, save=save,
                          notice=hotseat_note)
    return session.run()


def _check_humans(seats: Sequence[str], hotseat: bool) -> str | None:
    """Several humans need --hotseat; --hotseat with fewer than two humans does nothing: a note saying so
    (shown with the first screen), else None."""
    humans = list(seats).count(HUMAN)
    if humans > 1 and not hotseat:
        raise CliError(f"{humans} human seats need --hotseat (the players share this terminal and take turns)")
    if hotseat and humans < 2:
        return (f"--hotseat does nothing here: {'one seat is' if humans else 'no seat is'} human, so nobody "
                "passes the terminal.")
    return None


def _save_path(text: str | None) -> Path | None:
    return output_file(text, "--save") if text else None


def _resume(args: argparse.Namespace, screen: Screen) -> int:
    """``play --load FILE``: go on with a saved game, with its seats or the ones given; it is saved back
    to FILE (or to --save)."""
    path = Path(args.load).expanduser()
    if args.option or args.players is not None or args.seed is not None:
        raise CliError("--load takes the game, its options and its seed from the record: drop --option, "
                       "--players and --seed")
    record = load_record(path)
    try:
        state = medieval.replay(record)
    except MedievalError as e:
        raise CliError(f"{path} does not replay: {e}") from None
    game = state.game
    if args.game and game_class(args.game).spec.name != game.spec.name:
        raise CliError(f"{path} holds a game of {game.spec.display_name}, not {args.game}")
    if state.is_over:
        raise CliError(f"the game in {path} is over: watch it with 'medieval replay {path}'")
    recorded = record.get("seats")
    if args.seats:
        seats = split_seats(args.seats)
    elif isinstance(recorded, list) and all(isinstance(s, str) for s in recorded):
        seats = [str(s) for s in recorded]
    else:
        raise CliError(f"{path} does not say who sat where: give --seats (e.g. human,heuristic,...)")
    if len(seats) != game.players:
        raise CliError(f"this game has {game.players} players: --seats lists {len(seats)}")
    _check_seats(game, seats, allow_human=True)
    hotseat_note = _check_humans(seats, args.hotseat)
    save = _save_path(args.save) or path
    origin = record.get("origin")
    seed = origin.get("seed") if isinstance(origin, dict) else None
    session = PlaySession(game, seats, screen, seed=seed if isinstance(seed, int) else None, hotseat=args.hotseat,
                          delay=args.delay, save=save, state=state,
                          notice=f"Resumed from {path} at move {len(state.history) + 1}; it is saved back to "
                                 f"{save}." + (f" {hotseat_note}" if hotseat_note else ""))
    return session.run()


def cmd_simulate(args: argparse.Namespace, screen: Screen) -> int:
    game, seats = _setup_game(args, _sim_seats)
    _check_seats(game, seats, allow_human=False)
    jobs = args.jobs or os.cpu_count() or 1
    config = SimulationConfig(game=game.spec.name, players=game.players, options=dict(game.options),
                              seats=tuple(seats), games=args.games, seed=args.seed, rotate=args.rotate,
                              keep_records=bool(args.save))
    out: IO[str] | None = None
    if args.save:
        save = output_file(args.save, "--save")
        try:
            out = open(save, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise CliError(f"cannot write {args.save}: {e.strerror or e}") from None
    console = screen.console
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
               TimeElapsedColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{game.spec.name} x{jobs}", total=config.games)

            def on_result(r: GameResult) -> None:
                progress.advance(task)
                if out is not None and r.record is not None:
                    out.write(json.dumps(r.record, separators=(",", ":")) + "\n")

            summary = run_simulation(config, jobs, on_result=on_result)
    except SimulationError as e:
        print(f"medieval simulate: {e}", file=sys.stderr)
        return 1
    finally:
        if out is not None:
            out.close()
    for table in summary_tables(summary):
        screen.print(table)
    for line in summary_lines(summary):
        screen.print(line)
    screen.print(f"{games_text(summary.games)} in {summary.elapsed:.2f} s: {summary.games_per_second:.1f} games/s "
                 f"on {summary.processes} process{'es' if summary.processes > 1 else ''}")
    if args.save:
        screen.print(Text(f"Records saved to {args.save} (one per line; medieval replay {args.save} --index I)"))
    return 0


def cmd_replay(args: argparse.Namespace, screen: Screen) -> int:
    record = load_record(Path(args.file), args.index)
    seat = None if args.spectator else args.seat if args.seat is not None else default_seat(record)
    try:
        replay = Replay(record, seat)
    except (KeyError, TypeError, AttributeError, IndexError) as e:  # malformed fields the engine did not expect
        raise CliError(f"{args.file} is not a valid game record ({type(e).__name__}: {e})") from None
    if args.to_end:
        show_final(replay, screen)
        return 0
    return run_replay(replay, screen)


# ------------------------------------------------------------------------------------ parser
def _add_game_setup(p: argparse.ArgumentParser, seats_help: str, optional_game: bool = False) -> None:
    if optional_game:
        p.add_argument("game", nargs="?", help="game name (see 'medieval games')")
    else:
        p.add_argument("game", help="game name (see 'medieval games')")
    p.add_argument("--seats", metavar="SPECS", help=seats_help)
    p.add_argument("--players", type=positive_int, metavar="N", help="number of players (default: number of seats)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="rule option (repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="medieval", description="Medieval tabletop games: play, simulate, replay, benchmark.",
                     epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"medieval {medieval.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="list the games, their player counts and options")
    p.set_defaults(handler=cmd_games)

    p = sub.add_parser("rules", help="show a game's rules")
    p.add_argument("game")
    p.set_defaults(handler=cmd_rules)

    p = sub.add_parser("play", help="play a game in the terminal against bots or friends")
    _add_game_setup(p, "comma-separated seats, e.g. human,heuristic,heuristic,random "
                       "(default: you against heuristic bots; with --load, the saved seats)", optional_game=True)
    p.add_argument("--load", metavar="FILE", help="go on with a game saved with --save or when leaving "
                                                  "(with its seats, or the ones --seats gives)")
    p.add_argument("--seed", type=whole_number, help="seed of the game (default: a fresh one)")
    p.add_argument("--hotseat", action="store_true", help="several humans share this terminal")
    p.add_argument("--save", metavar="FILE", help="write the game record as JSON")
    p.add_argument("--delay", type=non_negative_float, default=0.0, metavar="SECONDS",
                   help="pause before each bot move")
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("simulate", help="play many seeded bot games in parallel and compare the bots")
    _add_game_setup(p, "comma-separated bots, e.g. heuristic,random,random,random (default: all random)")
    p.add_argument("--games", type=positive_int, default=1000, metavar="N", help="number of games (1000)")
    p.add_argument("--seed", type=whole_number, default=0, help="game i uses seed SEED+i (default 0)")
    p.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                   help="worker processes (default: number of CPUs)")
    p.add_argument("--rotate", action="store_true", help="rotate the seating every game")
    p.add_argument("--save", metavar="FILE", help="write every game record, one JSON per line")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("replay", help="step through a saved game")
    p.add_argument("file", help="a .json record, or a .jsonl file of records")
    p.add_argument("--index", type=whole_number, metavar="I",
                   help="record I of a .jsonl file (default 0; -1 the last)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=non_negative_int, metavar="S", help="show the game as seat S saw it")
    who.add_argument("--spectator", action="store_true", help="show the game as a spectator saw it")
    p.add_argument("--to-end", action="store_true", help="print the final position and outcome and stop")
    p.set_defaults(handler=cmd_replay)

    add_bench_parser(sub)
    _add_plugin_commands(sub)
    return parser


#: Subcommands that live in their own modules: "module:function", the function adding its parser to
#: the subparsers and setting ``func(args) -> int`` as its default.
PLUGIN_COMMANDS = (
    "medieval.interfaces.arena_cli:add_arena_parser",
    "medieval.interfaces.ladder_cli:add_ladder_parser",
    "medieval.interfaces.server.cli:add_serve_parser",
    "medieval.interfaces.soak_cli:add_soak_parser",
)


def _add_plugin_commands(sub: Any) -> None:
    for entry in PLUGIN_COMMANDS:
        module_name, _, attr = entry.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        add = getattr(module, attr, None)
        if callable(add):
            add(sub)


def _error(message: str) -> int:
    print(f"medieval: error: {' '.join(message.split())}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None, *, screen: Screen | None = None) -> int:
    """Run the ``medieval`` command. ``screen`` replaces the terminal (tests, scripts)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error already reported by argparse
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    handler: Handler | None = getattr(args, "handler", None)
    plugin: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    screen = screen if screen is not None else Screen(Console())
    if handler is None and plugin is None:
        parser.print_help()
        return 0
    try:
        if handler is not None:
            return handler(args, screen)
        assert plugin is not None
        return int(plugin(args))
    except (CliError, MedievalError) as e:
        return _error(str(e))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. 'medieval games | head': the reader left, stay quiet at exit
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
