"""§4 Placing map tiles: the tile drawn (R11 one that fits nowhere goes to the bottom), attached where it
cuts off no road or entrance (§4.1, R20: ``geometry.Geometry.placements``), then its Humans and
skeletons put on it (§4.2, §4.3, R3)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import turn
from medieval.games.midevil.components import BOOK_ASIDE, BOOK_AT_GRAVEYARD, COLOURS, TILES
from medieval.games.midevil.geometry import geometry

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState

#: The per-square entries of a newly placed tile (no skeleton, no Human yet).
_NINE = (0,) * 9


def draw_tile(s: MidEvilState) -> None:
    """§3 step 1, §4.1: draw a tile; a tile with no legal place goes to the bottom (R11)."""
    deck = s.tile_deck
    g = s.geo()
    tried: list[int] = []
    while deck:
        tid = deck.pop()
        if g.placements(tid, s.options["doors_may_face"]):
            s.tile_deck = tried + deck
            s.drawn = tid
            s.phase = "place"
            s._emit("draw_tile", {"seat": s.turn, "tile": TILES[tid].name})
            return
        tried.append(tid)
    s.tile_deck = tried
    if tried:
        s._emit("no_tile", {"seat": s.turn, "reason": "no tile in the deck fits the map"})
    turn.step3(s)


def place(s: MidEvilState, a: A.Place) -> None:
    """§3 step 2, §4.1-§4.2: attach the tile, then put its Humans and skeletons on it."""
    tid = s.drawn
    s.drawn = -1
    base = s.geo()
    s.tiles = [*s.tiles, [tid, a.x, a.y, a.rot]]  # a new list: clones share the old one
    g = s._geo = geometry(s.tiles, base)
    s.own_skel().extend(_NINE)
    s.own_hum().extend(_NINE)
    k = len(s.tiles) - 1
    t = TILES[tid]
    s._emit("place", {"seat": s.turn, "tile": t.name, "x": a.x, "y": a.y, "rotation": a.rot * 90})
    if t.centre == "graveyard" and s.book == BOOK_ASIDE:
        s.book = BOOK_AT_GRAVEYARD  # §6.1 the book lies on the Graveyard's centre square
    if t.named:
        spawn = g.spawn[k]
        n_h = min(t.humans, s.supply, len(spawn))
        hum = s.own_hum()
        for sq in spawn[:n_h]:
            hum[sq] = 1
        s.supply -= n_h
        if n_h:
            s._emit("humans_placed", {"tile": t.name, "squares": [s.xy(sq) for sq in spawn[:n_h]]})
        s.seeding = [k, -1]
    else:
        p = s.d6()
        s._emit("seed_roll", {"seat": s.turn, "tile": t.name, "points": p})
        s.seeding = [k, p]
    opts, acts = _seed_choices(s)  # (``seed_options`` and their actions, found once)
    if len(opts) > 1:
        s.phase = "seed"
        s.prime(list(acts))
        return
    put_skeletons(s, opts[0] if opts else "")
    turn.step3(s)


def seed(s: MidEvilState, colours: str) -> None:
    """R3: the placer's choice of colours among the best sets; then §3 step 3."""
    put_skeletons(s, colours)
    turn.step3(s)


def seed_options(s: MidEvilState) -> list[str]:
    """§4.2: named tile: its count of skeletons, colours chosen by the placer (limited by free squares
    and the pool); unnamed: the most points not over the roll that the pool and the free squares
    allow (R3). Several colour sets can reach that amount: the placer chooses (``colour_sets``)."""
    return list(_seed_choices(s)[0])


def seed_actions(s: MidEvilState) -> list[Action]:
    """``seed_options`` as interned ``seed`` actions."""
    return list(_seed_choices(s)[1])


def _seed_choices(s: MidEvilState) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    k, p = s.seeding
    skel = s.skel
    free = [skel[sq] for sq in s.geo().spawn[k]].count(0)
    pw, pr, pb = s.pool  # (no more of a colour than there are free squares can matter)
    return colour_sets(p, TILES[s.tiles[k][0]].skeletons if p < 0 else 0, free, min(pw, free), min(pr, free),
                       min(pb, free))


@lru_cache(maxsize=4096)
def colour_sets(p: int, named: int, free: int, pw: int, pr: int,
                pb: int) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """The colour sets of ``seed_options`` (and their actions), sorted: for a named tile (``p`` < 0) of
    ``named`` skeletons, or for ``p`` points rolled, with ``free`` free squares and a pool of ``pw``
    white, ``pr`` red and ``pb`` blue skeletons. (Cached: a handful of small numbers decide it.)"""
    out: list[str] = []
    if p < 0:
        n = min(named, free, pw + pr + pb)
        if n:
            for b in range(min(pb, n) + 1):
                for r in range(min(pr, n - b) + 1):
                    w = n - b - r
                    if w <= pw:
                        out.append(A.colour_letters((w, r, b)))
    else:
        best = 0
        combos: list[tuple[int, int, int]] = []
        for b in range(min(pb, free, p // 3) + 1):
            for r in range(min(pr, free - b, (p - 3 * b) // 2) + 1):
                w = min(pw, free - b - r, p - 3 * b - 2 * r)
                total = 3 * b + 2 * r + w
                if total > best:
                    best = total
                    combos = []
                if total == best and total:
                    combos.append((w, r, b))
        out = [A.colour_letters(c) for c in combos]
    out.sort()
    return tuple(out), tuple(A.seed(c) for c in out)


def put_skeletons(s: MidEvilState, colours: str) -> None:
    """§4.3, R3: the chosen skeletons on the tile's free squares in its spawn order, strongest first."""
    k, _ = s.seeding
    s.seeding = []
    skel = s.own_skel()
    free = [sq for sq in s.geo().spawn[k] if not skel[sq]]
    placed = []
    for sq, ch in zip(free, colours, strict=False):
        c = "WRB".index(ch) + 1
        skel[sq] = c
        s.pool[c - 1] -= 1
        placed.append([*s.xy(sq), COLOURS[c - 1]])
    s._emit("seed", {"seat": s.turn, "tile": TILES[s.tiles[k][0]].name, "skeletons": placed})
