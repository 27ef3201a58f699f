"""MidEvil components: the 30 map tiles and the 50 event cards (data/tiles.json, data/cards.json, both
our design apart from the few names the rulebook gives) and the geometry of a map built from them.

Squares. A tile is 3x3 squares; local square index ``i = 3 * row + column`` with row 0 to the north.
On the map, the k-th placed tile owns square ids ``9k .. 9k + 8`` (index in its placed orientation), so
every per-square list of the position is a flat list that grows by 9 with each tile.

Directions are N, E, S, W = 0, 1, 2, 3; y grows to the south. Rotating a tile a quarter turn clockwise
sends local (column, row) to (2 - row, column) and a side d to side d + 1."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from medieval.games.midevil.view import MapView

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


#: Local (column, row) of each of a tile's 9 squares, in local index order.
_LX = (0, 1, 2, 0, 1, 2, 0, 1, 2)
_LY = (0, 0, 0, 1, 1, 1, 2, 2, 2)
#: (local square, side) pairs whose step leaves the tile.
_EDGE_OUT = tuple((i, d) for i in range(9) for d in range(4)
                  if not (0 <= _LX[i] + DX[d] < 3 and 0 <= _LY[i] + DY[d] < 3))
_NO_STEP = (-1, -1, -1, -1)
#: A frontier position's sides before any tile touches it (-1: no tile on that side).
_UNTOUCHED = (-1, -1, -1, -1)
#: Per tile and rotation: walkable and inside flags of its squares in local index order.
_WALK = tuple(tuple(tuple(ch in WALKABLE for ch in ter) for ter in t.terrain) for t in TILES)
_INSIDE = tuple(tuple(tuple(ch in INSIDE for ch in ter) for ter in t.terrain) for t in TILES)
#: Per tile: touching sides (see ``Geometry.frontier``) -> the rotations that may lie there (memo).
_FITS: tuple[dict[tuple[tuple[int, ...], bool], tuple[int, ...]], ...] = tuple({} for _ in TILES)


def _fitting_rotations(t: TileDef, sides: tuple[int, ...], doors_may_face: bool = True) -> tuple[int, ...]:
    """§4.1, R20: the distinct rotations of ``t`` that may lie where the touching tiles' sides are ``sides``
    (per side N, E, S, W the edge type facing it, -1 with no tile there): each touching side fits
    (``edges_fit``) and at least one road or door joins the map."""
    out: list[int] = []
    for rot in t.rotations:
        edges = t.edges[rot]
        joined = False
        for d in range(4):
            other = sides[d]
            if other < 0:
                continue
            if not edges_fit(edges[d], other, doors_may_face):
                break
            if edges[d] != CLOSED:
                joined = True
        else:
            if joined:
                out.append(rot)
    return tuple(out)


class Geometry:
    """The static map built from the placed tiles: where every square is, what it is, and the squares
    a pawn or a skeleton may step to from it (walls and doors, blocked squares). Shared by every
    state with the same tiles (it never changes once built)."""

    __slots__ = ("_base", "_changed", "_dist", "_front", "_place_actions", "_placements", "_sight",
                 "_skeleton_steps", "_static", "altar", "at", "doors", "frontier", "graveyard", "inside", "n",
                 "placed", "region", "spawn", "step", "terrain", "tile_at", "walk", "xs", "ys")

    placed: tuple[tuple[int, int, int, int], ...]
    n: int
    xs: list[int]
    ys: list[int]
    terrain: list[str]
    walk: list[bool]
    region: list[int]  # 0 outside; k + 1 inside the building or walled place of the k-th tile
    inside: list[bool]
    doors: list[int]  # bit d: a door through the wall on side d
    step: list[tuple[int, int, int, int]]  # the square a pawn or skeleton reaches going N, E, S, W, or -1
    at: dict[tuple[int, int], int]
    tile_at: dict[tuple[int, int], int]
    #: Free tile positions next to the map, keyed (tile y, tile x): per side N, E, S, W the edge type of
    #: the placed tile touching that side, or -1.
    frontier: dict[tuple[int, int], tuple[int, ...]]
    spawn: list[list[int]]  # per tile: its squares for tokens, in order
    altar: int
    graveyard: int
    _placements: dict[tuple[int, bool], list[tuple[int, int, int]]]  # (tile, doors may face) -> places
    _place_actions: dict[tuple[int, bool], list[Any]]
    _front: list[tuple[tuple[int, int], tuple[int, ...]]] | None
    _dist: dict[int, list[int]]
    _static: dict[str, Any] | None
    _skeleton_steps: list[list[tuple[int, Any, int]]] | None
    _sight: dict[tuple[int, int], list[int]]
    _base: Geometry | None  # the map one tile smaller, until this map's skeleton steps are built
    _changed: set[int]

    def __init__(self, placed: tuple[tuple[int, int, int, int], ...], base: Geometry | None = None) -> None:
        """Build the map of ``placed``; ``base`` (the map without the last tile) saves rebuilding it."""
        self.placed = placed
        self.n = 9 * len(placed)
        if base is not None and base.placed == placed[:-1]:
            self.xs, self.ys, self.terrain = base.xs[:], base.ys[:], base.terrain[:]
            self.walk, self.region, self.inside = base.walk[:], base.region[:], base.inside[:]
            self.doors, self.step = base.doors[:], base.step[:]
            self.at, self.tile_at = dict(base.at), dict(base.tile_at)
            self.frontier = dict(base.frontier)
            self.spawn = base.spawn[:]
            self.altar, self.graveyard = base.altar, base.graveyard
            first = len(placed) - 1
        else:
            self.xs, self.ys, self.terrain = [], [], []
            self.walk, self.region, self.inside = [], [], []
            self.doors, self.step = [], []
            self.at, self.tile_at = {}, {}
            self.frontier = {}
            self.spawn = []
            self.altar = self.graveyard = -1
            first = 0
        xs, ys, at, tile_at, frontier = self.xs, self.ys, self.at, self.tile_at, self.frontier
        for k in range(first, len(placed)):
            tid, tx, ty, rot = placed[k]
            t = TILES[tid]
            x0, y0, s0 = 3 * tx, 3 * ty, 9 * k
            tile_at[(tx, ty)] = k
            nx = [x0 + c for c in _LX]
            ny = [y0 + r for r in _LY]
            xs += nx
            ys += ny
            at.update(zip(zip(nx, ny, strict=True), range(s0, s0 + 9), strict=True))
            self.terrain += t.terrain[rot]
            self.walk += _WALK[tid][rot]
            inside = _INSIDE[tid][rot]
            self.inside += inside
            self.region += [k + 1 if f else 0 for f in inside]
            self.doors += t.doors[rot]
            self.step += [_NO_STEP] * 9
            self.spawn.append([s0 + i for i in t.spawn[rot]])
            if t.centre == "altar":
                self.altar = s0 + 4
            elif t.centre == "graveyard":
                self.graveyard = s0 + 4
            frontier.pop((ty, tx), None)
            edges = t.edges[rot]
            for d in range(4):
                qx, qy = tx + DX[d], ty + DY[d]
                if (qx, qy) in tile_at:
                    continue
                sides = list(frontier.get((qy, qx), _UNTOUCHED))
                sides[OPPOSITE[d]] = edges[d]
                frontier[(qy, qx)] = tuple(sides)
        todo = set(range(9 * first, self.n))
        self._base = base if first else None
        if first:  # squares of the older tiles that touch the new one
            s0 = 9 * first
            for i, d in _EDGE_OUT:
                t2 = at.get((xs[s0 + i] + DX[d], ys[s0 + i] + DY[d]))
                if t2 is not None:
                    todo.add(t2)
        for s in todo:
            self.step[s] = self._steps_from(s)
        self._changed = todo
        self._placements = {}
        self._place_actions = {}
        self._front = None
        self._sight = {}
        self._dist = {}
        self._static = None
        self._skeleton_steps = None

    def skeleton_steps(self) -> list[list[tuple[int, Any, int]]]:
        """Per square, its steps in direction order: (square stepped to, the interned ``skeleton X,Y D``
        action, 4 * square + direction: the order of skeleton moves in legal-action lists). Cached."""
        if self._skeleton_steps is None:
            from medieval.games.midevil.actions import skeleton_moves

            base = self._base
            if base is not None and base._skeleton_steps is not None:
                table = base._skeleton_steps + [[] for _ in range(self.n - base.n)]
                for s in self._changed:
                    table[s] = self._skeleton_steps_from(s, skeleton_moves)
            else:
                table = [self._skeleton_steps_from(s, skeleton_moves) for s in range(self.n)]
            self._skeleton_steps = table
            self._base = None
        return self._skeleton_steps

    def _skeleton_steps_from(self, s: int, skeleton_moves: Any) -> list[tuple[int, Any, int]]:
        step = self.step[s]
        if step is _NO_STEP:
            return []
        moves = skeleton_moves(self.xs[s], self.ys[s])
        return [(t2, moves[d], 4 * s + d) for d, t2 in enumerate(step) if t2 >= 0]

    def _steps_from(self, s: int) -> tuple[int, int, int, int]:
        if not self.walk[s]:
            return _NO_STEP
        out = [-1, -1, -1, -1]
        x, y, rs = self.xs[s], self.ys[s], self.region[s]
        doors = self.doors
        for d in range(4):
            t2 = self.at.get((x + DX[d], y + DY[d]))
            if t2 is None or not self.walk[t2]:
                continue
            rt = self.region[t2]
            if rt != rs and ((rs and not doors[s] >> d & 1) or (rt and not doors[t2] >> OPPOSITE[d] & 1)):
                continue  # a wall between two places, and no door through it
            out[d] = t2
        return (out[0], out[1], out[2], out[3])

    def placements(self, tid: int, doors_may_face: bool = True) -> list[tuple[int, int, int]]:
        """§4.1, R20: every legal (tile x, tile y, rotation) for tile ``tid``: next to the map (``frontier``;
        §11.8 a side, not a corner), each touching side fitting and at least one road or door joined to the
        map (``_fitting_rotations``). Sorted, and only distinct rotations."""
        got = self._placements.get((tid, doors_may_face))
        if got is not None:
            return got
        front = self._front
        if front is None:
            front = self._front = sorted(self.frontier.items())
        t = TILES[tid]
        fits = _FITS[tid]
        out: list[tuple[int, int, int]] = []
        for (ty, tx), sides in front:
            rots = fits.get((sides, doors_may_face))
            if rots is None:
                rots = fits[sides, doors_may_face] = _fitting_rotations(t, sides, doors_may_face)
            for rot in rots:
                out.append((tx, ty, rot))
        self._placements[tid, doors_may_face] = out
        return out

    def place_actions(self, tid: int, doors_may_face: bool = True) -> list[Any]:
        """``placements`` as interned ``place`` actions (cached: callers must copy)."""
        got = self._place_actions.get((tid, doors_may_face))
        if got is None:
            from medieval.games.midevil.actions import place

            got = self._place_actions[tid, doors_may_face] = [
                place(x, y, rot) for x, y, rot in self.placements(tid, doors_may_face)]
        return got

    def distances(self, target: int) -> list[int]:
        """Steps from every square to ``target`` along legal moves (-1: unreachable). Cached."""
        got = self._dist.get(target)
        if got is not None:
            return got
        dist = [-1] * self.n
        dist[target] = 0
        step = self.step
        frontier = [target]
        d = 0
        while frontier:  # breadth first, a whole ring of squares at a time
            d += 1
            ring = []
            for s in frontier:
                for t2 in step[s]:
                    # moves are symmetric, so stepping back from s reaches the squares that step to s
                    if t2 >= 0 and dist[t2] < 0:
                        dist[t2] = d
                        ring.append(t2)
            frontier = ring
        if len(self._dist) > 512:
            self._dist.clear()
        self._dist[target] = dist
        return dist

    def sight(self, s: int, reach: int) -> list[int]:
        """§8.7-§8.8, R15: squares a ranged weapon on ``s`` can see, nearest first in each direction: along a
        row or column, at most ``reach`` squares away, never into, out of or through a building or
        walled place, and stopped by trees, the furnace and the edge of the map."""
        got = self._sight.get((s, reach))
        if got is not None:
            return got
        out: list[int] = []
        self._sight[(s, reach)] = out
        if self.region[s] or reach <= 0:
            return out
        x0, y0 = self.xs[s], self.ys[s]
        for d in range(4):
            for k in range(1, reach + 1):
                t2 = self.at.get((x0 + DX[d] * k, y0 + DY[d] * k))
                if t2 is None or self.region[t2] or self.terrain[t2] in SIGHT_BLOCKERS:
                    break
                out.append(t2)
        return out

    def static_map(self) -> dict[str, Any]:
        """The map as drawn, without tokens: terrain rows (one character a square, see ``TERRAIN``; a
        space where no tile lies) from the north-west corner ``left, top``, and the walls and doors of
        inside squares. Cached: callers must copy (``map_view``)."""
        if self._static is not None:
            return self._static
        left, top = min(self.xs), min(self.ys)
        width, height = max(self.xs) - left + 1, max(self.ys) - top + 1
        rows = [[" "] * width for _ in range(height)]
        walls: list[tuple[int, int, str]] = []
        doors: list[tuple[int, int, str]] = []
        for s in range(self.n):
            x, y = self.xs[s], self.ys[s]
            rows[y - top][x - left] = self.terrain[s]
            if self.inside[s]:
                w = ""
                for d in range(4):
                    t2 = self.at.get((x + DX[d], y + DY[d]))
                    if (t2 is None or self.region[t2] != self.region[s]) and not self.doors[s] >> d & 1:
                        w += DIRS[d]
                if w:
                    walls.append((x, y, w))
                dr = "".join(DIRS[d] for d in range(4) if self.doors[s] >> d & 1)
                if dr:
                    doors.append((x, y, dr))
        self._static = {"left": left, "top": top, "width": width, "height": height,
                        "rows": tuple("".join(r) for r in rows), "walls": tuple(walls), "doors": tuple(doors)}
        return self._static

    def map_view(self) -> MapView:
        """A fresh JSON-safe copy of ``static_map``."""
        m = self.static_map()
        return {"left": m["left"], "top": m["top"], "width": m["width"], "height": m["height"],
                "rows": list(m["rows"]), "walls": [list(w) for w in m["walls"]],
                "doors": [list(d) for d in m["doors"]]}


#: How many maps ``geometry`` keeps (the least recently used go first). Small on purpose: the maps of
#: random playouts are rarely met again, and a big cache of them slows down Python's garbage collector.
GEOMETRY_CACHE = 128
_GEOMETRY: OrderedDict[tuple[tuple[int, int, int, int], ...], Geometry] = OrderedDict()


def geometry(tiles: list[list[int]], base: Geometry | None = None) -> Geometry:
    """The (shared, cached) geometry of a map given as ``[[tile, x, y, rotation], ...]``; ``base``, if
    given, is the geometry of ``tiles`` without the last tile (a tile just placed)."""
    if base is not None and len(base.placed) == len(tiles) - 1:
        t = tiles[-1]
        key = (*base.placed, (t[0], t[1], t[2], t[3]))
    else:
        key = tuple((t[0], t[1], t[2], t[3]) for t in tiles)
        base = None
    g = _GEOMETRY.get(key)
    if g is None:
        g = _GEOMETRY[key] = Geometry(key, base or _GEOMETRY.get(key[:-1]))
        if len(_GEOMETRY) > GEOMETRY_CACHE:
            _GEOMETRY.popitem(last=False)
    else:
        _GEOMETRY.move_to_end(key)  # the most recently used last
    return g
