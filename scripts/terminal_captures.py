"""Captures of every game's terminal screen at 80x24, as a player sees it after a few moves.

    python scripts/terminal_captures.py [GAME ...] [--out docs/terminal] [--check]

Runs `medieval play GAME` against seeded heuristic bots in a pseudo-terminal of 80x24 (the small VT100
emulator of tests/interfaces/vt.py reads the screen), answers a fixed series of choices, and writes the
screen as it stands at the chosen move to `<out>/<game>.txt`. The games, bots and answers are seeded, so
a capture changes only when what the terminal shows changes. `--check` compares instead of writing (exit
1 when a capture is out of date).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.interfaces.vt import Terminal  # noqa: E402

HEADER = re.compile(r"P0 human to decide · move (\d+)")
PROMPT = re.compile(r"^P0 human >\s*\Z", re.MULTILINE)
CHOICE = re.compile(r"(?:^|\s)(\d+)(?:-(\d+))?\. ")


@dataclass(frozen=True)
class Shot:
    """A capture: the game, its seats and seed, and how many of P0's decisions come before it."""

    seats: str
    seed: int
    decisions: int
    args: tuple[str, ...] = ()


SHOTS = {
    "paladin": Shot("human,heuristic,heuristic,heuristic", 3, 6),
    "medievallons": Shot("human,heuristic,heuristic", 3, 8),
    "medievalia": Shot("human,heuristic,heuristic,heuristic", 3, 10),
    "medievalia2007": Shot("human,heuristic", 3, 24),
    "midevil": Shot("human,heuristic,heuristic,heuristic", 3, 24),
}


def _frame(t: Terminal, after: int, timeout: float = 120.0) -> str:
    """The first settled frame asking P0 for a move later than ``after``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = t.settle(0.3, 3)
        m = HEADER.search(screen)
        if m and int(m.group(1)) > after and PROMPT.search(screen):
            return screen
        if t.exit_code is not None:
            raise SystemExit(f"the game ended before the capture:\n{screen}")
    raise SystemExit(f"no frame after move {after}:\n{t.vt.text()}")


def capture(game: str, shot: Shot) -> str:
    """The 80x24 screen of ``game`` at P0's decision number ``shot.decisions + 1``."""
    rng = random.Random(shot.seed)
    t = Terminal(["play", game, "--seats", shot.seats, "--seed", str(shot.seed), *shot.args])
    try:
        move = 0
        for _ in range(shot.decisions):
            screen = _frame(t, move)
            m = HEADER.search(screen)
            assert m is not None
            move = int(m.group(1))
            highest = max((int(b or a) for a, b in CHOICE.findall(screen)), default=1)
            t.line(str(rng.randint(1, highest)))
        screen = _frame(t, move)
    finally:
        t.close()
    lines = [line.rstrip() for line in screen.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"games to capture (default: {', '.join(SHOTS)})")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "terminal", help="folder of the captures")
    parser.add_argument("--check", action="store_true", help="compare with the captures instead of writing")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in SHOTS]
    if unknown:
        parser.error(f"no capture for {', '.join(unknown)} (games: {', '.join(SHOTS)})")
    stale = 0
    for game in args.games or list(SHOTS):
        text = capture(game, SHOTS[game])
        path = args.out / f"{game}.txt"
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            stale += not same
            print(f"{path}: {'up to date' if same else 'out of date'}")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path}: {len(text.splitlines())} lines")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
