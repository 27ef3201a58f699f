"""Pieces shared by the games' terminal pictures (``render.py``) and the terminal's own lines."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text


class Hanging:
    """``text`` as one paragraph whose continuation lines are indented by ``indent`` cells, so that a
    wrapped line still reads as one item of a list::

        ▶ F0 P0 you · food 0/0 · hand 3:  City1 1/5 1W  visitors:
            Knight2 P1 4/2
    """

    def __init__(self, text: Text, indent: int = 4) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        if self.text.cell_len <= width or width <= self.indent + 8:
            yield self.text
            return
        lines = self.text.wrap(console, width - self.indent, justify="left", overflow="fold")
        out = Text()
        for i, line in enumerate(lines):
            if i:
                out.append("\n" + " " * self.indent)
            out.append_text(line)
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    @property
    def plain(self) -> str:
        """The text without its styles (as ``Text.plain``), for tests and captures."""
        return self.text.plain
