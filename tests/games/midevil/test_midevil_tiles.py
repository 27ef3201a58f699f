"""MidEvil §4 placing map tiles, the tile rules and their rulings (docs/rules/midevil.md)."""

from __future__ import annotations

import random
from collections import deque

import pytest

import medieval
from medieval.games.midevil import MidEvilState
from medieval.games.midevil.components import (
    CLOSED,
    DOOR,
    OPPOSITE,
    ROAD,
    TILES,
    edges_fit,
    tile_by_name,
)
from tests.games.midevil.helpers import make, skeletons
from tests.support import do, kinds, last, legal


def test_placing_tiles_roads_must_meet_roads() -> None:
    """§4.1: a straight road tile beside the Altar fits only where its road meets the Altar's."""
    s = make(tile_deck=["Forest Road"], dice=[1])
    assert s.phase == "place"
    assert legal(s) == ["place 0,-1 r0", "place -1,0 r90", "place 1,0 r90", "place 0,1 r0"]


def test_placing_tiles_identical_rotations_listed_once() -> None:
    """§4.1 (notation): the placement list is deduplicated: symmetric tiles offer fewer rotations."""
    rots = {t.name: len(t.rotations) for t in TILES}
    assert rots["Altar"] == 1 and rots["Crossroads"] == 1
    assert rots["Meadow Road"] == 2 and rots["Graveyard"] == 2
    assert rots["Bend"] == 4 and rots["Smith"] == 4
    s = make(tile_deck=["Crossroads"])
    assert legal(s) == ["place 0,-1 r0", "place -1,0 r0", "place 1,0 r0", "place 0,1 r0"]


def test_placing_tiles_an_entrance_must_face_a_road() -> None:
    """§4.1: a walled place's gate may only face a road: the Crypt (one gate) goes beside the Altar
    with its gate towards the Altar's road and never with a gate against a closed side."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Smith", -1, 0, 0]], tile_deck=["Crypt"])
    g = s.geo()
    for a in s.legal_actions(0):
        x, y, rot = a.x, a.y, a.rot  # type: ignore[attr-defined]
        edges = tile_by_name("Crypt").edges[rot]
        for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            k = g.tile_at.get((x + dx, y + dy))
            if k is not None and edges[d] == DOOR:
                tid, _, _, nrot = g.placed[k]
                assert TILES[tid].edges[nrot][OPPOSITE[d]] == ROAD
    # the Smith's closed north side never meets the Crypt's gate
    assert "place -1,-1 r0" not in legal(s)


def test_edges_fit_table() -> None:
    """§4.1: road meets road or door; closed meets closed; two doors may face each other (R20), except
    under the option doors_may_face=false."""
    assert edges_fit(ROAD, ROAD) and edges_fit(ROAD, DOOR) and edges_fit(DOOR, ROAD)
    assert edges_fit(CLOSED, CLOSED) and edges_fit(DOOR, DOOR)
    assert not edges_fit(ROAD, CLOSED) and not edges_fit(DOOR, CLOSED)
    assert not edges_fit(DOOR, DOOR, doors_may_face=False)


def _reachable(state: MidEvilState) -> set[int]:
    g = state.geo()
    seen = {g.altar}
    queue = deque([g.altar])
    while queue:
        s = queue.popleft()
        for t in g.step[s]:
            if t >= 0 and t not in seen:
                seen.add(t)
                queue.append(t)
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_placement_never_cuts_off_a_road_or_an_entrance(seed: int) -> None:
    """§4.1: after any sequence of legal placements every touching pair of sides fits, and every road
    square and every square inside a building can be reached from the Altar."""
    s = medieval.make("midevil", 2, max_rounds=40).new_game(seed)
    assert isinstance(s, MidEvilState)
    rng = random.Random(seed)
    while not s.is_over and len(s.tiles) < 30 and (s.tile_deck or s.drawn >= 0):
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    g = s.geo()
    for k, (tid, tx, ty, rot) in enumerate(g.placed):
        for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            j = g.tile_at.get((tx + dx, ty + dy))
            if j is not None:
                ntid, _, _, nrot = g.placed[j]
                assert edges_fit(TILES[tid].edges[rot][d], TILES[ntid].edges[nrot][OPPOSITE[d]]), (k, j)
    reach = _reachable(s)
    for sq in range(g.n):
        if g.terrain[sq] in "R=A" or (g.inside[sq] and g.walk[sq]):
            assert sq in reach, (g.xs[sq], g.ys[sq], g.terrain[sq])


CLOSED_MAP = [["Altar", 0, 0, 0], ["Fork", -1, 0, 90], ["Watchtower", 0, 1, 180], ["Field Bend", 0, -1, 180],
              ["Ruined Keep", 1, 0, 0]]
#: On CLOSED_MAP only the Ruined Keep's east gate is open: with gates kept from facing each other (R20's
#: option) no walled place fits there.
NO_FACING = {"doors_may_face": False}


def test_ruling_r11_a_tile_that_fits_nowhere_goes_to_the_bottom() -> None:
    """R11: a drawn tile with no legal place goes under the tile deck and the next tile is drawn."""
    s = make(tiles=CLOSED_MAP, tile_deck=["Graveyard", "Market"], options=NO_FACING)
    assert s.phase == "place"
    assert s.view(0)["drawn_tile"] == "Market"
    assert s.tile_deck == [tile_by_name("Graveyard").index]


def test_ruling_r11_no_tile_fits_the_turn_goes_on() -> None:
    """R11: when no tile in the deck fits, the turn goes on without one and the tiles stay."""
    s = make(tiles=CLOSED_MAP, tile_deck=["Graveyard", "Crypt"], dice=[2], options=NO_FACING)
    assert s.phase == "move"
    assert last(s, "no_tile")["seat"] == 0
    assert sorted(s.tile_deck) == sorted(tile_by_name(n).index for n in ("Graveyard", "Crypt"))


def test_named_tile_counts_placer_chooses_colours_inside_building() -> None:
    """§4.2: a named tile gets its printed numbers of skeletons and Humans, all inside its building; the
    player who placed it chooses the skeletons' colours."""
    s = make(tile_deck=["Smith"])
    do(s, "0 place -1,0 r0")
    assert s.phase == "seed"
    assert legal(s) == ["seed BB", "seed BR", "seed BW", "seed RR", "seed RW", "seed WW"]
    assert s.view(0)["humans_on_map"] == [[-2, 0]]
    do(s, "0 seed BR")
    assert skeletons(s) == {(-2, 0): "blue", (-1, 0): "red"}
    g = s.geo()
    assert all(g.inside[g.at[xy]] for xy in skeletons(s))
    assert s.pool == [40, 39, 19]


def test_named_tile_without_building_uses_its_squares() -> None:
    """§4.2: a named tile with no building (the Market) puts its tokens on its own squares."""
    s = make(tile_deck=["Market"])
    do(s, "0 place 0,-1 r0", "0 seed BRW")
    assert s.view(0)["humans_on_map"] == [[1, -2]]
    assert sorted(skeletons(s).values()) == ["blue", "red", "white"]
    assert all(-3 <= y <= -1 for _, y in skeletons(s))


def test_named_tile_colours_limited_by_the_pool() -> None:
    """§4.2, §11.5: only what is left in the pool can be placed; a single choice needs no decision."""
    s = make(tile_deck=["Smith"], pool=[1, 0, 0], dice=[1])
    do(s, "0 place -1,0 r0")
    assert s.phase != "seed"
    assert list(skeletons(s).values()) == ["white"]
    assert s.pool == [0, 0, 0]


def test_unnamed_tile_rolled_points_placer_chooses_among_best() -> None:
    """§4.2, R3: an unnamed tile gets a die roll of skeleton points; every set worth exactly that is
    offered."""
    s = make(tile_deck=["Meadow Road"], dice=[3])
    do(s, "0 place 0,-1 r0")
    assert last(s, "seed_roll")["points"] == 3
    assert legal(s) == ["seed B", "seed RW", "seed WWW"]
    do(s, "0 seed WWW")
    assert sorted(skeletons(s).values()) == ["white"] * 3


def test_story_seeding_example() -> None:
    """§4.2 worked example: a 6 is rolled, only 3 white and 1 red skeletons are left and the tile has 3
    free squares: the red and two whites are placed (4 points, closest without going over)."""
    s = make(tile_deck=["Forest Road"], pool=[3, 1, 0], dice=[6, 1])
    assert len(tile_by_name("Forest Road").spawn[0]) == 3  # three free squares: the road between trees
    do(s, "0 place 0,-1 r0")
    assert s.phase != "seed"  # a single best set: nothing to choose
    assert sorted(skeletons(s).values()) == ["red", "white", "white"]
    assert s.pool == [1, 0, 0]


def test_unnamed_tile_limited_by_free_squares() -> None:
    """§4.2: three free squares and a roll of 6: the sets of at most three skeletons worth 6."""
    s = make(tile_deck=["Thicket Bend"], dice=[6])
    do(s, "0 place 0,-1 r90")
    assert legal(s) == ["seed BB", "seed BRW", "seed RRR"]


def test_ruling_r3_skeletons_go_strongest_first_in_spawn_order() -> None:
    """R3: the tokens go on the tile's squares in its fixed order, the strongest skeleton first."""
    s = make(tile_deck=["Meadow Road"], dice=[6])
    do(s, "0 place 0,-1 r0", "0 seed BRW")
    g = s.geo()
    spawn = g.spawn[1]
    assert [s.skel[q] for q in spawn[:4]] == [3, 2, 1, 0]


def test_graveyard_placed_book_on_its_centre() -> None:
    """§6.1: once the Graveyard is on the map the Necronomicon lies on its centre square."""
    s = make(tile_deck=["Graveyard"])
    assert s.view(0)["book"]["status"] == "set_aside"
    do(s, "0 place 0,-1 r0")
    if s.phase == "seed":
        do(s, f"0 {legal(s)[0]}")
    assert s.view(0)["book"] == {"status": "graveyard", "holder": None, "square": [1, -2]}
    assert s.view(0)["graveyard"] == [1, -2]


def test_one_skeleton_and_one_human_per_square() -> None:
    """§4.3: never two skeletons or two Humans on a square; a skeleton and a Human may share one."""
    s = make(tile_deck=["Tavern"])
    do(s, "0 place 0,-1 r90", "0 seed RR")
    g = s.geo()
    both = [q for q in range(g.n) if s.skel[q] and s.hum[q]]
    assert both  # the Tavern's two Humans lie under its skeletons
    assert max(s.skel) <= 3 and max(s.hum) == 1
    with pytest.raises(ValueError, match="cannot take a skeleton"):
        make(skeletons=[[1, 0, "white"], [1, 0, "red"]])
    with pytest.raises(ValueError, match="cannot take a Human"):
        make(humans_on_map=[[1, 0], [1, 0]])


def test_turn_sequence_steps_in_exact_order() -> None:
    """§3: draw a tile, place it, fight on your square, draw up to 3 cards, roll, move, skeleton phase,
    discard: in that order."""
    s = make(tile_deck=["Meadow Road"], skeletons=[[1, 1, "white"]], dice=[1, 5, 2, 1],
             deck=["Sword", "Sword", "Sword"], hands=[["Curse"], []])
    assert s.phase == "place"
    do(s, "0 place 0,-1 r0")  # seeded with the rolled 1 point: one white
    # fight on the pawn's square (5 kills), draw up to 3, roll 2 for movement
    assert s.phase == "move"
    seq = [k for k in kinds(s, 0) if k in ("draw_tile", "place", "seed_roll", "seed", "combat", "kill", "draw",
                                            "move_roll")]
    assert seq == ["draw_tile", "place", "seed_roll", "seed", "combat", "kill", "draw", "move_roll"]
    assert len(s.hands[0]) == 3
    do(s, "0 stop")
    assert s.phase == "skeletons"
    assert kinds(s, 0)[-1] == "skeleton_roll"
    do(s, f"0 {legal(s)[0]}")
    assert s.phase == "discard"
    do(s, "0 end")
    k = kinds(s, 0)
    assert s.turn == 1 and k[k.index("end_turn") + 1] == "turn"
