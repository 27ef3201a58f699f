"""What a player reads beside the board at a turn: the commands, help on a card or piece, the legend
of the board's symbols, and the pages such a text is cut into so that it shows under the board, in
the room the board leaves, rather than pushing the board off the screen.

Everything here is built as ``Text`` (never parsed as Rich markup), since the games' words may hold
brackets, as a legend's ``[dealer, first]`` does."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import CardHelp
from medieval.interfaces.terminal.renderers import plain_title

COMMANDS = [
    ("NUMBER", "play that choice; '8-20. play W as 2…14' stands for 8 to 20"),
    ("NOTATION", "play the action written so, e.g. 'play W as 9' ('=' first: notation only)"),
    ("help NAME", "what a card, piece or tile does (help Artisan)"),
    ("legend", "what the symbols on the board mean"),
    ("rules", "how to play this game"),
    ("choices", "every choice listed ('choices VERB': those of one verb)"),
    ("log", "everything you have seen happen in this game"),
    ("Enter", "draw the board again (while reading: the next page)"),
    ("quit", "leave the game (asks to confirm, offers to save it)"),
    ("Ctrl-D", "leave too (offers to save); a game left unfinished exits with code 1"),
]
#: Shown help entries at most; more are counted.
MAX_HELPS = 6
#: A detail of a card's help longer than this gets a line of its own.
SHORT_DETAIL = 30


def event_line(sentence: str | Text, lead: str | Text = "  · ") -> Hanging:
    """A line of the log: its lead (a bullet, or who moved), then the sentence; wrapped lines are
    indented under the sentence."""
    text = Text.assemble(lead, sentence)
    return Hanging(text, indent=min(Text(lead).cell_len if isinstance(lead, str) else lead.cell_len, 16))


def two_columns(rows: Sequence[tuple[str, str]], style: str = "bold") -> Table:
    """Words and their meanings, aligned; both taken as plain text."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style=style, no_wrap=True)
    table.add_column()
    for word, meaning in rows:
        table.add_row(Text(word), Text(meaning))
    return table


def help_table() -> Table:
    return two_columns(COMMANDS, style="bold cyan")


def legend_table(items: Sequence[tuple[str, str]]) -> RenderableType:
    if not items:
        return Text("This game's board uses no special symbols.", style="dim")
    return two_columns(items)


def _whole_word(word: str, text: str) -> bool:
    """``word`` (or a phrase) stands in ``text`` as whole words, whatever the case."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE) is not None


def help_heading(h: CardHelp) -> Text:
    """The title, with what sort of thing it is and how the notation writes it when the title does not
    say so already: ``Red Knight 7 (written 7r)``, ``IM02 Biting Twos (magic instructor)``."""
    title = h["title"]
    notes: list[str] = []
    kind = h["kind"].replace("_", " ")
    if "(" not in title and not all(_whole_word(w, title) for w in kind.split()):
        notes.append(kind)
    name = h["name"]
    if "_" not in name and not _whole_word(name, title):
        notes.append(f"written {name}")
    return Text.assemble((title, "bold"), f" ({', '.join(notes)})" if notes else "")


def help_details(details: dict[str, str]) -> list[Text]:
    """A card's facts as sentences: short ones together on a line (``Strength: 7 · Copies: 3``), a long
    one on a line of its own."""
    lines: list[Text] = []
    short: list[str] = []
    for key, value in details.items():
        fact = f"{key[:1].upper()}{key[1:]}: {value}"
        if len(fact) > SHORT_DETAIL:
            lines.append(Text(fact, style="dim"))
        else:
            short.append(fact)
    if short:
        lines.insert(0, Text(" · ".join(short), style="dim"))
    return lines


def card_help_text(found: Sequence[CardHelp]) -> RenderableType:
    parts: list[RenderableType] = []
    for i, h in enumerate(found[:MAX_HELPS]):
        if i:
            parts.append(Text(""))
        parts.append(help_heading(h))
        parts.append(Text(h["text"]))
        parts.extend(help_details(h["details"]))
    if len(found) > MAX_HELPS:
        more = ", ".join(plain_title(h) for h in found[MAX_HELPS:])
        parts.append(Text(f"… and {len(found) - MAX_HELPS} more: {more}", style="dim"))
    return Group(*parts)


@dataclass
class Reading:
    """A text cut into pages of at most ``room`` lines (the first page the latest lines when
    ``latest_first``: a log reads back from now)."""

    title: str
    lines: list[list[Segment]]
    room: int
    latest_first: bool = False
    page: int = 0

    @classmethod
    def of(cls, console: Console, title: str, text: RenderableType, room: int, latest_first: bool = False
           ) -> Reading:
        lines = console.render_lines(text, console.options.update(width=console.width), pad=False)
        return cls(title, lines, max(1, room), latest_first)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.lines) // self.room))

    def _span(self) -> tuple[int, int]:
        n = len(self.lines)
        if self.latest_first:
            end = n - self.page * self.room
            return max(0, end - self.room), end
        start = self.page * self.room
        return start, min(n, start + self.room)

    def last(self) -> bool:
        return self.page + 1 >= self.pages

    def heading(self) -> Text:
        """One line: the title, where this page is, what Enter does."""
        where = ""
        if self.pages > 1:
            lo, hi = self._span()
            where = f" (lines {lo + 1}-{hi} of {len(self.lines)})"
        enter = "back to the board" if self.last() else "earlier lines" if self.latest_first else "more"
        return Text.assemble((self.title, "bold"), (f"{where} · Enter: {enter}", "dim"), no_wrap=True,
                             overflow="ellipsis")

    def body(self) -> RenderableType:
        lo, hi = self._span()
        cut: list[Segment] = []
        for line in self.lines[lo:hi]:
            cut.extend(line)
            cut.append(Segment.line())
        return Segments(cut)
