"""Helpers shared by the command line, the terminal UI and the simulator: reading seats and options,
loading and writing records, naming seats, drawing outcomes."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

import medieval
from medieval.agents.base import Agent, make_agent
from medieval.core.outcome import Outcome
from medieval.core.state import Game

HUMAN = "human"


class CliError(Exception):
    """A mistake in what the user asked for: reported on one line, exit code 2."""


# Argument types shared by every command (argparse ``type=``), so that each refuses a bad number with the
# same words: "argument --seed: expected a whole number, got 'x'".
def whole_number(text: str) -> int:
    """Any whole number (a seed; an index, where a negative one counts from the end)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _at_least(text: str, low: int) -> int:
    value = whole_number(text)
    if value < low:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least {low}, got {value}")
    return value


def positive_int(text: str) -> int:
    """A count: 1 or more."""
    return _at_least(text, 1)


def non_negative_int(text: str) -> int:
    """A seat or a position: 0 or more."""
    return _at_least(text, 0)


def port_number(text: str) -> int:
    """A TCP port: 0 (any free port) to 65535."""
    value = non_negative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, got {value}")
    return value


def non_negative_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected a number of at least 0, got {text!r}")
    return value


def positive_float(text: str) -> float:
    value = non_negative_float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
    return value


# Where a command writes. Every command refuses, before it starts, a path whose folder does not exist:
# a mistyped path then costs nothing (no game played, no run made, no folder tree created somewhere
# unexpected); the file itself, or the run folder of ``arena --out``, is created.
def output_file(text: str, option: str) -> Path:
    """The file ``option`` (``--save``...) names, once its folder is known to exist."""
    path = Path(text).expanduser()
    if path.is_dir():
        raise CliError(f"{option} {path}: it is a folder, not a file")
    _check_parent(path, option)
    return path


def output_folder(text: str | Path, option: str) -> Path:
    """The folder ``option`` (``--out``) names, created if missing once its parent is known to exist."""
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise CliError(f"{option} {path}: it is a file, not a folder")
    _check_parent(path, option)
    return path


def _check_parent(path: Path, option: str) -> None:
    parent = path.parent
    if not parent.is_dir():
        raise CliError(f"{option} {path}: there is no folder {parent} (create it first)")


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["next_dealer=fewest", "red_tie=hero"]`` -> a dict of raw text values (the game coerces them)."""
    options: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise CliError(f"option {item!r} is not KEY=VALUE (e.g. --option next_dealer=fewest)")
        options[key] = value.strip()
    return options


def split_seats(text: str) -> list[str]:
    """Split a seat list on commas, keeping bot parameters with their bot:
    ``"ismcts:iters=200,c=0.7,random"`` -> ``["ismcts:iters=200,c=0.7", "random"]``.
    A piece with ``=`` but no ``:`` is a parameter of the seat before it (bot names never hold ``=``)."""
    seats: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if not piece:
            raise CliError(f"empty seat in --seats {text!r}")
        if "=" in piece and ":" not in piece and seats:
            seats[-1] += "," + piece
        else:
            seats.append(piece)
    return seats


def make_game(name: str, players: int | None, options: Mapping[str, str]) -> Game[Any]:
    """The configured game; unknown game, bad player count or bad option raise a MedievalError."""
    return medieval.make(name, players, **options)


def resolve_players(players: int | None, seats: list[str] | None) -> int | None:
    """The player count: ``--players`` if given (and then it must match the seats), else the seat count."""
    if seats is None:
        return players
    if players is not None and players != len(seats):
        raise CliError(f"--seats lists {len(seats)} seats but --players is {players}")
    return len(seats)


def check_bot(spec: str, seed: int | None = 0) -> Agent:
    """Build a bot from its spec, turning any complaint about it into a CliError."""
    try:
        return make_agent(spec, seed)
    except (ValueError, TypeError) as e:
        raise CliError(f"bad seat {spec!r}: {e}") from None


def seat_names(specs: Sequence[str]) -> list[str]:
    """``P0 human``, ``P1 heuristic``, ..."""
    return [f"P{i} {spec}" for i, spec in enumerate(specs)]


def write_json(path: Path, data: Any) -> None:
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None


def load_record(path: Path, index: int | None = None) -> dict[str, Any]:
    """One record from a file: a ``.json`` record (or a JSON list of them), or line ``index`` of a
    ``.jsonl`` file (one record per line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a directory, not a record file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path}: {e}") from None
    data: Any
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) <= 1:
            raise CliError(f"{path} is not JSON") from None
        i = 0 if index is None else index
        if not -len(lines) <= i < len(lines):
            raise CliError(f"{path} has {len(lines)} records; --index {i} is out of range") from None
        try:
            data = json.loads(lines[i])
        except json.JSONDecodeError as e:
            raise CliError(f"{path} line {i + 1 if i >= 0 else len(lines) + i + 1} is not JSON: {e.msg}") from None
    else:
        if isinstance(data, list):
            i = 0 if index is None else index
            if not -len(data) <= i < len(data):
                raise CliError(f"{path} has {len(data)} records; --index {i} is out of range")
            data = data[i]
        elif index not in (None, 0, -1):
            raise CliError(f"{path} holds one record; --index {index} is out of range")
    if not isinstance(data, dict) or "game" not in data or "actions" not in data:
        raise CliError(f"{path} is not a game record (expected the JSON of state.record())")
    return data


def outcome_table(outcome: Outcome, names: Sequence[str], ending: str | None = None) -> RenderableType:
    """How the game ended (``ending``: in the game's words), then the final scores and winners."""
    table = Table(box=box.SIMPLE_HEAVY)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("result")
    for seat, name in enumerate(names):
        score = outcome.scores[seat] if seat < len(outcome.scores) else float("nan")
        if seat in outcome.winners:
            result = "[bold green]wins[/]" if len(outcome.winners) == 1 else \
                f"[bold green]shares the win ({len(outcome.winners)})[/]"
        else:
            result = ""
        table.add_row(Text(name), f"{score:g}", result)
    return Group(Text(f"Outcome: {ending or outcome.termination.replace('_', ' ')}", style="bold"), table)


def scores_line(outcome: Outcome, names: Sequence[str]) -> Text:
    """The final scores on one line (where the table would push the board off a small screen)."""
    return Text("Final scores: " + " · ".join(
        f"{name} {_num(outcome.scores[i]) if i < len(outcome.scores) else '?'}"
        + (" (wins)" if i in outcome.winners else "") for i, name in enumerate(names)))


def _num(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def winners_text(outcome: Outcome, names: Sequence[str]) -> str:
    if not outcome.winners:
        return "No winner."
    who = ", ".join(names[w] if w < len(names) else f"P{w}" for w in outcome.winners)
    return f"Winner: {who}." if len(outcome.winners) == 1 else f"Shared win: {who}."


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """A polite kill (SIGTERM) stops a long run (arena, soak) like Ctrl-C: what is done stays saved for a resume."""
    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
