"""MidEvil in the terminal: the map as a coloured grid of squares (two characters a square) with the
pawns, skeletons, Humans, the Necronomicon and waiting Horses on it; every player's situation; the
seat's hand; the pending decision. Drawn from ``state.view(seat)`` only."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.text import seat_label
from medieval.games.midevil.view import MidEvilView

#: Terrain character of the view's map -> (glyph, style).
TERRAIN_STYLE = {
    " ": ("  ", ""),
    ".": ("· ", "dark_green on dark_olive_green3"),
    "R": ("░░", "grey54 on grey50"),
    "T": ("♣♣", "bold green on dark_green"),
    "~": ("≈≈", "bright_blue on blue"),
    "=": ("══", "grey19 on tan"),
    "#": ("▒▒", "grey35 on grey30"),
    "F": ("▲▲", "bold yellow on red"),
    "A": ("✝ ", "bold white on magenta"),
    "C": ("✟ ", "bold white on purple4"),
}
SKELETON_STYLE = {"white": "bold white", "red": "bold red", "blue": "bold bright_blue"}
PHASES = {"place": "placing a tile", "seed": "choosing skeleton colours", "combat": "skeleton combat",
          "move": "moving", "commit": "player combat: secret commitment", "pvp": "player combat: re-rolls",
          "skeletons": "skeleton phase", "discard": "end of turn", "over": "game over"}


def _p(seat: Any) -> str:
    return seat_label(seat)


def map_grid(view: MidEvilView) -> Text:
    """The map: terrain background, then pawn digits, skeleton letters (W R B), Humans (h), the book
    (¤) and waiting Horses (H)."""
    m = view["map"]
    left, top = m["left"], m["top"]
    rows = m["rows"]
    width = m["width"]
    first: dict[tuple[int, int], tuple[str, str]] = {}
    second: dict[tuple[int, int], tuple[str, str]] = {}
    for x, y in view["humans_on_map"]:
        second[(x, y)] = ("h", "bold black")
    for x, y, colour in view["skeletons"]:
        second[(x, y)] = (colour[0].upper(), SKELETON_STYLE.get(colour, "bold"))
    for p in view["pawns"]:
        horse = p["horse_waiting_at"]
        if horse:
            first.setdefault((horse[0], horse[1]), ("H", "bold yellow"))
    book = view["book"]
    square = book["square"]
    if book["status"] == "graveyard" and square:
        first[(square[0], square[1])] = ("¤", "bold yellow")
    here: dict[tuple[int, int], list[int]] = {}
    for p in view["pawns"]:
        here.setdefault((p["x"], p["y"]), []).append(p["seat"])
    for xy, seats in here.items():
        holder = any(view["pawns"][s]["has_book"] for s in seats)
        glyph = str(seats[0]) if len(seats) == 1 else "*"
        first[xy] = (glyph, "bold yellow reverse" if holder else "bold black on white")
    out = Text()
    for j, row in enumerate(rows):
        y = top + j
        for i in range(width):
            x = left + i
            ch = row[i] if i < len(row) else " "
            glyph, style = TERRAIN_STYLE.get(ch, ("??", ""))
            a, b = glyph[0], glyph[1]
            sa = sb = style
            if (x, y) in first:
                a, s1 = first[(x, y)]
                sa = f"{s1} {_bg(style)}".strip() if "on " not in s1 else s1
            if (x, y) in second:
                b, s2 = second[(x, y)]
                sb = f"{s2} {_bg(style)}".strip()
            out.append(a, style=sa)
            out.append(b, style=sb)
        out.append("\n")
    return out


def _bg(style: str) -> str:
    """The background part ("on colour") of a style."""
    i = style.find("on ")
    return style[i:] if i >= 0 else ""


def _players(view: MidEvilView) -> Table:
    me = view["seat"]
    to_move = view["to_move"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for col in ("seat", "square", "Humans", "skeletons W/R/B", "points", "items", "cards"):
        table.add_column(col, justify="right" if col in ("Humans", "points", "cards") else "left")
    for p in view["pawns"]:
        s = p["seat"]
        name = Text(_p(s), style="bold" if s == me else "")
        if s == me:
            name.append(" (you)")
        if s in to_move:
            name = Text("▶ ", style="yellow") + name
        if p["has_book"]:
            name.append(" [book]", style="bold yellow")
        k = p["skeletons"]
        items = ", ".join(p["in_play"])
        horse = p["horse_waiting_at"]
        if horse:
            items += f" (Horse waits at {horse[0]},{horse[1]})"
        table.add_row(name, f"{p['x']},{p['y']}", str(p["humans"]), f"{k['white']}/{k['red']}/{k['blue']}",
                      str(p["points"]), items or "-", str(p["hand_count"]))
    return table


def _pending(view: MidEvilView) -> Text:
    out = view["outcome"]
    if out:
        winners = ", ".join(_p(w) for w in out["winners"])
        return Text(f"Game over ({out['termination']}) — won by {winners}", style="bold green")
    pending = view["pending"]
    seats = ", ".join(_p(s) for s in pending["seats"])
    line = Text(f"Now: {seats} — {pending['what']}", style="bold yellow")
    combat = view.get("combat")
    if combat:
        line.append(f"  (skeleton {combat['skeleton']} at {combat['square'][0]},{combat['square'][1]}: "
                    f"rolled {combat['roll']} + {combat['bonus']}, need {combat['need']})", style="yellow")
    mv = view["movement"]
    if view["phase"] == "move":
        line.append(f"  (roll {mv['roll']}, {mv['half_steps_left'] / 2:g} squares left"
                    f"{', riding' if mv['riding'] else ''})", style="yellow")
    sk = view.get("skeleton_phase")
    if sk:
        line.append(f"  ({sk['left']} skeletons still to move)", style="yellow")
    pc = view.get("player_combat")
    if pc:
        parts = []
        for role, side in (("challenger", pc["challenger"]), ("holder", pc["holder"])):
            c = side.get("committed")
            hidden = "hidden" if c is None else (f"W{c['white']} R{c['red']} B{c['blue']} H{c['humans']}")
            parts.append(f"{role} {_p(side['seat'])}: die {side['die']}, {hidden}")
        line.append("  (" + "; ".join(parts) + ")", style="yellow")
    return line


def render(view: MidEvilView) -> RenderableType:
    """The picture of a MidEvil view."""
    seat = view["seat"]
    who = "spectator" if seat is None else _p(seat)
    head = Text.assemble(("MidEvil", "bold magenta"), f" · round {view['round']}/{view['max_rounds']} · ",
                         (PHASES.get(view["phase"], view["phase"]), "bold"),
                         f" · {_p(view['turn'])}'s turn · view of {who}")
    book = view["book"]
    status = {"set_aside": "set aside (Graveyard not on the map yet)", "graveyard": "on the Graveyard",
              "held": f"held by {_p(book['holder'])}"}[book["status"]]
    drawn = view["drawn_tile"]
    info = Text(f"Necronomicon {status} · tile deck {view['tile_deck']}"
                f"{' · drawn: ' + drawn if drawn else ''}"
                f" · event deck {view['event_deck']} · pool W{view['pool']['white']} R{view['pool']['red']} "
                f"B{view['pool']['blue']} · Human supply {view['human_supply']}")
    parts: list[RenderableType] = [head, Panel(map_grid(view), box=box.ROUNDED, expand=False,
                                               title="map", title_align="left"), info, _players(view)]
    me = view["pawns"][seat] if isinstance(seat, int) else None
    if me is not None and "hand" in me:
        hand = Text(", ").join(Text(c, style="bold cyan") for c in me["hand"]) if me["hand"] else Text("empty")
        parts.append(Text.assemble("Hand: ", hand))
    parts.append(_pending(view))
    return Group(*parts)
