"""Stepping through a saved game: the record is replayed move by move (``Game.replay`` semantics:
seed + options + actions) and any position can be shown as one seat, or a spectator, saw it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

import medieval
from medieval.core.errors import RecordError
from medieval.core.outcome import Outcome
from medieval.core.picture import Hanging
from medieval.core.state import State
from medieval.interfaces.common import HUMAN, CliError, outcome_table, scores_line, winners_text
from medieval.interfaces.terminal.reading import event_line
from medieval.interfaces.terminal.renderers import describe, ending, render_view
from medieval.interfaces.terminal.screen import Screen

WINDOW_BEFORE = 8
WINDOW_AFTER = 4
PROMPT = "Enter = next · b = back · NUMBER = go to move · q = quit > "


def default_seat(record: Mapping[str, Any]) -> int | None:
    """The seat a replay shows by default: the first human seat of a saved game, else a spectator."""
    seats = record.get("seats")
    if isinstance(seats, list) and HUMAN in seats:
        return seats.index(HUMAN)
    return None


class Replay:
    """Every position of a recorded game, and the log of each move as ``seat`` saw it."""

    def __init__(self, record: Mapping[str, Any], seat: int | None) -> None:
        self.record = record
        start = medieval.replay(record, upto=0)
        if seat is not None and not 0 <= seat < start.players:
            raise CliError(f"no seat {seat}: this game has seats 0 to {start.players - 1}")
        self.seat = seat
        specs = record.get("seats")
        if isinstance(specs, list) and len(specs) == start.players:
            self.names = [f"P{i} {s}" for i, s in enumerate(specs)]
        else:
            self.names = [f"P{i}" for i in range(start.players)]
        self.states: list[State] = [start]
        self.moves: list[tuple[int, str]] = []
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("the record's 'actions' is not a list")
        state = start
        for i, entry in enumerate(actions):
            state = state.clone()
            try:
                mover, text = int(entry[0]), str(entry[1])
                state.apply(mover, state.parse_action(mover, text))
            except (ValueError, TypeError, IndexError) as e:
                raise RecordError(f"move {i + 1} {entry!r} does not replay: {e}") from None
            self.states.append(state)
            self.moves.append((mover, text))
        self.game_name = start.game.spec.name
        self.display_name = start.game.spec.display_name
        events = self.states[-1].events(seat)
        counts = [len(s.events(seat)) for s in self.states]
        #: events[k] = what ``seat`` saw happen during move k (0-based)
        self.move_events = [events[counts[k]:counts[k + 1]] for k in range(len(self.moves))]
        self.opening_events = events[:counts[0]]

    @property
    def final(self) -> State:
        return self.states[-1]

    def recorded_outcome(self) -> Outcome | None:
        raw = self.record.get("outcome")
        if not isinstance(raw, Mapping):
            return None
        try:
            return Outcome.from_json(dict(raw))
        except (KeyError, TypeError, ValueError):
            return None

    def move_text(self, k: int) -> Text:
        """Move k (0-based) as the seat saw it: the events it caused, as that seat saw them, after the
        move's notation when it is the seat's own move (others' notation may name hidden cards)."""
        mover, notation = self.moves[k]
        parts = [describe(self.game_name, e, self.seat) for e in self.move_events[k]]
        text = Text.assemble((f"{k + 1:>4}. ", "dim"), (self.names[mover], "cyan"), ": ")
        if mover == self.seat:
            text.append(notation, style="bold")
            if parts:
                text.append(" — ")
        text.append(" ".join(parts) if parts else ("" if mover == self.seat else "(moved)"))
        return text


def _who(replay: Replay) -> str:
    return "spectator" if replay.seat is None else replay.names[replay.seat]


def show_final(replay: Replay, screen: Screen) -> None:
    """The final position and the outcome (``--to-end``)."""
    console = screen.console
    state = replay.final
    console.print(Rule(f"{replay.display_name} — final position after {len(replay.moves)} moves, "
                       f"seen by {_who(replay)}"))
    console.print(render_view(replay.game_name, state.view(replay.seat)))
    _show_outcome(replay, screen)


def _show_outcome(replay: Replay, screen: Screen) -> None:
    for part in _outcome_lines(replay):
        screen.print(part)


def _outcome_lines(replay: Replay, short: bool = False) -> list[RenderableType]:
    """The outcome: a table, or with ``short`` the scores on a line (a screen to fit)."""
    outcome = replay.final.outcome
    if outcome is None:
        return [Text(f"The game was not finished ({len(replay.moves)} moves recorded).", style="yellow")]
    how = ending(replay.game_name, outcome.termination)
    out: list[RenderableType] = [
        scores_line(outcome, replay.names) if short else outcome_table(outcome, replay.names, how),
        Text(winners_text(outcome, replay.names) + (f" Outcome: {how}." if short else ""), style="bold green")]
    recorded = replay.recorded_outcome()
    if recorded is not None and recorded != outcome:
        out.append(Text(f"Note: the record says {winners_text(recorded, replay.names)} — the rules may have "
                        "changed since it was saved.", style="yellow"))
    return out


def show_position(replay: Replay, k: int, screen: Screen, rows: int | None = None) -> None:
    """The position after k moves, the last move, and the moves around it; in a terminal, fitted to its
    height (``rows``: that height, default the terminal's) with the compact board when the full one would
    leave the moves too little room."""
    console = screen.console
    if rows is None and console.is_terminal:
        rows = console.size.height
    if console.is_terminal:
        screen.clear()
    n = len(replay.moves)
    state = replay.states[k]
    console.print(Rule(f"{replay.display_name} replay — move {k}/{n} — seen by {_who(replay)}"))
    ending_lines: list[RenderableType] = _outcome_lines(replay, short=rows is not None) if k == n else []
    lines: list[RenderableType] = []
    if k == 0 and replay.opening_events:
        lines.append(Text("Setup:", style="bold"))
        lines += [event_line(describe(replay.game_name, e, replay.seat)) for e in replay.opening_events]
    focus = len(lines) + max(0, k - 1)  # the last move played
    for i in range(n):
        line = replay.move_text(i)
        if i == k - 1:
            line = Text("▶ ", style="bold yellow") + line
            line.stylize("bold")
        else:
            line = Text("  ") + line
            if i >= k:
                line.stylize("dim")
        lines.append(Hanging(line, 8))
    if n == 0:
        lines.append(Text("no moves recorded", style="dim"))
    view = state.view(replay.seat)
    if rows is None:
        board: RenderableType = render_view(replay.game_name, view)
        room = WINDOW_BEFORE + WINDOW_AFTER
    else:
        avail = rows - 2 - _height(console, Group(*ending_lines))  # the header and the prompt
        board = render_view(replay.game_name, view)
        if _height(console, board) > avail - MOVE_LINES:
            board = render_view(replay.game_name, view, compact=True, height=avail - MOVE_LINES)
        room = max(3, avail - _height(console, board))
    console.print(board)
    console.print(_window(console, lines, focus, room, rows is not None))
    for part in ending_lines:
        console.print(part)


#: Lines of moves a replay frame keeps under the board at least (the board is compact otherwise).
MOVE_LINES = 8


def _height(console: Console, renderable: RenderableType) -> int:
    return len(console.render_lines(renderable, console.options.update(width=console.width), pad=False))


def _window(console: Console, lines: list[RenderableType], focus: int, room: int, measure: bool) -> RenderableType:
    """The lines around ``focus`` (two thirds before it) that fit in ``room`` lines, with a note of how
    many are left out on either side. Without ``measure``, a fixed count of lines."""
    if not lines:
        return Text("")
    focus = min(focus, len(lines) - 1)
    if not measure:
        lo, hi = max(0, focus - WINDOW_BEFORE + 1), min(len(lines), focus + WINDOW_AFTER + 1)
    else:
        room -= 2  # the notes of what is left out
        heights: dict[int, int] = {}

        def h(i: int) -> int:
            if i not in heights:
                heights[i] = _height(console, lines[i])
            return heights[i]

        lo, hi, used = focus, focus + 1, h(focus)  # lines[lo:hi] shown
        after = used + room // 3
        while hi < len(lines) and used + h(hi) <= after:  # up to a third of the room after the focus,
            used, hi = used + h(hi), hi + 1
        while lo > 0 and used + h(lo - 1) <= room:  # the rest before it,
            used, lo = used + h(lo - 1), lo - 1
        while hi < len(lines) and used + h(hi) <= room:  # and after it what is left
            used, hi = used + h(hi), hi + 1
    shown: list[RenderableType] = []
    if lo > 0:
        shown.append(Text(f"      ... {lo} earlier lines", style="dim"))
    shown += lines[lo:hi]
    if hi < len(lines):
        shown.append(Text(f"      ... {len(lines) - hi} more lines", style="dim"))
    return Group(*shown)


def run_replay(replay: Replay, screen: Screen) -> int:
    """Interactive stepping. Returns the exit code."""
    k = 0
    n = len(replay.moves)
    show_position(replay, k, screen)
    while True:
        try:
            text = screen.ask(Text(PROMPT, style="bold")).strip().lower()
        except (EOFError, KeyboardInterrupt):
            screen.print("")
            return 0
        if text in ("q", "quit", "exit"):
            return 0
        if text == "":
            if k == n:
                screen.print("This is the end of the game ('b' goes back, 'q' quits).", style="yellow")
                continue
            k += 1
        elif text in ("b", "back"):
            if k == 0:
                screen.print("This is the start of the game.", style="yellow")
                continue
            k -= 1
        elif text.isdigit():
            target = int(text)
            if target > n:
                screen.print(f"There are only {n} moves (0 = the start).", style="red")
                continue
            k = target
        else:
            screen.print("Press Enter for the next move, 'b' to go back, a move number to jump, 'q' to quit.",
                         style="red")
            continue
        show_position(replay, k, screen)
