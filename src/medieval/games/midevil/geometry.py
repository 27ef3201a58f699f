"""The map of a MidEvil game: the geometry of the placed tiles (``components.TILES``). Square ids, directions
and tile rotations are as ``components`` describes them: the k-th placed tile owns squares ``9k .. 9k + 8``.

``Geometry`` holds what never changes once a tile lies: where every square is, what it is, and where a pawn
or a skeleton may step from it (§7.3, §7.6), the free places next to the map and the legal placements of a
tile there (§4.1, R20), lines of sight (§8.7, §8.8), distances. A map is built from the map one tile
smaller, and shared by every state with the same tiles (``geometry`` keeps the last ones used)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from medieval.games.midevil.components import (
    CLOSED,
    DIRS,
    DX,
    DY,
    INSIDE,
    OPPOSITE,
    SIGHT_BLOCKERS,
    TILES,
    WALKABLE,
    TileDef,
    edges_fit,
)

if TYPE_CHECKING:
    from medieval.games.midevil.view import MapView

#: Local (column, row) of each of a tile's 9 squares, in local index order.
_LX = (0, 1, 2, 0, 1, 2, 0, 1, 2)
_LY = (0, 0, 0, 1, 1, 1, 2, 2, 2)
_NO_STEP = (-1, -1, -1, -1)
#: A frontier position's sides before any tile touches it (-1: no tile on that side).
_UNTOUCHED = (-1, -1, -1, -1)
#: Per tile and rotation: walkable and inside flags of its squares in local index order.
_WALK = tuple(tuple(tuple(ch in WALKABLE for ch in ter) for ter in t.terrain) for t in TILES)
_INSIDE = tuple(tuple(tuple(ch in INSIDE for ch in ter) for ter in t.terrain) for t in TILES)
LocalSteps = tuple[tuple[tuple[int, int, int, int] | None, ...], tuple[tuple[int, int, int], ...]]


def _local_steps(tid: int, rot: int) -> LocalSteps:
    """§7.3, §7.6 within one tile turned ``rot``: per local square, the local square a step N, E, S, W
    reaches on the tile (-1: a square nobody can stand on, a wall with no door in it, or the tile's edge),
    None for a square nobody can stand on (§7.7); and the steps that leave the tile, as (local square, side,
    the local square of the tile beyond that it reaches), for ``Geometry`` to join when a tile lies there.
    A wall stands between an inside square (a building or walled place) and an outside one; a step goes
    through it only by a door on the side it crosses."""
    t = TILES[tid]
    walk, inside, doors = _WALK[tid][rot], _INSIDE[tid][rot], t.doors[rot]
    rows: list[tuple[int, int, int, int] | None] = []
    leave: list[tuple[int, int, int]] = []
    for i in range(9):
        if not walk[i]:
            rows.append(None)
            continue
        row = [-1, -1, -1, -1]
        for d in range(4):
            c, r = _LX[i] + DX[d], _LY[i] + DY[d]
            if not (0 <= c < 3 and 0 <= r < 3):
                leave.append((i, d, 3 * (r % 3) + c % 3))
                continue
            j = 3 * r + c
            if not walk[j] or (inside[i] != inside[j] and ((inside[i] and not doors[i] >> d & 1)
                                                         or (inside[j] and not doors[j] >> OPPOSITE[d] & 1))):
                continue
            row[d] = j
        rows.append((row[0], row[1], row[2], row[3]))
    return tuple(rows), tuple(leave)


#: ``_local_steps`` of every tile and rotation.
_LOCAL = tuple(tuple(_local_steps(tid, rot) for rot in range(4)) for tid in range(len(TILES)))
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

    __slots__ = ("_base", "_changed", "_dist", "_front", "_named", "_near", "_place_actions", "_placements", "_sight",
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
    _near: dict[tuple[int, int], list[int]]
    _static: dict[str, Any] | None
    _skeleton_steps: list[list[tuple[int, Any, int]]] | None
    _sight: dict[tuple[int, int], list[int]]
    _base: Geometry | None  # the map one tile smaller, until this map's skeleton steps are built
    _named: dict[int, list[Any]]  # per sort of action naming a square: the action of each square, or None
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
        walk, region, doors, step = self.walk, self.region, self.doors, self.step
        changed = set(range(9 * first, self.n))
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
            walk += _WALK[tid][rot]
            inside = _INSIDE[tid][rot]
            self.inside += inside
            region += [k + 1 if f else 0 for f in inside]
            doors += t.doors[rot]
            rows, leave = _LOCAL[tid][rot]
            for row in rows:
                step.append(_NO_STEP if row is None else
                            (row[0] + s0 if row[0] >= 0 else -1, row[1] + s0 if row[1] >= 0 else -1,
                             row[2] + s0 if row[2] >= 0 else -1, row[3] + s0 if row[3] >= 0 else -1))
            for i, d, j in leave:  # the steps across the tile's edges, onto the tiles already there
                k2 = tile_at.get((tx + DX[d], ty + DY[d]))
                if k2 is not None:
                    self._join(s0 + i, d, 9 * k2 + j, changed)
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
        self._base = base if first else None
        self._changed = changed
        self._placements = {}
        self._place_actions = {}
        self._front = None
        self._sight = {}
        self._dist = {}
        self._near = {}
        self._static = None
        self._skeleton_steps = None
        self._named = {}

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

    def _join(self, s: int, d: int, t2: int, changed: set[int]) -> None:
        """§7.3, §7.6 across two tiles: square ``s`` (of the tile just placed) and ``t2`` (beyond its side
        ``d``) step to each other unless ``t2`` cannot be stood on or a wall stands between them (each tile's
        building or walled place is a place of its own) with no door in it on that side."""
        if not self.walk[t2]:
            return
        region, doors = self.region, self.doors
        if (region[s] and not doors[s] >> d & 1) or (region[t2] and not doors[t2] >> OPPOSITE[d] & 1):
            return
        step = self.step
        row = list(step[s])
        row[d] = t2
        step[s] = (row[0], row[1], row[2], row[3])
        row = list(step[t2])
        row[OPPOSITE[d]] = s
        step[t2] = (row[0], row[1], row[2], row[3])
        changed.add(t2)

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

    def named(self, kind: int, make: Callable[[int, int], Any], squares: Iterable[int]) -> list[Any]:
        """``make(x, y)`` for each of ``squares`` (an interned action naming the square, of a sort ``kind``):
        kept for this map by square, so that listing them again costs a look-up each."""
        row = self._named.get(kind)
        if row is None:
            row = self._named[kind] = [None] * self.n
        out = []
        for t in squares:
            a = row[t]
            if a is None:
                a = row[t] = make(self.xs[t], self.ys[t])
            out.append(a)
        return out

    def distances(self, target: int) -> list[int]:
        """Steps from every square to ``target`` along legal moves (-1: unreachable). Cached."""
        got = self._dist.get(target)
        if got is not None:
            return got
        dist = self._rings(target, self.n)
        if len(self._dist) > 512:
            self._dist.clear()
        self._dist[target] = dist
        return dist

    def near(self, target: int, reach: int) -> list[int]:
        """``distances(target)`` where it is at most ``reach``; any other square may read -1 (cheaper than
        every distance when they are not known yet). Cached."""
        got = self._dist.get(target)
        if got is not None:
            return got
        got = self._near.get((target, reach))
        if got is not None:
            return got
        dist = self._rings(target, reach)
        if len(self._near) > 512:
            self._near.clear()
        self._near[(target, reach)] = dist
        return dist

    def _rings(self, target: int, reach: int) -> list[int]:
        """Steps to ``target`` of every square within ``reach`` of it, breadth first a whole ring of
        squares at a time (-1 beyond, or unreachable). Moves are symmetric, so stepping back from a square
        reaches the squares that step to it."""
        dist = [-1] * self.n
        dist.append(0)  # (a step of -1, none, reads this entry: as if already reached)
        dist[target] = 0
        step = self.step
        frontier = [target]
        d = 0
        while frontier and d < reach:
            d += 1
            ring = []
            for s in frontier:
                for t2 in step[s]:
                    if dist[t2] < 0:
                        dist[t2] = d
                        ring.append(t2)
            frontier = ring
        dist.pop()
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
