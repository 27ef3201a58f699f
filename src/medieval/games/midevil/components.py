"""MidEvil components: the 30 map tiles and the 50 event cards (data/tiles.json, data/cards.json, both
our design apart from the few names the rulebook gives); the map built from them is ``geometry.py``.

Squares. A tile is 3x3 squares; local square index ``i = 3 * row + column`` with row 0 to the north.
On the map, the k-th placed tile owns square ids ``9k .. 9k + 8`` (index in its placed orientation), so
every per-square list of the position is a flat list that grows by 9 with each tile.

Directions are N, E, S, W = 0, 1, 2, 3; y grows to the south. Rotating a tile a quarter turn clockwise
sends local (column, row) to (2 - row, column) and a side d to side d + 1."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
OPPOSITE = (2, 3, 0, 1)

#: Edge types: the middle square of a tile side is a road, a door of a walled place, or neither.
CLOSED, ROAD, DOOR = 0, 1, 2
EDGE_NAMES = ("closed", "road", "door")
#: Local index of the middle square of each side (N, E, S, W).
EDGE_MIDDLE = (1, 5, 7, 3)
EDGE_SQUARES = ((0, 1, 2), (2, 5, 8), (6, 7, 8), (0, 3, 6))

TERRAIN = {".": "grass", "R": "road", "T": "tree", "~": "water", "=": "bridge", "#": "floor",
           "F": "furnace", "A": "altar", "C": "graveyard"}
WALKABLE = frozenset(".R=#AC")
INSIDE = frozenset("#FC")
ROADS = frozenset("R=A")
#: Squares that stop a line of sight (besides walls): trees and the furnace.
SIGHT_BLOCKERS = frozenset("TF")

COLOURS = ("white", "red", "blue")  # skeleton colour c (1, 2, 3) is COLOURS[c - 1]; worth c points
LETTERS = "WRB"
N_SKELETONS = (40, 40, 20)
N_HUMANS = 50
#: Limits the rules count with: event cards in hand at the end of a turn (§8.4; the refill of §3 step 4),
#: Humans a player may hold (§11.2), the combat roll that kills a skeleton (§5.2).
HAND_LIMIT = 3
MAX_HUMANS = 5
KILL_ROLL = 4
#: Where the Necronomicon is when nobody holds it (``MidEvilState.book`` is otherwise the holder's seat):
#: set aside until the Graveyard is on the map (§2.2), or on the Graveyard's centre square (§6.1).
BOOK_ASIDE, BOOK_AT_GRAVEYARD = -2, -1


def rotate_index(i: int) -> int:
    """Local index after a quarter turn clockwise: (c, r) -> (2 - r, c)."""
    c, r = i % 3, i // 3
    return 3 * c + (2 - r)


def _rotated(i: int, rot: int) -> int:
    for _ in range(rot):
        i = rotate_index(i)
    return i


@dataclass(frozen=True)
class TileDef:
    index: int
    key: str
    name: str
    named: bool
    start: bool
    centre: str  # "", "altar" or "graveyard"
    skeletons: int
    humans: int
    source: str
    grid: tuple[str, ...]  # rows as printed (rotation 0)
    terrain: tuple[str, ...]  # per rotation 0-3: 9 characters in local index order
    doors: tuple[tuple[int, ...], ...]  # per rotation: 9 bit masks of door sides
    edges: tuple[tuple[int, int, int, int], ...]  # per rotation: edge type of N, E, S, W
    spawn: tuple[tuple[int, ...], ...]  # per rotation: local squares where tokens are put, in order
    rotations: tuple[int, ...]  # the distinct rotations (identical layouts deduplicated)
    building: bool  # the tile has a building or walled place (tokens then go inside it)


@dataclass(frozen=True)
class CardDef:
    index: int
    name: str
    copies: int
    kind: str  # special, item, ranged, weapon, instant
    effect: str
    range: int
    need: int
    bonus: int
    amount: int
    text: str
    source: str


def _load_json(name: str) -> Any:
    return json.loads(resources.files("medieval.games.midevil").joinpath("data", name).read_text("utf-8"))


def _tile(index: int, d: dict[str, Any]) -> TileDef:
    name = d["name"]
    grid = tuple(d["grid"])
    if len(grid) != 3 or any(len(row) != 3 for row in grid):
        raise ValueError(f"tile {name}: the grid must be 3 rows of 3 squares")
    base = "".join(grid)
    if any(ch not in TERRAIN for ch in base):
        raise ValueError(f"tile {name}: unknown square in {grid}")
    doors0 = [0] * 9
    for c, r, side in d.get("doors", []):
        i = 3 * r + c
        dd = DIRS.index(side)
        if base[i] not in INSIDE or base[i] not in WALKABLE:
            raise ValueError(f"tile {name}: door on a square that is not inside a building")
        nc, nr = c + DX[dd], r + DY[dd]
        if 0 <= nc < 3 and 0 <= nr < 3:
            if base[3 * nr + nc] not in WALKABLE or base[3 * nr + nc] in INSIDE:
                raise ValueError(f"tile {name}: a door must open onto an outside square")
        elif i != EDGE_MIDDLE[dd]:
            raise ValueError(f"tile {name}: a door on the tile edge must be at the middle of the side")
        doors0[i] |= 1 << dd
    for side in range(4):
        for i in EDGE_SQUARES[side]:
            if i != EDGE_MIDDLE[side] and base[i] in ROADS:
                raise ValueError(f"tile {name}: a road may leave the tile only at the middle of a side")
    building = any(ch in INSIDE for ch in base)
    eligible = [i for i in range(9) if base[i] in WALKABLE and (not building or base[i] in INSIDE)]
    if "spawn" in d:
        order = [3 * r + c for c, r in d["spawn"]]
        spawn0 = [i for i in order if i in eligible] + [i for i in eligible if i not in order]
    else:
        spawn0 = eligible
    skeletons = int(d.get("skeletons", 0))
    humans = int(d.get("humans", 0))
    if d["named"] and (skeletons > len(spawn0) or humans > len(spawn0)):
        raise ValueError(f"tile {name}: more tokens than squares to hold them")
    terrain: list[str] = []
    doors: list[tuple[int, ...]] = []
    edges: list[tuple[int, int, int, int]] = []
    spawn: list[tuple[int, ...]] = []
    for rot in range(4):
        ter = [""] * 9
        dm = [0] * 9
        for i in range(9):
            j = _rotated(i, rot)
            ter[j] = base[i]
            dm[j] = ((doors0[i] << rot) | (doors0[i] >> (4 - rot))) & 15
        e: list[int] = []
        for side in range(4):
            m = EDGE_MIDDLE[side]
            if ter[m] in ROADS:
                e.append(ROAD)
            elif dm[m] >> side & 1:
                e.append(DOOR)
            else:
                e.append(CLOSED)
        terrain.append("".join(ter))
        doors.append(tuple(dm))
        edges.append((e[0], e[1], e[2], e[3]))
        spawn.append(tuple(_rotated(i, rot) for i in spawn0))
    seen: set[tuple[str, tuple[int, ...]]] = set()
    rotations: list[int] = []
    for rot in range(4):
        key = (terrain[rot], doors[rot])
        if key not in seen:
            seen.add(key)
            rotations.append(rot)
    return TileDef(index, d["id"], name, bool(d["named"]), bool(d.get("start", False)), d.get("centre", ""),
                   skeletons, humans, d.get("source", "our design"), grid, tuple(terrain), tuple(doors),
                   tuple(edges), tuple(spawn), tuple(rotations), building)


def _load_tiles() -> tuple[TileDef, ...]:
    data = _load_json("tiles.json")
    tiles = tuple(_tile(i, d) for i, d in enumerate(data["tiles"]))
    if len(tiles) != 30:
        raise ValueError(f"MidEvil has 30 map tiles, the data lists {len(tiles)}")
    if len({t.name for t in tiles}) != len(tiles) or len({t.key for t in tiles}) != len(tiles):
        raise ValueError("tile names must be unique")
    if [t.centre for t in tiles if t.start] != ["altar"]:
        raise ValueError("exactly one start tile, the Altar, with its centre square")
    if [t.centre for t in tiles if t.centre == "graveyard"] != ["graveyard"]:
        raise ValueError("exactly one Graveyard with its centre square")
    return tiles


def _load_cards() -> tuple[CardDef, ...]:
    data = _load_json("cards.json")
    cards = tuple(
        CardDef(i, d["name"], int(d["copies"]), d["kind"], d["effect"], int(d.get("range", 0)),
                int(d.get("need", 0)), int(d.get("bonus", 0)), int(d.get("amount", 0)), d["text"],
                d.get("source", "our design"))
        for i, d in enumerate(data["cards"]))
    if sum(c.copies for c in cards) != 50:
        raise ValueError("MidEvil has 50 event cards")
    return cards


TILES = _load_tiles()
TILE_BY_NAME = {t.name.lower(): t for t in TILES} | {t.key: t for t in TILES}
START_TILE = next(t for t in TILES if t.start)
GRAVEYARD_TILE = next(t for t in TILES if t.centre == "graveyard")
CARDS = _load_cards()
CARD_BY_NAME = {c.name.lower(): c for c in CARDS}
CARD_NAMES = tuple(c.name for c in CARDS)
NECRONOMICON = next(c.index for c in CARDS if c.effect == "necronomicon")
HORSE = next(c.index for c in CARDS if c.effect == "horse")
CHAIN_MAIL = next(c.index for c in CARDS if c.effect == "armour")
CROSSBOW = next(c.index for c in CARDS if c.effect == "crossbow")
#: Every physical event card but the Necronomicon, as card-type ids (copies repeated).
EVENT_DECK = tuple(c.index for c in CARDS if c.effect != "necronomicon" for _ in range(c.copies))


def _unnamed_kind(t: TileDef) -> str:
    """The shape of an unnamed tile's roads: a straight road, a bend, a fork or a crossroads."""
    n, e, south, w = (bool(x) for x in t.edges[0])
    roads = n + e + south + w
    if roads == 2:
        return "straight road tiles" if (n and south) or (e and w) else "bend tiles"
    return "fork tiles" if roads == 3 else "crossroads tiles"


def _leave_out() -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """What the design review may leave out of a game (option ``leave_out``): every event card but the
    Necronomicon, every named tile but the Altar and the Graveyard, and the unnamed tiles by shape; each
    name gives the (event cards, tiles) it takes out."""
    out: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for c in CARDS:
        if c.effect != "necronomicon":
            out[c.name] = ((c.index,), ())
    for t in TILES:
        if t.named and not t.start and t.centre != "graveyard":
            out[t.name] = ((), (t.index,))
    kinds: dict[str, list[int]] = {}
    for t in TILES:
        if not t.named:
            kinds.setdefault(_unnamed_kind(t), []).append(t.index)
    out.update({k: ((), tuple(v)) for k, v in sorted(kinds.items())})
    return out


#: Option ``leave_out`` (the design review, ours): name -> (event cards, tiles) left out of the game.
LEAVE_OUT = _leave_out()


def tile_by_name(text: str) -> TileDef:
    t = TILE_BY_NAME.get(str(text).strip().lower())
    if t is None:
        raise ValueError(f"no tile {text!r} (tiles: {', '.join(x.name for x in TILES)})")
    return t


def card_by_name(text: str) -> CardDef:
    c = CARD_BY_NAME.get(str(text).strip().lower())
    if c is None:
        raise ValueError(f"no event card {text!r} (cards: {', '.join(x.name for x in CARDS)})")
    return c


def edges_fit(a: int, b: int, doors_may_face: bool = True) -> bool:
    """Two touching sides fit when a road meets a road or a door, and a closed side meets a closed one
    (a road or a door facing a closed side would be cut off). Two doors facing each other fit (R20),
    unless ``doors_may_face`` is false."""
    if a == CLOSED or b == CLOSED:
        return a == b
    return doors_may_face or not (a == DOOR and b == DOOR)
