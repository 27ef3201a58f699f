"""Medievalia in the terminal: the Tower (direction, Magic Field and Magic Instructor cards), the table
and its total, the players' hands and creature stacks, the scores by round, and the viewer's hand in
colour. Drawn from ``state.view(seat)`` only (the sentences of the log are in text.py)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import seat_label
from medieval.games.medievalia.text import ending
from medieval.games.medievalia.view import MedievaliaView

_SPECIAL_STYLE = {"W": "bold magenta", "S": "bold cyan", "R": "bold cyan"}
_EFFECTS = {"skip": "skip", "reverse": "skip + reverse", "choose": "skip, names the next"}


def card_text(name: str) -> Text:
    """One card as a coloured chip: numbers shade from green (low) to red (high)."""
    if name in _SPECIAL_STYLE:
        return Text(f"[{name}]", style=_SPECIAL_STYLE[name])
    v = int(name)
    style = "green" if v <= 4 else "yellow" if v <= 9 else "bold red"
    return Text(f"[{v}]", style=style)


def cards_text(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(card_text(name))
    return out


def _play_text(cards: str) -> Text:
    """A play's cards as written on the table (``5 5 W`` or ``W W as 7``)."""
    names, _, value = cards.partition(" as ")
    out = cards_text(names.split())
    if value:
        out.append(f" as {value}", style="magenta")
    return out


def _tower(view: MedievaliaView) -> RenderableType:
    tower = view["tower"]
    arrow = "↻ clockwise" if view["direction"] == "clockwise" else "↺ counterclockwise"
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row("Direction", Text(arrow, style="bold"))
    for label, card in (("Magic Field", tower["field"]), ("Magic Instructor", tower["instructor"])):
        if card is None:
            grid.add_row(label, Text("none (base rules)", style="dim"))
            continue
        head = Text(f"{card['code']} {card['name']}", style="bold yellow")
        if card["source"] == "design":
            head.append("  (our design)", style="dim italic")
        grid.add_row(label, Group(head, Text(card["text"], style="italic")))
    return Panel(grid, title="Tower", border_style="blue")


def _table(view: MedievaliaView) -> RenderableType:
    table = view["table"]
    body = Table.grid(padding=(0, 1))
    body.add_column(justify="right", style="dim")
    body.add_column()
    body.add_column(justify="right")
    if not table["plays"] and not table["count"]:
        body.add_row("", Text("empty — the player to move leads", style="dim"), "")
    for p in table["plays"]:
        if p["total"]:
            note = Text(f"= {p['total']}", style="bold")
        else:
            note = Text(_EFFECTS.get(p["effect"] or "", ""), style="cyan")
            if p["next"] is not None:
                note.append(f" → {seat_label(p['next'])}")
        body.add_row(seat_label(p["seat"]), _play_text(p["cards"]), note)
    seat = view["seat"]
    footer = Text(f"Total {table['total']}", style="bold")
    if view["pending"] is not None and table["total"]:
        who = view["pending"]["seat"]
        footer.append(f"  ·  {seat_label(who)} must reach {table['need'][who]}")
    count = table["count"]
    footer.append(f"  ·  {count} open card{'' if count == 1 else 's'}  ·  deck {view['deck_size']}")
    if seat is not None and view["pending"] is not None and view["pending"]["seat"] == seat:
        footer.append("  ·  your move", style="bold green")
    return Panel(Group(body, footer), title="Table", border_style="green")


def _players(view: MedievaliaView) -> RenderableType:
    n = view["players"]
    rounds = view["round_scores"]
    t = Table(title="Players", expand=False)
    t.add_column("")
    t.add_column("seat")
    t.add_column("hand", justify="right")
    t.add_column("stack", justify="right")
    for r in range(len(rounds)):
        t.add_column(f"R{r + 1}", justify="right")
    t.add_column("total", justify="right", style="bold")
    winners = set(view["outcome"]["winners"]) if view["outcome"] else set()
    for s in range(n):
        mark = "▶" if s in view["to_move"] else ("★" if s in winners else "")
        who = seat_label(s) + (" (you)" if s == view["seat"] else "") + (" ◆" if s == view["first_player"] else "")
        t.add_row(mark, who, str(view["hand_sizes"][s]), str(view["stack_sizes"][s]),
                  *(f"{r[s]:+d}" for r in rounds), f"{view['scores'][s]:+d}")
    return t


def render(view: MedievaliaView) -> RenderableType:
    """The picture of a Medievalia view."""
    seat = view["seat"]
    who = "spectator" if seat is None else seat_label(seat)
    head = Text.assemble(("Medievalia", "bold magenta"), f" · round {view['round']} of {view['rounds']} · ",
                         (view["direction"], "bold"), (f" · view of {who}", "dim"))
    parts: list[RenderableType] = [head, _tower(view), _table(view), _players(view)]
    if view["hand"] is not None:
        parts.append(Panel(cards_text(view["hand"]) if view["hand"] else Text("(empty)", style="dim"),
                           title="Your hand", border_style="magenta"))
    last = view["last_round"]
    if last is not None:
        notes = "; ".join(last["notes"])
        scores = ", ".join(f"{seat_label(i)} {x:+d}" for i, x in enumerate(last["scores"]))
        parts.append(Text(f"Round {last['round']}: {seat_label(last['hitter'])} went out; scores {scores}"
                          + (f" ({notes})" if notes else ""), style="dim"))
    if view["outcome"] is not None:
        parts.append(_game_over(view))
    return Group(*parts)


def _game_over(view: MedievaliaView) -> Text:
    out = view["outcome"]
    assert out is not None
    winners = [seat_label(w) for w in out["winners"]]
    who = f"{winners[0]} wins" if len(winners) == 1 else f"{', '.join(winners[:-1])} and {winners[-1]} share the win"
    return Text(f"Game over: {who} ({ending(out['termination'])})", style="bold green")


def render_compact(view: MedievaliaView) -> RenderableType:
    """A Medievalia view without boxes: the Tower's cards by name (``help CODE`` reads them), the
    table's plays on a line, a line per seat."""
    seat = view["seat"]
    tower = view["tower"]
    arrow = "↻ clockwise" if view["direction"] == "clockwise" else "↺ counterclockwise"
    head = Text.assemble(("Medievalia", "bold magenta"), f" · round {view['round']} of {view['rounds']} · ",
                         (arrow, "bold"), f" · deck {view['deck_size']}")
    towers = Text()
    for label, c in (("Field", tower["field"]), ("Instructor", tower["instructor"])):
        if towers.cell_len:
            towers.append(" · ")
        towers.append(f"{label} ", style="bold")
        if c is None:
            towers.append("none", style="dim")
        else:
            towers.append(f"{c['code']} {c['name']}", style="yellow")
    parts: list[RenderableType] = [head, towers]
    table = view["table"]
    line = Text("Table: ", style="bold")
    if not table["plays"] and not table["count"]:
        line.append("empty — the player to move leads", style="dim")
    for i, p in enumerate(table["plays"]):
        if i:
            line.append("  ")
        line.append(f"{seat_label(p['seat'])} ", style="dim")
        line.append_text(_play_text(p["cards"]))
        if p["total"]:
            line.append(f"={p['total']}", style="bold")
        else:
            line.append(f" {_EFFECTS.get(p['effect'] or '', '')}", style="cyan")
            if p["next"] is not None:
                line.append(f"→{seat_label(p['next'])}", style="cyan")
    parts.append(Hanging(line, 7))
    foot = Text(f"Total {table['total']}", style="bold")
    if view["pending"] is not None and table["total"]:
        who = view["pending"]["seat"]
        foot.append(f" · {'you' if who == seat else seat_label(who)} must reach {table['need'][who]}")
    count = table["count"]
    foot.append(f" · {count} open card{'' if count == 1 else 's'}")
    parts.append(foot)
    winners = set(view["outcome"]["winners"]) if view["outcome"] else set()
    for s in range(view["players"]):
        mark = "▶ " if s in view["to_move"] else ("★ " if s in winners else "  ")
        row = Text(mark, style="yellow")
        row.append(seat_label(s) + (" you" if s == seat else ""), style="bold" if s == seat else "")
        if s == view["first_player"]:
            row.append(" ◆", style="dim")
        row.append(f"  hand {view['hand_sizes'][s]}  stack {view['stack_sizes'][s]}  ")
        rounds = " ".join(f"{r[s]:+d}" for r in view["round_scores"])
        if rounds:
            row.append(f"rounds {rounds}  ", style="dim")
        row.append(f"total {view['scores'][s]:+d}", style="bold")
        parts.append(row)
    if view["hand"] is not None:
        parts.append(Text.assemble(("Your hand: ", "bold"), cards_text(view["hand"]) if view["hand"]
                                   else Text("(empty)", style="dim")))
    last = view["last_round"]
    if last is not None and view["outcome"] is None:
        scores = ", ".join(f"{seat_label(i)} {x:+d}" for i, x in enumerate(last["scores"]))
        parts.append(Text(f"Round {last['round']}: {seat_label(last['hitter'])} went out; {scores}", style="dim"))
    if view["outcome"] is not None:
        parts.append(_game_over(view))
    return Group(*parts)
