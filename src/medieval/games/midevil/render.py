"""MidEvil in the terminal: the map as a coloured grid of squares (two characters a square) with the
pawns, skeletons, Humans, the Necronomicon and waiting Horses on it, and the square coordinates that
actions use along its edges; the drawn tile in each of its turns before it is placed, and while a tile
is to be placed the free tile positions around the map marked with their tile coordinates; every
player's situation; the seat's hand; the pending decision. Drawn from ``state.view(seat)`` only.
``render_compact`` fits an 80x24 screen: a window of the map around the action, a line per two seats."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import seat_label
from medieval.games.midevil.components import TILE_BY_NAME
from medieval.games.midevil.geometry import geometry
from medieval.games.midevil.text import ending
from medieval.games.midevil.view import MidEvilView

TILE = 3  # squares along a tile's side: tile (x, y) covers squares 3x..3x+2, 3y..3y+2
WIDTH = 80  # the screen the compact picture is made for

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
          "skeletons": "skeleton phase", "discard": "end of turn", "react": "a reaction", "over": "game over"}


def _p(seat: Any) -> str:
    return seat_label(seat)


def _tokens(view: MidEvilView) -> tuple[dict[tuple[int, int], tuple[str, str]], dict[tuple[int, int], tuple[str, str]]]:
    """What stands on each square: the first character (a pawn's seat, * for several pawns, the book ¤,
    a waiting Horse H) and the second (a skeleton's letter W R B, a Human h)."""
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
    return first, second


def _square(view: MidEvilView, x: int, y: int, first: dict[tuple[int, int], tuple[str, str]],
            second: dict[tuple[int, int], tuple[str, str]]) -> list[tuple[str, str]]:
    m = view["map"]
    i, j = x - m["left"], y - m["top"]
    ch = " "
    if 0 <= j < len(m["rows"]) and 0 <= i < len(m["rows"][j]):
        ch = m["rows"][j][i]
    glyph, style = TERRAIN_STYLE.get(ch, ("??", ""))
    a, b = glyph[0], glyph[1]
    sa = sb = style
    if (x, y) in first:
        a, s1 = first[(x, y)]
        sa = f"{s1} {_bg(style)}".strip() if "on " not in s1 else s1
    if (x, y) in second:
        b, s2 = second[(x, y)]
        sb = f"{s2} {_bg(style)}".strip()
    return [(a, sa), (b, sb)]


def map_grid(view: MidEvilView) -> Text:
    """The map: terrain background, then pawn digits, skeleton letters (W R B), Humans (h), the book
    (¤) and waiting Horses (H)."""
    m = view["map"]
    first, second = _tokens(view)
    out = Text()
    for j in range(len(m["rows"])):
        if j:
            out.append("\n")
        for i in range(m["width"]):
            for glyph, style in _square(view, m["left"] + i, m["top"] + j, first, second):
                out.append(glyph, style=style)
    return out


def _free_tiles(view: MidEvilView) -> set[tuple[int, int]]:
    """Tile positions next to a placed tile with no tile on them (where a tile may go)."""
    placed = {(t["x"], t["y"]) for t in view["tiles"]}
    return {(x + dx, y + dy) for x, y in placed for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - placed


def legal_tiles(view: MidEvilView) -> set[tuple[int, int]]:
    """While a tile is to be placed: the tile positions where the drawn tile fits in some turn (the
    engine's own geometry of the map the view shows; with doors allowed to face anything, so no position
    the rules allow is missing). Else, or if the view names an unknown tile, the free positions."""
    drawn = view["drawn_tile"]
    free = _free_tiles(view)
    if view["phase"] != "place" or not drawn:
        return free
    try:
        tiles = [[TILE_BY_NAME[t["tile"].lower()].index, t["x"], t["y"], t["rotation"] // 90] for t in view["tiles"]]
        return {(x, y) for x, y, _ in geometry(tiles).placements(TILE_BY_NAME[drawn.lower()].index, True)}
    except (KeyError, ValueError, IndexError):
        return free


def _focus(view: MidEvilView) -> tuple[int, int]:
    combat = view.get("combat")
    if combat:
        return combat["square"][0], combat["square"][1]
    pawn = view["pawns"][view["turn"]]
    return pawn["x"], pawn["y"]


def _window(lo: int, hi: int, size: int, centre: int, need: tuple[int, int] | None = None) -> tuple[int, int]:
    """``size`` coordinates within ``lo..hi`` around ``centre`` (all of them if they fit); ``need``: a span
    that must lie inside (centred on it instead, when it fits)."""
    if hi - lo + 1 <= size:
        return lo, hi
    if need is not None and need[1] - need[0] + 1 <= size:
        start = (need[0] + need[1] + 1 - size) // 2  # <= need[0], and start + size - 1 >= need[1]
        start = max(lo, min(start, hi - size + 1))
        return start, start + size - 1
    start = min(max(lo, centre - size // 2), hi - size + 1)
    return start, start + size - 1


def _span(values: list[int]) -> tuple[int, int] | None:
    return (min(values), max(values)) if values else None


def fits_window(view: MidEvilView, rows: int, cols: int) -> bool:
    """Whether a window of ``rows`` x ``cols`` squares can hold every tile position the drawn tile may
    go to (always, when no tile is being placed)."""
    if view["phase"] != "place":
        return True
    legal = legal_tiles(view)
    ys = [TILE * y + d for _, y in legal for d in (0, TILE - 1)]
    xs = [TILE * x + d for x, _ in legal for d in (0, TILE - 1)]
    return not legal or (max(ys) - min(ys) < rows and max(xs) - min(xs) < cols)


def labelled_map(view: MidEvilView, rows: int | None = None, cols: int | None = None) -> Text:
    """The map with its square coordinates: x along the top (at each tile's first column), y down the
    left. While a tile is to be placed, the tile positions where it fits show their tile coordinates (the
    other free positions are shaded), and a window holds them all when it can. ``rows``/``cols``: the
    most squares shown (a window around the action), None for all."""
    m = view["map"]
    left, top = m["left"], m["top"]
    right, bottom = left + m["width"] - 1, top + m["height"] - 1
    free = _free_tiles(view) if view["phase"] == "place" else set()
    legal = legal_tiles(view) & free if free else set()
    for tx, ty in free:
        left, right = min(left, TILE * tx), max(right, TILE * tx + TILE - 1)
        top, bottom = min(top, TILE * ty), max(bottom, TILE * ty + TILE - 1)
    fx, fy = _focus(view)
    need_x = _span([TILE * x + d for x, _ in legal for d in (0, TILE - 1)])
    need_y = _span([TILE * y + d for _, y in legal for d in (0, TILE - 1)])
    x0, x1 = _window(left, right, cols or right - left + 1, fx, need_x)
    y0, y1 = _window(top, bottom, rows or bottom - top + 1, fy, need_y)
    first, second = _tokens(view)
    labels: dict[tuple[int, int], str] = {}
    for tx, ty in legal:
        text = f"{tx},{ty}"
        labels[(TILE * tx, TILE * ty + 1)] = f"{text:^6}"
    out = Text("    ")
    axis = ""
    for x in range(x0, x1 + 1):
        if len(axis) <= 2 * (x - x0) and (x % TILE == 0 or x == x0):
            axis = axis.ljust(2 * (x - x0)) + str(x)
    out.append(axis, style="dim")
    for y in range(y0, y1 + 1):
        out.append("\n")
        out.append(f"{y:>3} ", style="dim")
        skip = 0
        for x in range(x0, x1 + 1):
            if skip:
                skip -= 1
                continue
            label = labels.get((x, y))
            if label is not None:
                width = min(len(label), 2 * (x1 - x + 1))
                out.append(label[:width], style="bold cyan on grey15")
                skip = width // 2 - 1
                continue
            tx, ty = x // TILE, y // TILE
            cells = _square(view, x, y, first, second)
            if (tx, ty) in free and cells[0][0] == " " and cells[1][0] == " ":
                cells = [(" ", "on grey15"), (" ", "on grey15")]
            for glyph, style in cells:
                out.append(glyph, style=style)
    return out


#: A placed tile's roads and doors in one character, by the sides (N, E, S, W) they open on.
_JUNCTIONS = {(0, 0, 0, 0): "■", (1, 0, 0, 0): "╨", (0, 1, 0, 0): "╞", (0, 0, 1, 0): "╥", (0, 0, 0, 1): "╡",
              (1, 0, 1, 0): "║", (0, 1, 0, 1): "═", (1, 1, 0, 0): "╚", (0, 1, 1, 0): "╔", (0, 0, 1, 1): "╗",
              (1, 0, 0, 1): "╝", (1, 1, 1, 0): "╠", (0, 1, 1, 1): "╦", (1, 0, 1, 1): "╣", (1, 1, 0, 1): "╩",
              (1, 1, 1, 1): "╬"}
OVERVIEW_CELL = 6  # characters a tile takes in the overview, as many as three squares in the map


def _overview_cell(view: MidEvilView, tile: Any, pawns: dict[tuple[int, int], list[int]]) -> Text:
    """A placed tile in six characters: its roads or doors west and east, a junction showing those north
    and south, and the pawn standing on it (``*`` for several)."""
    t = TILE_BY_NAME.get(str(tile["tile"]).lower())
    if t is None:
        return Text("  ??  ")
    n, e, s, w = (1 if k else 0 for k in t.edges[int(tile["rotation"]) // 90 % 4])
    here = pawns.get((tile["x"], tile["y"]), [])
    mark = (str(here[0]) if len(here) == 1 else "*") if here else ("═" if e else " ")
    centre = {"altar": "✝", "graveyard": "✟"}.get(t.centre, _JUNCTIONS[(n, e, s, w)])
    style = "bold magenta" if t.named else "grey70"
    return Text.assemble(("══" if w else "  ", style), (centre, style), (mark, "bold yellow" if here else style),
                         ("══" if e else "  ", style))


def tile_overview(view: MidEvilView, rows: int | None = None, cols: int | None = None) -> tuple[Text, list[str]]:
    """The map a tile a cell (one line a tile row), for a screen too small for every square while a tile
    is placed: each tile's roads and doors as a junction (╬ ═ ║ ...), the Altar ✝ and the Graveyard ✟,
    pawns by seat, and the tile positions where the drawn tile fits by their tile coordinates. ``rows``/
    ``cols``: the most tiles shown (a window holding those positions when it can). Returns the picture and
    the positions that still fall outside it."""
    placed = {(t["x"], t["y"]): t for t in view["tiles"]}
    legal = legal_tiles(view) - set(placed)
    spots = set(placed) | legal
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    fx, fy = _focus(view)
    x0, x1 = _window(min(xs), max(xs), cols or len(xs), fx // TILE, _span([x for x, _ in legal]))
    y0, y1 = _window(min(ys), max(ys), rows or len(ys), fy // TILE, _span([y for _, y in legal]))
    pawns: dict[tuple[int, int], list[int]] = {}
    for p in view["pawns"]:
        pawns.setdefault((p["x"] // TILE, p["y"] // TILE), []).append(p["seat"])
    out = Text("tile", style="dim")
    for x in range(x0, x1 + 1):
        out.append(f"{x:^{OVERVIEW_CELL}}", style="dim")
    for y in range(y0, y1 + 1):
        out.append("\n")
        out.append(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            if (x, y) in placed:
                out.append_text(_overview_cell(view, placed[(x, y)], pawns))
            elif (x, y) in legal:
                out.append(f"{f'{x},{y}':^{OVERVIEW_CELL}}", style="bold cyan on grey15")
            else:
                out.append(" " * OVERVIEW_CELL)
    outside = sorted(legal - {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}, key=lambda p: (p[1], p[0]))
    return out, [f"{x},{y}" for x, y in outside]


def tile_preview(name: str, compact: bool = False) -> Text:
    """The drawn tile in each of its distinct turns (``r0`` ... ``r270``), side by side."""
    tile = TILE_BY_NAME.get(name.lower())
    if tile is None:
        return Text(name)
    out = Text()
    rots = list(tile.rotations)
    out.append("".join(f"{'r' + str(r * 90):<8}" for r in rots).rstrip(), style="bold")
    for row in range(TILE):
        out.append("\n")
        for k, r in enumerate(rots):
            if k:
                out.append("  ")
            for c in range(TILE):
                ch = tile.terrain[r][TILE * row + c]
                glyph, style = TERRAIN_STYLE.get(ch, ("??", ""))
                out.append(glyph, style=style)
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


#: The moments of a reaction window (R7), in words.
_MOMENTS = {"move_roll": "after the movement roll", "combat": "after the missed combat roll",
            "pvp": "before the player combat's commitments"}


def _pending(view: MidEvilView) -> Text:
    out = view["outcome"]
    if out:
        winners = ", ".join(_p(w) for w in out["winners"])
        return Text(f"Game over ({ending(out['termination'])}) — won by {winners}", style="bold green")
    pending = view["pending"]
    seats = ", ".join(_p(s) for s in pending["seats"])
    line = Text(f"Now: {seats} — {pending['what']}", style="bold yellow")
    notes: list[str] = []
    reaction = view.get("reaction")
    if reaction:
        notes.append(f"a reaction {_MOMENTS[reaction['moment']]} on {_p(view['turn'])}'s turn")
    combat = view.get("combat")
    if combat:
        notes.append(f"the {combat['skeleton']} skeleton at {combat['square'][0]},{combat['square'][1]}: "
                     f"rolled {combat['roll']} + {combat['bonus']}, {combat['need']} needed")
    mv = view["movement"]
    if view["phase"] == "move":
        left = mv["half_steps_left"] / 2
        notes.append(f"roll {mv['roll']}, {left:g} square{'' if left == 1 else 's'} left"
                     f"{', riding' if mv['riding'] else ''}")
    sk = view.get("skeleton_phase")
    if sk:
        notes.append(f"{sk['left']} skeleton{'' if sk['left'] == 1 else 's'} still to move")
    pc = view.get("player_combat")
    if pc:
        for role, side in (("challenger", pc["challenger"]), ("holder", pc["holder"])):
            c = side.get("committed")
            hidden = "hidden" if c is None else (f"W{c['white']} R{c['red']} B{c['blue']} H{c['humans']}")
            notes.append(f"{role} {_p(side['seat'])}: die {side['die']}, {hidden}")
    if notes:
        line.append(f"  ({'; '.join(notes)})", style="yellow")
    return line


def _header(view: MidEvilView) -> Text:
    seat = view["seat"]
    who = "spectator" if seat is None else _p(seat)
    return Text.assemble(("MidEvil", "bold magenta"), f" · round {view['round']}/{view['max_rounds']} · ",
                         (PHASES.get(view["phase"], view["phase"]), "bold"),
                         f" · {_p(view['turn'])}'s turn · view of {who}")


def _book_status(view: MidEvilView) -> str:
    book = view["book"]
    return {"set_aside": "set aside (Graveyard not on the map yet)", "graveyard": "on the Graveyard",
            "held": f"held by {_p(book['holder'])}"}[book["status"]]


def _hand(view: MidEvilView) -> Text | None:
    seat = view["seat"]
    me = view["pawns"][seat] if isinstance(seat, int) else None
    if me is None or "hand" not in me:
        return None
    hand = Text(", ").join(Text(c, style="bold cyan") for c in me["hand"]) if me["hand"] else Text("empty")
    return Text.assemble("Hand: ", hand)


def render(view: MidEvilView) -> RenderableType:
    """The picture of a MidEvil view."""
    drawn = view["drawn_tile"]
    info = Text(f"Necronomicon {_book_status(view)} · tile deck {view['tile_deck']}"
                f"{' · drawn: ' + drawn if drawn else ''}"
                f" · event deck {view['event_deck']} · pool W{view['pool']['white']} R{view['pool']['red']} "
                f"B{view['pool']['blue']} · Human supply {view['human_supply']}")
    board: RenderableType = Panel(labelled_map(view), box=box.ROUNDED, expand=False, title="map",
                                  title_align="left")
    if drawn and view["phase"] == "place":
        grid = Table.grid(padding=(0, 2))
        grid.add_row(board, Panel(tile_preview(drawn), title=f"drawn: {drawn}", box=box.ROUNDED, expand=False))
        board = grid
    parts: list[RenderableType] = [_header(view), board, Hanging(info, 4), _players(view)]
    hand = _hand(view)
    if hand is not None:
        parts.append(hand)
    parts.append(_pending(view))
    return Group(*parts)


def _player_cell(view: MidEvilView, p: Any) -> Text:
    s = p["seat"]
    me = view["seat"]
    cell = Text("▶ " if s in view["to_move"] else "  ", style="yellow")
    cell.append(_p(s) + (" you" if s == me else ""), style="bold" if s == me else "")
    cell.append(f" at {p['x']},{p['y']}  {p['humans']}h  {p['points']}pt  {p['hand_count']}c")
    if p["has_book"]:
        cell.append(" book", style="bold yellow")
    if p["in_play"]:
        cell.append(" " + ",".join(p["in_play"]), style="cyan")
    return cell


def _fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to ``width`` cells."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(width - 1)
        text.append("…")
    else:
        text.pad_right(width - text.cell_len)
    return text


def render_compact(view: MidEvilView, height: int | None = None) -> RenderableType:
    """A MidEvil view for an 80x24 screen in about ``height`` lines: the header, a window of the map
    around the action (with the drawn tile beside it), two seats a line, the hand, the decision."""
    pawns = view["pawns"]
    seat_lines = [Text("  ").join(_fit(_player_cell(view, p), 39) for p in pawns[i:i + 2])
                  for i in range(0, len(pawns), 2)]
    hand = _hand(view)
    now = _pending(view)
    now_lines = 1 if now.cell_len <= WIDTH else -(-now.cell_len // (WIDTH - 4))  # wrapped as Hanging(now, 4)
    others = 1 + len(seat_lines) + (1 if hand is not None else 0) + now_lines
    drawn = view["drawn_tile"] if view["phase"] == "place" else None
    rows = max(3, (height or 24) - others - 1)
    preview_width = 0 if not drawn else 32
    cols = max(6, (WIDTH - 4 - preview_width) // 2)
    board: RenderableType = labelled_map(view, rows=rows, cols=cols)
    outside: list[str] = []
    if drawn and not fits_window(view, rows, cols):  # a tile a cell, so that every place for it shows
        board, outside = tile_overview(view, rows=rows, cols=cols * 2 // OVERVIEW_CELL)
    if drawn:
        grid = Table.grid(padding=(0, 2))
        grid.add_row(board, Group(Text.assemble(("drawn: ", "bold"), drawn), tile_preview(drawn)))
        board = grid
    head = Text.assemble(("MidEvil", "bold magenta"), f" · round {view['round']}/{view['max_rounds']} · ",
                         (PHASES.get(view["phase"], view["phase"]), "bold"), f" · {_p(view['turn'])}'s turn"
                         f" · book {_book_status(view).split(' (')[0]}")
    parts: list[RenderableType] = [head, board, *seat_lines]
    if hand is not None:
        parts.append(hand)
    if outside:
        now.append(f"  (it also fits at {', '.join(outside)}, off this map)", style="yellow")
    parts.append(Hanging(now, 4))
    return Group(*parts)
