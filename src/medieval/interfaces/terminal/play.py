"""Playing a game in the terminal: human seats decide at the keyboard, bots move on their own.

The game runs through ``play_match`` (the one match loop); a human seat is an Agent whose ``choose``
draws that seat's screen and reads a number or a notation. The screen is one frame that fits the
terminal (80x24 at least): a header, the board (the game's compact picture when the full one does not
fit), what happened since the seat's last decision (the latest lines, capped to the room left), the
choices (folded when many, see ``menu.py``) and the prompt. In a terminal each frame replaces the last.

What is shown to a person always comes from ``view(seat)`` and ``events(seat)`` of a seat that person
may see: the human's own seat, or the spectator (``None``) between turns of a hot-seat game.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.text import Text

from medieval.agents.base import Agent
from medieval.agents.match import MatchAborted, play_match
from medieval.core.errors import ActionError, InvalidActionError, MedievalError
from medieval.core.state import Action, Game, State
from medieval.interfaces.common import (
    HUMAN,
    CliError,
    check_bot,
    outcome_table,
    scores_line,
    seat_names,
    winners_text,
    write_json,
)
from medieval.interfaces.terminal.menu import Menu, cell
from medieval.interfaces.terminal.reading import Reading, card_help_text, event_line, help_table, legend_table
from medieval.interfaces.terminal.renderers import (
    choice_notes,
    describe,
    ending,
    explain,
    find_help,
    how_to_play,
    legend,
    render_view,
)
from medieval.interfaces.terminal.screen import Screen

#: Seconds a forced move (the only legal action) stays on screen before it is played.
FORCED_PAUSE = 1.2
#: Most lines the choices take (a larger menu folds, see menu.py).
MENU_LINES = 6
#: Lines of "since your last decision" worth the compact board: when the full board leaves fewer for
#: them, the compact one is drawn instead (and it may leave as few as three).
LOG_LINES = 6
#: Lines a text to read (help, legend, log...) gets under the board at least, when it has that many.
READ_LINES = 9
#: Events shown again to a player resuming a saved game.
RESUME_RECAP = 6
#: Exit codes: the game ended / was left unfinished (quit, end of input) / interrupted (Ctrl-C).
EXIT_DONE, EXIT_LEFT, EXIT_INTERRUPTED = 0, 1, 130

class QuitGame(Exception):
    """The human asked to leave."""


@dataclass
class _Reply:
    """What a line of input asked for, when it is not an action: a refusal (shown with the board) or
    something to read (``title`` and ``read``: shown under the board, a page at a time)."""

    message: RenderableType | None = None
    redraw: bool = False
    read: RenderableType | None = None
    title: str = ""
    latest_first: bool = False


class _Human(Agent):
    """A seat played at the keyboard."""

    automatic = False

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.name = HUMAN

    def choose(self, state: State, seat: int) -> Action:
        return self.session.ask_human(state, seat)


class _Bot(Agent):
    """A bot seat: shows what happened since the last move, waits ``delay``, then lets the bot decide
    (with a 'thinking' indicator in a terminal)."""

    def __init__(self, session: PlaySession, bot: Agent) -> None:
        self.session = session
        self.bot = bot
        self.name = bot.name

    def choose(self, state: State, seat: int) -> Action:
        self.session.flush()
        if self.session.delay > 0:
            self.session.sleep(self.session.delay)
        with self.session.thinking(seat):
            return self.bot.choose(state, seat)


class PlaySession:
    """One game at the terminal. ``run()`` plays it to the end (or until the humans leave) and returns
    the exit code. ``state``: a game in progress to resume (a replayed record). ``rows``: the screen
    height to fit (default: the terminal's, or no limit when the output is not a terminal)."""

    def __init__(self, game: Game[Any], seats: Sequence[str], screen: Screen, *, seed: int | None = None,
                 hotseat: bool = False, delay: float = 0.0, save: Path | None = None,
                 sleep: Callable[[float], None] = time.sleep, state: State | None = None,
                 rows: int | None = None, pause: float = FORCED_PAUSE, notice: str | None = None) -> None:
        if len(seats) != game.players:
            raise CliError(f"{game.players} players need {game.players} seats, got {len(seats)}")
        self.game = game
        self.specs = list(seats)
        self.names = seat_names(self.specs)
        self.humans = [i for i, spec in enumerate(self.specs) if spec == HUMAN]
        if len(self.humans) > 1 and not hotseat:
            raise CliError(f"{len(self.humans)} human seats need --hotseat (the players share one terminal "
                             "and take turns at it)")
        self.hotseat = hotseat and len(self.humans) > 1
        self.screen = screen
        self.delay = delay
        self.sleep = sleep
        self.pause = pause
        self.save_path = save
        self.seed = seed
        self.rows = rows
        # Bot moves are shown as the single human sees them; in hot-seat play (or with no human) as a
        # spectator sees them, so the shared screen never shows a secret between turns.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.agents: list[Agent] = []
        for i, spec in enumerate(self.specs):
            if spec == HUMAN:
                self.agents.append(_Human(self))
            else:
                bot_seed = None if seed is None else seed * 1000 + i
                self.agents.append(_Bot(self, check_bot(spec, bot_seed)))
        self.state = state if state is not None else game.new_game(seed)
        resumed = bool(self.state.history)
        self._streamed = len(self.state.events(self.viewer)) if resumed else 0
        self._seen = {h: max(0, len(self.state.events(h)) - RESUME_RECAP) if resumed else 0 for h in self.humans}
        self._last_mover: int | None = None
        #: The choices of the decision being asked (numbered in menu order).
        self.menu: Menu | None = None
        intro = (f"{game.spec.display_name}, {game.players} players"
                 + (f", seed {seed}" if seed is not None else "") + " · 'help': commands · 'rules': how to play")
        self._notice: str | None = f"{notice} {intro}" if notice else intro

    # ------------------------------------------------------------------ the screen
    @property
    def live(self) -> bool:
        """A real terminal: each frame replaces the last, bots show that they are thinking."""
        return bool(self.screen.console.is_terminal)

    def _height(self) -> int | None:
        if self.rows is not None:
            return self.rows
        return self.screen.console.size.height if self.live else None

    def _lines(self, renderable: RenderableType) -> int:
        console = self.screen.console
        return len(console.render_lines(renderable, console.options.update(width=console.width), pad=False))

    @contextlib.contextmanager
    def thinking(self, seat: int) -> Iterator[None]:
        if not self.live:
            yield
            return
        with self.screen.console.status(Text(f"{self.names[seat]} is thinking…", style="dim")):
            yield

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        console = self.screen.console
        if not self.live:
            spec = self.game.spec
            opts = ", ".join(f"{k}={v}" for k, v in self.game.options.items())
            console.print(Rule(f"{spec.display_name} — {self.game.players} players"))
            console.print(f"Seats: {', '.join(self.names)}" + (f" · seed {self.seed}" if self.seed is not None else ""))
            console.print(f"Options: {opts}", style="dim")
            if self.humans:
                console.print("Type 'help' at your turn for the commands.", style="dim")
        try:
            play_match(self.game, self.agents, self.seed, state=self.state, on_step=self._on_step)
        except QuitGame:
            console.print("You left the game.")
            return EXIT_LEFT
        except EOFError:
            console.print("\nEnd of input: the game is left unfinished.")
            if not self._offer_save():
                self._autosave()
            return EXIT_LEFT
        except KeyboardInterrupt:
            console.print("\nInterrupted: the game is abandoned.")
            self._autosave()
            return EXIT_INTERRUPTED
        except MatchAborted as e:
            console.print(Text(f"The game did not end: {e}", style="red"))
            return 1
        self.flush()
        self._show_end()
        if self.save_path is not None:
            self._save_asking(self.save_path)
        return EXIT_DONE

    def _on_step(self, state: State, seat: int, action: Action) -> None:
        self._last_mover = seat

    def flush(self) -> None:
        """Print what happened since the last flush, as the stream viewer sees it."""
        events = self.state.events(self.viewer)
        new = events[self._streamed:]
        self._streamed = len(events)
        if not new:
            return
        mover = self._last_mover
        name = self.names[mover] if mover is not None else ""
        for i, event in enumerate(new):
            line = describe(self.game.spec.name, event, self.viewer)
            if i == 0 and mover is not None:
                self.screen.print(event_line(line, Text.assemble((name, "bold cyan"), " ▸ ")))
            else:
                self.screen.print(event_line(line))

    def _show_end(self) -> None:
        outcome = self.state.outcome
        assert outcome is not None
        final_seat = self.viewer if not self.hotseat else None
        if self.live:
            self.screen.clear(scrollback=self.hotseat)
        table: RenderableType = outcome_table(outcome, self.names, ending(self.game.spec.name, outcome.termination))
        verdict = Text(winners_text(outcome, self.names), style="bold green")
        header = Rule("Game over")
        rows = self._height()
        view = self.state.view(final_seat)
        if rows is not None:
            board_h = self._lines(self._board(view, rows - 2 - self._lines(table) - 1))
            if board_h + self._lines(table) + 2 > rows:  # scores on a line, so the board stays in view
                table = scores_line(outcome, self.names)
        board = self._board(view, None if rows is None else rows - 2 - self._lines(table) - 1)
        self.screen.print(header)
        self.screen.print(self._fit(board, None if rows is None else rows - 2 - self._lines(table) - 1))
        self.screen.print(table)
        self.screen.print(verdict)

    def _fit(self, board: RenderableType, room: int | None) -> RenderableType:
        """``board`` cut to ``room`` lines (with a note) when even the compact picture is taller."""
        if room is None:
            return board
        console = self.screen.console
        lines = console.render_lines(board, console.options.update(width=console.width), pad=False)
        if len(lines) <= room:
            return board
        keep = max(1, room - 1)
        cut: list[Segment] = []
        for line in lines[:keep]:
            cut.extend(line)
            cut.append(Segment.line())
        note = Text(f"… {len(lines) - keep} more lines of the board: a taller terminal shows them", style="dim")
        return Group(Segments(cut), note)

    def _board(self, view: Any, room: int | None, small: int | None = None) -> RenderableType:
        """The full picture if it fits in ``room`` lines (None: any), else the compact one, fitted to
        ``small`` lines (default ``room``) where the game's compact picture takes a height."""
        name = self.game.spec.name
        full = render_view(name, view)
        if room is None or self._lines(full) <= room:
            return full
        return render_view(name, view, compact=True, height=room if small is None else max(room, small))

    # ------------------------------------------------------------------ a human decision
    def ask_human(self, state: State, seat: int) -> Action:
        self.flush()
        name = self.names[seat]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return self._forced(state, seat, legal[0])
        if self.hotseat:
            # Since the last clear the screen has shown only what a spectator may see (the previous
            # human's screen was cleared when they decided); clear again once the next player sits down.
            self.screen.clear(scrollback=True)
            self.screen.ask(Text(f"Pass the terminal to {name}, then press Enter ", style="bold yellow"))
            self.screen.clear(scrollback=True)
        notations = [str(a) for a in legal]
        menu = self.menu = Menu(notations, choice_notes(self.game.spec.name, state.view(seat), notations))
        notice, self._notice = self._notice, None
        self._draw(state, seat, menu, Text(notice, style="dim") if notice else None)
        reading: Reading | None = None
        try:
            while True:
                text = self.screen.ask(Text(f"{name} > ", style="bold")).strip()
                if reading is not None and not text:  # Enter while reading: the next page, or the board
                    if reading.last():
                        reading = None
                        self._draw(state, seat, menu)
                    else:
                        reading.page += 1
                        self._draw_reading(state, seat, reading)
                    continue
                reading = None
                reply = self._read(state, seat, legal, menu, text)
                if isinstance(reply, Action):
                    self._seen[seat] = len(state.events(seat))
                    return reply
                if reply.read is not None:
                    reading = self._start_reading(state, seat, reply)
                elif reply.redraw:
                    self._draw(state, seat, menu, reply.message)
                elif reply.message is not None:
                    self.screen.print(reply.message)
        finally:
            if self.hotseat:
                self.screen.clear(scrollback=True)

    # ------------------------------------------------------------------ reading beside the board
    def _start_reading(self, state: State, seat: int, reply: _Reply) -> Reading | None:
        """Show what ``reply`` gives to read: under the board a page at a time when the screen's height
        is known (the board stays in view), else simply printed below."""
        assert reply.read is not None
        if self._height() is None:
            self.screen.print(Text(reply.title, style="bold"))
            self.screen.print(reply.read)
            return None
        reading = Reading.of(self.screen.console, reply.title, reply.read, 1, reply.latest_first)
        self._draw_reading(state, seat, reading)
        return reading

    def _draw_reading(self, state: State, seat: int, reading: Reading) -> None:
        """The seat's frame with a page of ``reading`` where the log and the choices go: the board (the
        compact one if the full one leaves the text too little room), the page, the prompt."""
        rows = self._height()
        assert rows is not None
        avail = rows - 3  # the header, the reading's heading and the prompt
        text_h = len(reading.lines)
        board = self._board(state.view(seat), avail - min(text_h, READ_LINES))
        least = min(text_h, 3)
        if self._lines(board) > avail - least:
            board = self._fit(board, avail - least)
        room = max(1, avail - self._lines(board))
        if room != reading.room:  # the first page, or a board of another height: page again
            first = reading.page * reading.room
            reading.room = room
            reading.page = min(first // room, reading.pages - 1)
        if self.live:
            self.screen.clear()
        self.screen.print(self._header(state, seat))
        self.screen.print(board)
        self.screen.print(reading.heading())
        self.screen.print(reading.body())

    def _forced(self, state: State, seat: int, action: Action) -> Action:
        """The only legal action, played after a short notice (the notation is the seat's own: in
        hot-seat play it is not shown on the shared screen)."""
        name = self.names[seat]
        if self.hotseat:
            self.screen.print(Text(f"{name} has a single choice; it is played for them.", style="yellow"))
        else:
            self._draw(state, seat, None, Text(f"Your only choice: {action} — playing it.", style="bold yellow"))
        if self.live:
            self.sleep(self.pause)
        return action

    def _header(self, state: State, seat: int) -> Rule:
        return Rule(Text.assemble((f"{self.names[seat]} to decide", "bold"), f" · move {len(state.history) + 1} · "
                                  "'help' for commands"), style="dim")

    def _draw(self, state: State, seat: int, menu: Menu | None, message: RenderableType | None = None) -> None:
        """The seat's frame: header, board, recent events, choices, message; fitted to the screen."""
        screen = self.screen
        console = screen.console
        if self.live:
            screen.clear()
        header = self._header(state, seat)
        view = state.view(seat)
        events = state.events(seat)[self._seen[seat]:]
        if not self.live and not self.hotseat and self.viewer == seat:
            events = []  # printed as they happened, just above
        lines = [event_line(describe(self.game.spec.name, e, seat)) for e in events]
        rows = self._height()
        msg_h = self._lines(message) if message is not None else 0
        if menu is not None:
            menu_r, menu_h = menu.render(console.width, MENU_LINES)
        else:
            menu_r, menu_h = Text(""), 0
        if rows is None:
            board = self._board(view, None)
            shown = lines
        else:
            avail = rows - 2 - msg_h  # the header and the prompt
            heading = 1 if lines else 0
            log_least = min(len(lines), 3) + heading
            if menu is not None:  # every choice on its own line when the compact board leaves room for it
                flat, flat_h = menu.flat(console.width)
                if menu_h < flat_h <= MENU_LINES * 2:
                    small = render_view(self.game.spec.name, view, compact=True, height=avail - flat_h - log_least)
                    if self._lines(small) + flat_h + log_least <= avail:
                        menu_r, menu_h = flat, flat_h
            board = self._board(view, avail - menu_h - min(len(lines), LOG_LINES) - heading,
                                avail - menu_h - min(len(lines), 3) - heading)
            board_h = self._lines(board)
            if menu is not None and board_h + menu_h > avail:  # the choices before the log
                menu_r, menu_h = menu.render(console.width, max(1, min(MENU_LINES, avail - board_h)))
            if board_h + menu_h > avail:  # even the compact board is too tall: cut it, keep the prompt
                board = self._fit(board, avail - menu_h)
                board_h = self._lines(board)
            room = avail - board_h - menu_h - 1  # the log's title
            shown = []
            used = 0
            for line in reversed(lines):
                h = self._lines(line)
                if used + h > room:
                    break
                shown.insert(0, line)
                used += h
        screen.print(header)
        screen.print(board)
        if shown:
            title = "Since your last decision"
            if len(shown) < len(lines):
                title += f" (last {len(shown)} of {len(lines)}; 'log' shows all)"
            screen.print(Text(title + ":", style="bold"))
            for line in shown:
                screen.print(line)
        if menu is not None:
            screen.print(menu_r)
        if message is not None:
            screen.print(message)

    def _read(self, state: State, seat: int, legal: list[Action], menu: Menu, text: str) -> Action | _Reply:
        """The action ``text`` names, or what to show after a command or bad input."""
        game = self.game.spec.name
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if not text or word in ("view", "redraw", "show", "board"):
            return _Reply(redraw=True)
        if word in ("help", "?", "h") and not rest:
            return _Reply(read=help_table(), title="Commands")
        if word in ("help", "?"):
            return self._card_help(rest)
        if word == "legend" and not rest:
            return _Reply(read=legend_table(legend(game)), title="Legend")
        if word == "rules" and not rest:
            rules = how_to_play(game)
            return _Reply(read=Markdown(rules) if rules else Text("This game has no short how-to-play; see "
                                                                 f"'medieval rules {game}'.", style="yellow"),
                          title="How to play")
        if word == "choices":
            entries = menu.listing(rest or None)
            if not entries:
                return _Reply(Text(f"No choice starts with {rest!r}.", style="red"), redraw=self.live)
            title = f"{len(entries)} choice{'' if len(entries) == 1 else 's'}" + (f" to {rest}" if rest else "")
            return _Reply(read=Group(*[cell(e, len(entries[-1].numbers)) for e in entries]), title=title)
        if word == "log" and not rest:
            events = state.events(seat)
            return _Reply(read=Group(*[event_line(describe(game, e, seat)) for e in events])
                          if events else Text("Nothing has happened yet.", style="dim"),
                          title=f"Log, {len(events)} event{'' if len(events) == 1 else 's'}", latest_first=True)
        if word in ("quit", "exit", "q") and not rest:
            if self.screen.confirm("Leave this game?"):
                self._offer_save()
                raise QuitGame
            return _Reply(Text("You stay in the game.", style="dim"))
        if text.startswith("#") and text[1:].strip().isdigit():
            text = text[1:].strip()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(menu):
                return legal[menu.index(n)]
            return _Reply(Text(f"There is no choice {n}: choose 1-{len(menu)}.", style="red"), redraw=self.live)
        if text.startswith("="):
            text = text[1:].strip()
        try:
            return state.parse_action(seat, text)
        except InvalidActionError as e:  # unreadable: the reason says what is wrong with the words
            message = Text(e.reason, style="red")
            message.append(f". {_similar(text, menu)}", style="red")
            return _Reply(message, redraw=self.live)
        except ActionError as e:  # readable, but not a choice now: why, from the seat's view
            why = explain(game, state, seat, text)
            message = Text(e.reason, style="red")
            message.append(f": {why}" if why else f". {_similar(text, menu)}", style="red")
            return _Reply(message, redraw=self.live)
        except MedievalError as e:
            return _Reply(Text(str(e), style="red"), redraw=self.live)

    def _card_help(self, name: str) -> _Reply:
        found, close = find_help(self.game.spec.name, name)
        if not found:
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            return _Reply(Text(f"Nothing in {self.game.spec.display_name} is called {name!r}.{hint}", style="yellow"),
                          redraw=self.live)
        return _Reply(read=card_help_text(found), title=f"Help: {name}")

    # ------------------------------------------------------------------ saving
    def _save(self, path: Path) -> None:
        record: dict[str, Any] = self.state.record()
        record["seats"] = list(self.specs)
        write_json(path, record)
        self.screen.print(Text(f"Game record saved to {path} (watch it: medieval replay {path}"
                               + ("" if self.state.is_over else f"; go on with it: medieval play --load {path}")
                               + ")"))

    def _save_asking(self, path: Path) -> None:
        """Save to ``path``; while that fails, say why and ask for another file (Enter gives up)."""
        while True:
            try:
                self._save(path)
                return
            except CliError as e:
                self.screen.print(Text(f"Not saved: {e}", style="red"))
            try:
                answer = self.screen.ask(Text("Save to another file? Name (Enter to skip): ")).strip()
            except (EOFError, KeyboardInterrupt):
                self.screen.print("")
                return
            if not answer:
                return
            path = Path(answer).expanduser()

    def _offer_save(self) -> bool:
        """Offer to save the game so far. False when no answer could be read (end of input)."""
        try:
            if self.save_path is not None:
                if self.screen.confirm(f"Save the game so far to {self.save_path}?", default=True):
                    self._save_asking(self.save_path)
                return True
            answer = self.screen.ask(Text("Save the game so far? File name (Enter to skip): ")).strip()
        except (EOFError, KeyboardInterrupt):
            self.screen.print("")
            return False
        if answer:
            self._save_asking(Path(answer).expanduser())
        return True

    def _autosave(self) -> None:
        if self.save_path is not None:
            try:
                self._save(self.save_path)
            except CliError as e:
                self.screen.print(Text(f"Not saved: {e}", style="red"))


def _similar(text: str, menu: Menu) -> str:
    """A generic hint, as a sentence: the choices that start with the same word, or the words that
    choices start with."""
    word = text.split()[0].lower() if text.split() else ""
    same = [n for n in menu.notations if n.split()[0].lower() == word]
    if same:
        shown = ", ".join(same[:4])
        if len(same) > 4:
            shown += f" and {len(same) - 4} more ('choices {word}' lists them)"
        return f"Your '{word}' choices: {shown}."
    verbs = list(dict.fromkeys(n.split()[0] for n in menu.notations))
    return f"Your choices start with {_and(verbs)}."


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
