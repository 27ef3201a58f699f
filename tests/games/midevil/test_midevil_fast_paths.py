"""MidEvil's shortcuts for speed give exactly what the plain computations give: the map built tile by tile,
the skeleton moves kept up to date during a skeleton movement, the look-ahead of a skeleton movement, the
colour sets of a new tile's skeletons, the position copy, and the rules with the log switched off."""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

import pytest

import medieval
from medieval.core.state import State
from medieval.games.midevil import MidEvilState
from medieval.games.midevil.components import TILES
from medieval.games.midevil.geometry import Geometry, geometry
from medieval.games.midevil.placing import colour_sets
from medieval.games.midevil.skeletons import _free_steps, most_moves, skeleton_actions

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (2, {"max_rounds": 6, "graveyard_within": 1}),
    (3, {"max_rounds": 3, "skeletons_enter_pawns": False}),
]


def _random_game(players: int, options: dict[str, Any], seed: int) -> list[MidEvilState]:
    """Every position of a seeded random game."""
    state = medieval.make("midevil", players, **options).new_game(seed=seed)
    assert isinstance(state, MidEvilState)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        out.append(state.clone())
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_map_built_tile_by_tile_equals_a_fresh_build(seed: int) -> None:
    """§4.1: each placed tile extends the map of the tiles before it; the result (squares, steps, the free
    places next to the map, legal placements, skeleton steps) is the map built from scratch."""
    tiles = _random_game(2, {"max_rounds": 20}, seed)[-1].tiles
    base = geometry(tiles[:1])
    for k in range(2, len(tiles) + 1):
        g = geometry(tiles[:k], base)
        fresh = Geometry(tuple((t[0], t[1], t[2], t[3]) for t in tiles[:k]))
        for name in ("n", "xs", "ys", "terrain", "walk", "region", "inside", "doors", "step", "at", "tile_at",
                     "frontier", "spawn", "altar", "graveyard"):
            assert getattr(g, name) == getattr(fresh, name), name
        assert g.skeleton_steps() == fresh.skeleton_steps()
        assert [g.placements(t.index) for t in TILES] == [fresh.placements(t.index) for t in TILES]
        base = g


def test_steps_are_symmetric() -> None:
    """§7.1, §9.2: a square steps to another exactly when that one steps back (the skeleton-move update
    relies on it)."""
    for state in _random_game(4, {"max_rounds": 4}, 7)[::50]:
        step = state.geo().step
        for s, row in enumerate(step):
            for t in row:
                if t >= 0:
                    assert s in step[t]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_skeleton_moves_kept_up_to_date_equal_a_fresh_listing(players: int, options: dict[str, Any]) -> None:
    """§9.1-§9.2, R5: during a skeleton movement the legal moves, updated move by move, are those listed
    from scratch (a clone lists them afresh)."""
    checked = 0
    for seed in range(3):
        for state in _random_game(players, options, seed):
            if state.phase == "skeletons":
                fresh = state.clone()
                fresh._skp = None
                assert state.legal_actions(state.turn) == skeleton_actions(fresh)
                checked += 1
    assert checked > 50


def _most_by_every_order(s: MidEvilState, cap: int, memo: dict[Any, int]) -> int:
    """§9.1 the plain way: the most skeletons (at most ``cap``) that move one after the other, trying every
    order of moves."""
    if cap <= 0:
        return 0
    skel, moved = s.skel, s.skel_moved
    key = (tuple(compress(range(len(skel)), skel)), frozenset(moved), cap)
    if key not in memo:
        best = 0
        for to, _, k in _free_steps(s):
            frm = k >> 2
            skel[to], skel[frm] = skel[frm], 0
            moved.append(to)
            best = max(best, 1 + _most_by_every_order(s, cap - 1, memo))
            moved.pop()
            skel[frm], skel[to] = skel[to], 0
            if best >= cap:
                break
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize("enter_pawns", [True, False])
def test_skeleton_look_ahead_equals_trying_every_order(enter_pawns: bool) -> None:
    """§9.1 "You must move that number if possible", R5: on crowded skeletons (random clusters on the maps of
    random games, some already moved, pawns anywhere), the most that can move and the moves offered (those
    that keep the rest possible) are what trying every order of moves gives."""
    rng = random.Random(5)
    game = medieval.make("midevil", 4, skeletons_enter_pawns=enter_pawns)
    checked = 0
    for state in _random_game(4, {"skeletons_enter_pawns": enter_pawns}, 3)[40::90]:
        g = state.geo()
        walk = [sq for sq in range(g.n) if g.walk[sq]]
        for _ in range(8):
            s = state.clone()
            centre, radius, density = rng.choice(walk), rng.randint(1, 3), rng.choice([0.5, 0.8, 0.95])
            s.skel = [rng.randint(1, 3) if g.walk[sq] and abs(g.xs[sq] - g.xs[centre]) <= radius
                      and abs(g.ys[sq] - g.ys[centre]) <= radius and rng.random() < density else 0
                      for sq in range(g.n)]
            s.skel_moved = [sq for sq in compress(range(g.n), s.skel) if rng.random() < 0.15]
            s.pawn = [rng.choice(walk) for _ in s.pawn]
            assert s.game.options == game.options
            memo: dict[Any, int] = {}
            for cap in range(1, 7):
                assert most_moves(s, cap) == _most_by_every_order(s, cap, memo)
                s.skel_left = cap
                s._skp = None
                offered = [str(a) for a in skeleton_actions(s)]
                keep = []
                for to, act, k in _free_steps(s):
                    frm = k >> 2
                    s.skel[to], s.skel[frm] = s.skel[frm], 0
                    s.skel_moved.append(to)
                    if _most_by_every_order(s, cap - 1, {}) >= cap - 1:
                        keep.append(str(act))
                    s.skel_moved.pop()
                    s.skel[frm], s.skel[to] = s.skel[to], 0
                assert offered == keep
                checked += 1
    assert checked > 100


def _containers(value: object) -> list[object]:
    """Every list and dict inside ``value``, at any depth."""
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    return []


#: Fields never changed in place at all (placing a tile makes a new list, the result is set whole), so a
#: clone shares them (declared depth 0).
SHARED = {"tiles", "result"}
#: The per-square lists, shared by a clone until one of the two states writes to them (``own_skel``).
COPY_ON_WRITE = {"skel", "hum"}


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_position_json_equals_the_generic_copy(players: int, options: dict[str, Any]) -> None:
    """Contract: the position copies generated from the declared fields equal the engine's generic deep
    copy, field for field and in order, and a clone shares no container the rules change in place with
    its original (each field copied as deep as declared)."""
    for state in _random_game(players, options, 4)[::5]:
        mine, generic = state.position_json(), State.position_json(state)
        assert repr(mine) == repr(generic)
        clone = state.clone()
        assert clone.position_json() == mine
        for name in state.FIELDS:
            ours = {id(c) for c in _containers(getattr(state, name))}
            theirs = _containers(getattr(clone, name))
            shared = [c for c in theirs if id(c) in ours]
            assert not shared or name in SHARED | COPY_ON_WRITE, name


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_a_clone_and_its_original_part_ways_on_their_skeletons_and_humans(players: int,
                                                                           options: dict[str, Any]) -> None:
    """Contract: the per-square lists a clone shares with its original (copy on write) are copied before
    either state writes to them: a clone played on to the end leaves its original's position as it was,
    and the original played on leaves the clone's, at every stage of a game."""
    wrote = 0
    for k, state in enumerate(_random_game(players, options, 6)[::7]):
        before = state.position_json()
        twin = state.clone()
        rng = random.Random(k)
        for s in (twin, state):  # the clone first, then the original, each to the end
            other = state if s is twin else twin
            other_before = other.position_json()
            while not s.is_over:
                seat = s.to_move[0]
                legal = s.legal_actions(seat)
                s.apply(seat, legal[rng.randrange(len(legal))])
            assert other.position_json() == other_before
            wrote += s.skel != other.skel or s.hum != other.hum
        assert twin.position_json() != before or state.is_over
    assert wrote > 5


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_rules_play_the_same_with_the_log_off(players: int, options: dict[str, Any]) -> None:
    """Contract: searches switch the log off in their playouts: the rules must then play exactly as with it."""
    game = medieval.make("midevil", players, **options)
    for seed in range(2):
        slow = game.new_game(seed=seed)
        fast = slow.clone()
        fast.mute_log()
        rng = random.Random(seed)
        while slow.to_move:
            seat = slow.to_move[0]
            legal = slow.legal_actions(seat)
            fast._legal = None
            assert fast._legal_actions(seat) == legal
            action = legal[rng.randrange(len(legal))]
            slow.apply(seat, action)
            fast._legal = None
            fast._apply(seat, action)
            assert fast.position_json() == slow.position_json()
        assert fast.outcome == slow.outcome


def test_colour_sets_depend_on_the_pool_only_up_to_the_free_squares() -> None:
    """§4.2, R3: the colour sets are cached with each colour of the pool counted up to the free squares
    (``placing._seed_choices``): that gives the sets of the whole pool, for named tiles and rolled points."""
    for p in range(-1, 9):
        for named in (range(1, 7) if p < 0 else (0,)):
            for free in range(0, 7):
                for pool in ((9, 9, 9), (5, 2, 0), (0, 7, 3), (1, 1, 12), (0, 0, 0), (3, 3, 3)):
                    clamped = tuple(min(k, free) for k in pool)
                    assert colour_sets(p, named, free, *pool) == colour_sets(p, named, free, *clamped)
    assert colour_sets(6, 0, 3, 9, 9, 9)[0] == ("BB", "BRW", "RRR")  # 6 points rolled, 3 free squares
    assert colour_sets(6, 0, 3, 9, 0, 1)[0] == ("BWW",)  # the most points the pool allows: 5
