"""The numbered list of a seat's legal actions, folded to fit the lines it is given.

The menu numbers actions in one fixed order for a decision, whatever is shown: actions that differ in
one word only (``play W as 2`` ... ``play W as 14``, ``skeleton 2,-1 N`` ... ``W``) sit next to each other,
so a folded line can stand for a range of numbers (``8-20. play W as 2…14``). Folding happens only when
the plain list does not fit: first such families fold, then whole verbs (``lay … 39 ways``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

MIN_FAMILY = 3
MAX_FAMILY_LABEL = 40  # a longer folded line reads worse than the verb folded whole


@dataclass(frozen=True)
class Entry:
    """One line of the menu: the numbers ``first..last`` (1-based, inclusive) and what they read."""

    first: int
    last: int
    label: str
    note: str = ""  # what the choice costs, or such (shown dim after it)

    @property
    def numbers(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"


def _int(token: str) -> int | None:
    try:
        return int(token)
    except ValueError:
        return None


def _family_label(toks: Sequence[Sequence[str]], pos: int) -> str:
    """One line for actions alike but for the word at ``pos``: ``play W as 2…14``, ``move N|E|S``."""
    values = [t[pos] for t in toks]
    ints = [_int(v) for v in values]
    start = ints[0]
    if start is not None and sorted(v for v in ints if v is not None) == list(range(start, start + len(ints))) \
            and ints == sorted(ints, key=lambda v: v or 0):
        word = f"{values[0]}…{values[-1]}"
    else:
        word = "|".join(values)
    return " ".join([*toks[0][:pos], word, *toks[0][pos + 1:]])


def _families(notations: Sequence[str]) -> list[tuple[int, list[int]]]:
    """Groups of actions alike but for the word at one position: (position, indices), largest first,
    each action in at most one group."""
    tokens = [n.split() for n in notations]
    candidates: dict[tuple[int, int, tuple[str, ...]], list[int]] = {}
    for i, toks in enumerate(tokens):
        for pos in range(1, len(toks)):
            key = (len(toks), pos, tuple(toks[:pos] + toks[pos + 1:]))
            candidates.setdefault(key, []).append(i)
    taken: set[int] = set()
    out: list[tuple[int, list[int]]] = []
    for (_, pos, _), members in sorted(candidates.items(), key=lambda kv: (-len(kv[1]), kv[1][0])):
        if all(_int(tokens[i][pos]) is not None for i in members):
            members = sorted(members, key=lambda i: int(tokens[i][pos]))
        free = [i for i in members if i not in taken]
        label = _family_label([tokens[i] for i in members], pos)
        if len(free) >= MIN_FAMILY and len(free) == len(members) and len(label) <= MAX_FAMILY_LABEL:
            out.append((pos, free))
            taken.update(free)
    return out


class Menu:
    """The legal actions of one decision (their notations), numbered in menu order."""

    def __init__(self, notations: Sequence[str], notes: Mapping[str, str] | None = None) -> None:
        self.notes = dict(notes or {})
        families = _families(notations)
        family_of: dict[int, int] = {}
        for f, (_, members) in enumerate(families):
            for i in members:
                family_of[i] = f
        #: indices into the legal list, in menu order: choice n is ``order[n - 1]``
        self.order: list[int] = []
        self._runs: list[tuple[int | None, list[int]]] = []  # (position or None, menu positions)
        done: set[int] = set()
        for i in range(len(notations)):
            if i in done:
                continue
            family = family_of.get(i)
            if family is None:
                self._runs.append((None, [len(self.order)]))
                self.order.append(i)
                done.add(i)
                continue
            pos, members = families[family]
            self._runs.append((pos, list(range(len(self.order), len(self.order) + len(members)))))
            self.order.extend(members)
            done.update(members)
        self.notations = [notations[i] for i in self.order]

    def __len__(self) -> int:
        return len(self.order)

    def index(self, number: int) -> int:
        """The index in the legal list of choice ``number`` (1-based, menu order)."""
        return self.order[number - 1]

    # ------------------------------------------------------------------ the entries at each level
    def _family_entries(self) -> list[list[Entry]]:
        """Each run of the menu as entries: one per action, or one for a whole family."""
        out: list[list[Entry]] = []
        for pos, ks in self._runs:
            flat = [self._entry(k) for k in ks]
            if pos is None or len(ks) < MIN_FAMILY:
                out.append(flat)
                continue
            label = _family_label([self.notations[k].split() for k in ks], pos)
            out.append([Entry(ks[0] + 1, ks[-1] + 1, label)])
        return out

    def levels(self) -> list[list[Entry]]:
        """The menu from least to most folded. Each step folds the verb that takes the most lines one
        step further: its families of actions alike but for one word become one line each, then the
        whole verb becomes one line (``lay … 40 ways``)."""
        runs = [(e[0].label.split()[0] if e else "", e) for e in self._family_entries()]
        flat_runs = [[self._entry(k) for k in ks] for _, ks in self._runs]
        verbs = list(dict.fromkeys(v for v, _ in runs))
        state = dict.fromkeys(verbs, 0)  # 0 flat, 1 families folded, 2 verb folded

        def build() -> list[Entry]:
            entries: list[Entry] = []
            folded_verb: dict[str, int] = {}
            for (verb, fam), flat in zip(runs, flat_runs, strict=True):
                if state[verb] == 2:
                    if verb in folded_verb:
                        i = folded_verb[verb]
                        entries[i] = Entry(entries[i].first, flat[-1].last, entries[i].label)
                    else:
                        folded_verb[verb] = len(entries)
                        entries.append(Entry(flat[0].first, flat[-1].last, verb))
                else:
                    entries.extend(fam if state[verb] == 1 else flat)
            return [Entry(e.first, e.last, f"{e.label} … {e.last - e.first + 1} ways ('choices {e.label}')")
                    if e.label in folded_verb and e.label == e.label.split()[0] and e.last > e.first else e
                    for e in entries]

        out = [build()]
        while True:
            counts: dict[str, int] = {}
            for e in out[-1]:
                verb = e.label.split()[0]
                counts[verb] = counts.get(verb, 0) + 1
            open_verbs = [v for v in verbs if state[v] < 2 and counts.get(v, 0) > 1]
            if not open_verbs:
                return out
            verb = max(open_verbs, key=lambda v: counts[v])
            before = counts[verb]
            state[verb] += 1
            entries = build()
            if state[verb] == 1 and sum(1 for e in entries if e.label.split()[0] == verb) == before:
                state[verb] = 2  # no family to fold: fold the whole verb
                entries = build()
            out.append(entries)

    def listing(self, verb: str | None = None) -> list[Entry]:
        """Every action (or every action of ``verb``), numbered."""
        return [self._entry(k) for k, n in enumerate(self.notations) if verb is None or n.split()[0] == verb]

    def _entry(self, k: int) -> Entry:
        n = self.notations[k]
        return Entry(k + 1, k + 1, n, self.notes.get(n, ""))

    def flat(self, width: int) -> tuple[RenderableType, int]:
        """Every choice on its own, unfolded, at ``width``; and its height."""
        return _grid(self.levels()[0], width)

    def render(self, width: int, max_lines: int | None = None) -> tuple[RenderableType, int]:
        """The menu in at most ``max_lines`` lines (None: no limit) at ``width``: the least folded level
        that fits, else the most folded one cut short with a note. Returns it and its height."""
        best: list[Entry] = []
        for entries in self.levels():
            grid, rows = _grid(entries, width)
            if max_lines is None or rows <= max_lines:
                return grid, rows
            best = entries
        room = max(1, (max_lines or 1) - 1)
        cut: list[Entry] = []
        for n in range(len(best), 0, -1):
            cut = best[:n]
            if _grid(cut, width)[1] <= room:
                break
        grid, rows = _grid(cut, width)
        rest = best[len(cut)].first if len(cut) < len(best) else len(self) + 1
        note = Text(f"  … choices {rest}-{len(self)} not shown: 'choices' lists them all", style="dim")
        return Group(grid, note), rows + 1


def cell(e: Entry, digits: int) -> Text:
    cell = Text.assemble((f"{e.numbers:>{digits}}.", "cyan"), f" {e.label}")
    if e.note:
        cell.append(f" ({e.note})", style="dim")
    return cell


def _grid(entries: Sequence[Entry], width: int) -> tuple[RenderableType, int]:
    """Entries in as many aligned columns as fit, filled column by column; when entries differ much in
    length, flowed line by line instead if that takes fewer lines."""
    digits = max((len(e.numbers) for e in entries), default=1)
    cells = [cell(e, digits) for e in entries]
    grid = Table.grid(padding=(0, 3))
    if not cells:
        grid.add_column()
        return grid, 0
    cell_width = max(c.cell_len for c in cells) + 3
    cols = max(1, min(len(cells), (width + 3) // cell_width))
    rows = max(1, math.ceil(len(cells) / cols))
    cols = max(1, math.ceil(len(cells) / rows))
    if cols == 1:
        rows = sum(max(1, math.ceil(c.cell_len / max(1, width))) for c in cells)
    flow = _flow([cell(e, 0) for e in entries], width)
    if len(flow) < rows:
        return Group(*flow), len(flow)
    for _ in range(cols):
        grid.add_column(no_wrap=cols > 1, overflow="ellipsis" if cols > 1 else "fold")
    for r in range(rows):
        grid.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else Text("") for c in range(cols)])
    return grid, rows


def _flow(cells: Sequence[Text], width: int) -> list[Text]:
    """Cells one after another, three spaces apart, a new line when the next one does not fit."""
    lines: list[Text] = []
    line = Text()
    for cell in cells:
        if line.cell_len and line.cell_len + 3 + cell.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("   ")
        line.append_text(cell)
    if line.cell_len:
        lines.append(line)
    return lines
