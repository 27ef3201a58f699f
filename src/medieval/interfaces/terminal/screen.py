"""The terminal a session talks through: a Rich console for output, an input function (injectable for
tests and scripts: no real TTY needed) and a way to clear the screen (for hot-seat play)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.text import Text

InputFn = Callable[[str], str]


class Screen:
    """Output through ``console``; input through ``input_fn`` (default: the built-in ``input``, which
    reads standard input whether or not it is a terminal). ``input_fn`` raises EOFError at the end of
    input and KeyboardInterrupt on Ctrl-C, as ``input`` does."""

    def __init__(self, console: Console | None = None, input_fn: InputFn | None = None,
                 clear: Callable[[], None] | None = None, echo: bool | None = None) -> None:
        self.console = console if console is not None else Console()
        self.input_fn: InputFn = input_fn if input_fn is not None else input
        self._clear = clear
        #: Print each answer after reading it, so a transcript of scripted input reads like a session
        #: (default: when the answers do not come from a person at a terminal).
        self.echo = echo if echo is not None else (input_fn is not None or not _stdin_is_tty())

    def print(self, *objects: RenderableType, **kwargs: object) -> None:
        self.console.print(*objects, **kwargs)  # type: ignore[arg-type]

    def ask(self, prompt: str | Text = "") -> str:
        """Show ``prompt`` and read one line (without its newline)."""
        if prompt:
            self.console.print(prompt, end="")
        answer = self.input_fn("")
        if self.echo:
            self.console.print(answer, markup=False, highlight=False)
        return answer

    def confirm(self, question: str, default: bool = False) -> bool:
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(Text(f"{question} {hint} ", style="bold")).strip().lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.console.print("Please answer y or n.", style="red")

    def clear(self, scrollback: bool = False) -> None:
        """Clear the screen, and with ``scrollback`` the lines scrolled off it too (hot-seat play hides
        one player's hand before the next sits down)."""
        if self._clear is not None:
            self._clear()
            return
        if self.console.is_terminal:
            # home, erase the screen, erase the scrollback (xterm's ED 3, understood by tmux, VTE, ...)
            self.console.file.write("\x1b[H\x1b[2J" + ("\x1b[3J" if scrollback else ""))
            self.console.file.flush()
        else:  # not a terminal (a pipe or a file): scroll old screens far away at least
            self.console.print("\n" * 3, end="")


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
