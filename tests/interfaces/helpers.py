"""Scripted terminals for driving the CLI and the play loop without a TTY."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from rich.console import Console

from medieval.interfaces.terminal.screen import Screen

CLEAR = "<<CLEAR>>"


class Scripted:
    """An input function answering from a list (or a callable); EOFError when it runs out."""

    def __init__(self, answers: Iterable[str] | Callable[[], str] = ()) -> None:
        self._next: Callable[[], str]
        if callable(answers):
            self._next = answers
        else:
            it = iter(answers)
            self._next = lambda: next(it)
        self.asked = 0

    def __call__(self, prompt: str) -> str:
        self.asked += 1
        try:
            return self._next()
        except StopIteration:
            raise EOFError from None


def make_screen(answers: Iterable[str] | Callable[[], str] = (), width: int = 200) -> tuple[Screen, io.StringIO]:
    """A screen writing plain text to a buffer; clearing the screen writes the CLEAR marker."""
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False, legacy_windows=False)

    def clear() -> None:
        buf.write(f"\n{CLEAR}\n")

    screen = Screen(console, Scripted(answers), clear=clear)
    return screen, buf
