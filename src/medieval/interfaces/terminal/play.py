"""Playing a game in the terminal: human seats decide at the keyboard, bots move on their own.

The game runs through ``play_match`` (the one match loop); a human seat is an Agent whose ``choose``
draws that seat's screen — its view drawn by the game's renderer, the scores, whose turn it is, what
happened since its last decision, its legal actions numbered — and reads a number or a notation.
What is shown to a person always comes from ``view(seat)`` and ``events(seat)`` of a seat that person
may see: the human's own seat, or the spectator (``None``) between turns of a hot-seat game.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from medieval.agents.base import Agent
from medieval.agents.match import MatchAborted, play_match
from medieval.core.errors import MedievalError
from medieval.core.state import Action, Game, State
from medieval.interfaces.common import HUMAN, CliError, check_bot, outcome_table, seat_names, winners_text, write_json
from medieval.interfaces.terminal.renderers import describe, render_view
from medieval.interfaces.terminal.screen import Screen

HELP = """\
Enter the number of a choice, or its notation as listed (for instance the text after the number).
Start with '=' to read the rest as notation only (for notation that is itself a number).
Commands:
  help   this text
  view   show the table again
  log    everything you have seen happen in this game
  quit   leave the game (asks to confirm and offers to save it)
Ctrl-D or Ctrl-C also leave the game."""


class QuitGame(Exception):
    """The human asked to leave."""


class _Human(Agent):
    """A seat played at the keyboard."""

    automatic = False

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.name = HUMAN

    def choose(self, state: State, seat: int) -> Action:
        return self.session.ask_human(state, seat)


class _Bot(Agent):
    """A bot seat: shows what happened since the last move, waits ``delay``, then lets the bot decide."""

    def __init__(self, session: PlaySession, bot: Agent) -> None:
        self.session = session
        self.bot = bot
        self.name = bot.name

    def choose(self, state: State, seat: int) -> Action:
        self.session.flush()
        if self.session.delay > 0:
            self.session.sleep(self.session.delay)
        return self.bot.choose(state, seat)


class PlaySession:
    """One game at the terminal. ``run()`` plays it to the end (or until the humans leave) and returns
    the exit code."""

    def __init__(self, game: Game[Any], seats: Sequence[str], screen: Screen, *, seed: int | None = None,
                 hotseat: bool = False, delay: float = 0.0, save: Path | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
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
        self.save_path = save
        self.seed = seed
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
        self.state = game.new_game(seed)
        self._streamed = 0
        self._seen = {h: 0 for h in self.humans}
        self._last_mover: int | None = None

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        console = self.screen.console
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
            return 0
        except EOFError:
            console.print("\nEnd of input: the game is abandoned.")
            self._autosave()
            return 0
        except KeyboardInterrupt:
            console.print("\nInterrupted: the game is abandoned.")
            self._autosave()
            return 130
        except MatchAborted as e:
            console.print(f"The game did not end: {e}", style="red")
            return 1
        self.flush()
        self._show_end()
        if self.save_path is not None:
            self._save(self.save_path)
        return 0

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
                self.screen.print(Text.assemble((name, "bold cyan"), " ▸ ", line))
            else:
                self.screen.print(Text.assemble("  · ", line))

    def _show_end(self) -> None:
        console = self.screen.console
        outcome = self.state.outcome
        assert outcome is not None
        final_seat = self.viewer if not self.hotseat else None
        console.print(Rule("Game over"))
        console.print(render_view(self.game.spec.name, self.state.view(final_seat)))
        console.print(outcome_table(outcome, self.names))
        console.print(Text(winners_text(outcome, self.names), style="bold green"))

    # ------------------------------------------------------------------ a human decision
    def ask_human(self, state: State, seat: int) -> Action:
        self.flush()
        name = self.names[seat]
        if self.hotseat:
            # Since the last clear the screen has shown only what a spectator may see (the previous
            # human's screen was cleared when they decided); clear again once the next player sits down.
            self.screen.ask(Text(f"Pass the terminal to {name}, then press Enter ", style="bold yellow"))
            self.screen.clear()
        self._show_turn(state, seat)
        legal = state.legal_actions(seat)
        try:
            while True:
                text = self.screen.ask(Text(f"{name} > ", style="bold")).strip()
                action = self._read(state, seat, legal, text)
                if action is not None:
                    self._seen[seat] = len(state.events(seat))
                    return action
        finally:
            if self.hotseat:
                self.screen.clear()

    def _read(self, state: State, seat: int, legal: list[Action], text: str) -> Action | None:
        """The action ``text`` names, or None after handling a command or reporting bad input."""
        screen = self.screen
        word = text.lower()
        if not text:
            screen.print(f"Choose 1-{len(legal)}, type an action, or 'help'.", style="yellow")
            return None
        if word in ("help", "?", "h"):
            screen.print(Panel(HELP, title="help", box=box.ROUNDED, expand=False))
            return None
        if word in ("view", "redraw", "show"):
            self._show_turn(state, seat, recap=False)
            return None
        if word == "log":
            for event in state.events(seat):
                screen.print(Text.assemble("  · ", describe(self.game.spec.name, event, seat)))
            return None
        if word in ("quit", "exit", "q"):
            if screen.confirm("Leave this game?"):
                self._offer_save()
                raise QuitGame
            return None
        if text.startswith("#") and text[1:].strip().isdigit():
            text = text[1:].strip()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            screen.print(f"There is no choice {n}: choose 1-{len(legal)}.", style="red")
            return None
        if text.startswith("="):
            text = text[1:].strip()
        try:
            return state.parse_action(seat, text)
        except MedievalError as e:
            screen.print(Text(str(e), style="red"))
            return None

    def _show_turn(self, state: State, seat: int, recap: bool = True) -> None:
        console = self.screen.console
        name = self.names[seat]
        view = state.view(seat)
        console.print(Rule(f"{name} to decide · move {len(state.history) + 1}"))
        console.print(render_view(self.game.spec.name, view))
        scores = view.get("scores")
        if isinstance(scores, list) and len(scores) == len(self.names):
            console.print("Scores: " + " · ".join(f"{n} {_num(s)}" for n, s in zip(self.names, scores, strict=True)))
        to_move = ", ".join(self.names[s] for s in state.to_move)
        console.print(Text.assemble("To move: ", (to_move, "bold yellow")))
        if recap:
            events = state.events(seat)[self._seen[seat]:]
            if events:
                console.print(Text("Since your last decision:", style="bold"))
                for event in events:
                    console.print(Text.assemble("  · ", describe(self.game.spec.name, event, seat)))
        console.print(Text(f"Your choices, {name}:", style="bold"))
        console.print(choices_grid([str(a) for a in state.legal_actions(seat)], console.width))

    # ------------------------------------------------------------------ saving
    def _save(self, path: Path) -> None:
        record: dict[str, Any] = self.state.record()
        record["seats"] = list(self.specs)
        write_json(path, record)
        self.screen.print(f"Game record saved to {path} (watch it again: medieval replay {path})")

    def _offer_save(self) -> None:
        try:
            if self.save_path is not None:
                if self.screen.confirm(f"Save the game so far to {self.save_path}?", default=True):
                    self._save(self.save_path)
                return
            answer = self.screen.ask(Text("Save the game so far? File name (Enter to skip): ")).strip()
            if answer:
                self._save(Path(answer))
        except CliError as e:
            self.screen.print(Text(f"Not saved: {e}", style="red"))
        except (EOFError, KeyboardInterrupt):
            self.screen.print("")

    def _autosave(self) -> None:
        if self.save_path is not None:
            try:
                self._save(self.save_path)
            except CliError as e:
                self.screen.print(Text(f"Not saved: {e}", style="red"))


def choices_grid(notations: list[str], width: int) -> Table:
    """The legal actions numbered from 1, in as many columns as fit, filled column by column."""
    digits = len(str(len(notations)))
    cells = [Text.assemble((f"{i:>{digits}}.", "cyan"), f" {a}") for i, a in enumerate(notations, 1)]
    cell_width = max((c.cell_len for c in cells), default=1) + 3
    cols = max(1, min(len(cells), width // cell_width))
    rows = max(1, math.ceil(len(cells) / cols))
    cols = max(1, math.ceil(len(cells) / rows))
    grid = Table.grid(padding=(0, 3))
    for _ in range(cols):
        grid.add_column(no_wrap=True)
    for r in range(rows):
        grid.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else Text("") for c in range(cols)])
    return grid


def _num(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
