"""MidEvil components: the 30 map tiles and the 50 event cards (data/tiles.json, data/cards.json, both
our design apart from the few names the rulebook gives) and the geometry of a map built from them.

Squares. A tile is 3x3 squares; local square index ``i = 3 * row + column`` with row 0 to the north.
On the map, the k-th placed tile owns square ids ``9k .. 9k + 8`` (index in its placed orientation), so
every per-square list of the position is a flat list that grows by 9 with each tile.

Directions are N, E, S, W = 0, 1, 2, 3; y grows to the south. Rotating a tile a quarter turn clockwise
sends local (column, row) to (2 - row, column) and a side d to side d + 1."""

from __future__ import annotations

import json
from collections import deque
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
NECRONOMICON = next(c.index for c in CARDS if c.effect == "necronomicon")
HORSE = next(c.index for c in CARDS if c.effect == "horse")
CHAIN_MAIL = next(c.index for c in CARDS if c.effect == "armour")
CROSSBOW = next(c.index for c in CARDS if c.effect == "crossbow")
#: Every physical event card but the Necronomicon, as card-type ids (copies repeated).
EVENT_DECK = tuple(c.index for c in CARDS if c.effect != "necronomicon" for _ in range(c.copies))


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


def edges_fit(a: int, b: int) -> bool:
    """Two touching sides fit when a road meets a road or a door, and a closed side meets a closed one.
    A road or a door facing a closed side would be cut off; two doors would open into each other."""
    if a == CLOSED or b == CLOSED:
        return a == b
    return not (a == DOOR and b == DOOR)


class Geometry:
    """The static map built from the placed tiles: where every square is, what it is, and the squares
    a pawn or a skeleton may step to from it (walls and doors, blocked squares). Shared by every
    state with the same tiles (it never changes once built)."""

    __slots__ = ("_base", "_changed", "_dist", "_placements", "_sight", "_skeleton_steps", "_static", "altar", "at",
                 "doors", "graveyard", "inside", "n", "placed", "region", "spawn", "step", "terrain", "tile_at",
                 "walk", "xs", "ys")

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
    spawn: list[list[int]]  # per tile: its squares for tokens, in order
    altar: int
    graveyard: int
    _placements: dict[int, list[tuple[int, int, int]]]
    _dist: dict[int, list[int]]
    _static: dict[str, Any] | None
    _skeleton_steps: list[list[tuple[int, Any]]] | None
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
            self.spawn = base.spawn[:]
            self.altar, self.graveyard = base.altar, base.graveyard
            first = len(placed) - 1
        else:
            self.xs, self.ys, self.terrain = [], [], []
            self.walk, self.region, self.inside = [], [], []
            self.doors, self.step = [], []
            self.at, self.tile_at = {}, {}
            self.spawn = []
            self.altar = self.graveyard = -1
            first = 0
        for k in range(first, len(placed)):
            tid, tx, ty, rot = placed[k]
            t = TILES[tid]
            ter = t.terrain[rot]
            dm = t.doors[rot]
            self.tile_at[(tx, ty)] = k
            for i in range(9):
                x, y = 3 * tx + i % 3, 3 * ty + i // 3
                self.xs.append(x)
                self.ys.append(y)
                self.at[(x, y)] = 9 * k + i
                ch = ter[i]
                self.terrain.append(ch)
                self.walk.append(ch in WALKABLE)
                self.inside.append(ch in INSIDE)
                self.region.append(k + 1 if ch in INSIDE else 0)
                self.doors.append(dm[i])
                self.step.append((-1, -1, -1, -1))
            self.spawn.append([9 * k + i for i in t.spawn[rot]])
            if t.centre == "altar":
                self.altar = 9 * k + 4
            elif t.centre == "graveyard":
                self.graveyard = 9 * k + 4
        todo = set(range(9 * first, self.n))
        self._base = base if first else None
        if first:  # squares of the older tiles that touch the new one
            for s in range(9 * first, self.n):
                for d in range(4):
                    t2 = self.at.get((self.xs[s] + DX[d], self.ys[s] + DY[d]))
                    if t2 is not None and t2 < 9 * first:
                        todo.add(t2)
        for s in todo:
            self.step[s] = self._steps_from(s)
        self._changed = todo
        self._placements = {}
        self._sight = {}
        self._dist = {}
        self._static = None
        self._skeleton_steps = None

    def skeleton_steps(self) -> list[list[tuple[int, Any]]]:
        """Per square: (square stepped to, the interned ``skeleton X,Y D`` action). Cached."""
        if self._skeleton_steps is None:
            from medieval.games.midevil.actions import skeleton_move

            xs, ys = self.xs, self.ys
            base = self._base
            if base is not None and base._skeleton_steps is not None:
                table = base._skeleton_steps + [[] for _ in range(self.n - base.n)]
                for s in self._changed:
                    table[s] = [(t2, skeleton_move(xs[s], ys[s], d)) for d, t2 in enumerate(self.step[s]) if t2 >= 0]
            else:
                table = [[(t2, skeleton_move(xs[s], ys[s], d)) for d, t2 in enumerate(st) if t2 >= 0]
                         for s, st in enumerate(self.step)]
            self._skeleton_steps = table
            self._base = None
        return self._skeleton_steps

    def _steps_from(self, s: int) -> tuple[int, int, int, int]:
        if not self.walk[s]:
            return (-1, -1, -1, -1)
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

    def placements(self, tid: int) -> list[tuple[int, int, int]]:
        """§4.1, R20: every legal (tile x, tile y, rotation) for tile ``tid``: next to the map, each
        touching side fitting (``edges_fit``) and at least one road or door joined to the map. Sorted,
        and only distinct rotations."""
        got = self._placements.get(tid)
        if got is not None:
            return got
        t = TILES[tid]
        occupied = self.tile_at
        frontier = set()
        for tx, ty in occupied:
            for d in range(4):
                p = (tx + DX[d], ty + DY[d])
                if p not in occupied:
                    frontier.add(p)
        out: list[tuple[int, int, int]] = []
        for tx, ty in sorted(frontier, key=lambda p: (p[1], p[0])):
            for rot in t.rotations:
                edges = t.edges[rot]
                joined = False
                ok = True
                for d in range(4):
                    k = occupied.get((tx + DX[d], ty + DY[d]))
                    if k is None:
                        continue
                    ntid, _, _, nrot = self.placed[k]
                    other = TILES[ntid].edges[nrot][OPPOSITE[d]]
                    if not edges_fit(edges[d], other):
                        ok = False
                        break
                    if edges[d] != CLOSED:
                        joined = True
                if ok and joined:
                    out.append((tx, ty, rot))
        self._placements[tid] = out
        return out

    def distances(self, target: int) -> list[int]:
        """Steps from every square to ``target`` along legal moves (-1: unreachable). Cached."""
        got = self._dist.get(target)
        if got is not None:
            return got
        dist = [-1] * self.n
        dist[target] = 0
        queue = deque([target])
        step = self.step
        while queue:
            s = queue.popleft()
            nd = dist[s] + 1
            for t2 in step[s]:
                # moves are symmetric, so stepping back from s reaches the squares that step to s
                if t2 >= 0 and dist[t2] < 0:
                    dist[t2] = nd
                    queue.append(t2)
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

    def map_view(self) -> dict[str, Any]:
        """A fresh JSON-safe copy of ``static_map``."""
        m = self.static_map()
        return {"left": m["left"], "top": m["top"], "width": m["width"], "height": m["height"],
                "rows": list(m["rows"]), "walls": [list(w) for w in m["walls"]],
                "doors": [list(d) for d in m["doors"]]}


_GEOMETRY: dict[tuple[tuple[int, int, int, int], ...], Geometry] = {}


def geometry(tiles: list[list[int]]) -> Geometry:
    """The (shared, cached) geometry of a map given as ``[[tile, x, y, rotation], ...]``."""
    key = tuple((t[0], t[1], t[2], t[3]) for t in tiles)
    g = _GEOMETRY.get(key)
    if g is None:
        if len(_GEOMETRY) > 4096:
            _GEOMETRY.clear()
        g = Geometry(key, _GEOMETRY.get(key[:-1]))
        _GEOMETRY[key] = g
    return g
