"""MidEvil §7 player movement, buildings and the Horse (docs/rules/midevil.md)."""

from __future__ import annotations

from medieval.games.midevil.components import HORSE
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make, pawn_xy
from tests.support import do, last, legal

ALTAR = ["Altar", 0, 0, 0]
TAVERN_NORTH = ["Tavern", 0, -1, 90]  # building x=2, y -3..-1, door on 2,-2 facing west onto the road


def test_movement_up_to_the_roll_and_stop_at_will() -> None:
    """§7.1-§7.2: move up to the roll, one square a step, and stop at any time."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], phase="move", roll=3, hands=[["Flail"], []], dice=[1])
    assert s.moves == 6
    do(s, "0 move N")
    assert pawn_xy(s, 0) == [1, 0] and s.moves == 4
    do(s, "0 move N", "0 stop")
    assert pawn_xy(s, 0) == [1, -1]
    assert s.phase == "discard"  # the skeleton phase found nothing to move


def test_movement_ends_when_the_roll_is_used_up() -> None:
    """§7.1: after as many steps as the roll, the movement is over (no need to stop)."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], phase="move", roll=1, hands=[["Flail"], []], dice=[1])
    do(s, "0 move N")
    assert s.phase == "discard"


def test_movement_never_diagonal() -> None:
    """§7.3: only the four orthogonal steps exist."""
    s = make(phase="move", roll=2)
    moves = [n for n in legal(s) if n.startswith("move")]
    assert moves == ["move N", "move E", "move S", "move W"]


def test_movement_trees_water_and_furnace_are_blocked() -> None:
    """§7.7: trees, the Bridge tile's water and the Smith's furnace cannot be entered."""
    s = make(tiles=[ALTAR, ["Forest Road", 0, -1, 0]], pawns=[[1, -2], ALTAR_CENTRE], phase="move", roll=2)
    assert [n for n in legal(s) if n.startswith("move")] == ["move N", "move S"]
    s = make(tiles=[ALTAR, ["Bridge", 0, -1, 0]], pawns=[[1, -2], ALTAR_CENTRE], phase="move", roll=2)
    assert [n for n in legal(s) if n.startswith("move")] == ["move N", "move S"]
    s = make(tiles=[ALTAR, ["Smith", -1, 0, 0]], pawns=[[-2, 0], ALTAR_CENTRE], phase="move", roll=2)
    assert [n for n in legal(s) if n.startswith("move")] == ["move E", "move S"]  # W is the furnace


def test_buildings_entered_and_left_only_by_doors() -> None:
    """§7.6: players move in and out of buildings only through their doors."""
    s = make(tiles=[ALTAR, TAVERN_NORTH], pawns=[[1, -1], ALTAR_CENTRE], phase="move", roll=4)
    assert "move E" not in legal(s)  # a wall
    do(s, "0 move N")
    assert "move E" in legal(s)  # the door
    do(s, "0 move E", "0 move N")
    assert pawn_xy(s, 0) == [2, -3]
    assert [n for n in legal(s) if n.startswith("move")] == ["move S"]  # walls all round but the door


def test_pick_up_a_human() -> None:
    """§7.5: moving onto a square with a Human and no skeleton adds it to the player's Humans."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], humans_on_map=[[1, 0]], phase="move", roll=2)
    do(s, "0 move N")
    assert s.humans[0] == 4 and s.view(0)["humans_on_map"] == []
    assert last(s, "pick_up", 0)["square"] == [1, 0]


def test_at_most_five_humans() -> None:
    """§11.2: a player never has more than 5 Humans: a sixth stays on the map."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], humans_on_map=[[1, 0]], humans=[5, 3], phase="move", roll=2)
    do(s, "0 move N")
    assert s.humans[0] == 5 and s.view(0)["humans_on_map"] == [[1, 0]]


def test_human_under_a_skeleton_after_the_fight() -> None:
    """§7.5: a Human under a skeleton is taken only after the skeleton is killed."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], humans_on_map=[[1, 0]], skeletons=[[1, 0, "white"]], phase="move",
             roll=2, dice=[2, 6])
    do(s, "0 move N")
    assert s.phase == "combat" and s.humans[0] == 3
    do(s, "0 reroll")
    assert s.humans[0] == 3  # one spent on the re-roll, one picked up
    assert s.view(0)["humans_on_map"] == []


def test_fight_each_skeleton_met_then_go_on() -> None:
    """§7.4: every skeleton met is fought before the movement goes on."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], skeletons=[[1, 0, "white"], [1, -1, "red"]], phase="move", roll=3,
             dice=[5, 6])
    do(s, "0 move N")
    assert s.kills[0] == [1, 0, 0] and s.phase == "move"
    do(s, "0 move N")
    assert s.kills[0] == [1, 1, 0] and pawn_xy(s, 0) == [1, -1]


def test_horse_doubles_the_movement() -> None:
    """§7.8: with a Horse the movement roll counts double (outside buildings)."""
    s = make(tiles=[ALTAR, MEADOW_NORTH], in_play=[["Horse"], []], phase="move", roll=2, hands=[["Flail"], []],
             dice=[1])
    assert s.view(0)["movement"]["riding"]
    do(s, "0 move N", "0 move N", "0 move N", "0 move N")
    assert pawn_xy(s, 0) == [1, -3]
    assert s.phase == "discard"


def test_horse_left_outside_a_building_and_taken_again_on_leaving() -> None:
    """§7.9-§7.10: entering a building, the Horse stays on the square outside its door; inside, moves
    are normal; leaving, the Horse is ridden again."""
    s = make(tiles=[ALTAR, TAVERN_NORTH], in_play=[["Horse"], []], pawns=[[1, -2], ALTAR_CENTRE],
             phase="move", roll=5, hands=[["Flail"], []])
    assert s.moves == 10
    do(s, "0 move E")  # into the Tavern: on foot
    assert s.moves == 8 and s.view(0)["pawns"][0]["horse_waiting_at"] == [1, -2]
    assert not s.view(0)["movement"]["riding"]
    do(s, "0 move N")
    assert s.moves == 6
    do(s, "0 move S", "0 move W")  # leaving on foot, then on horseback again
    assert s.view(0)["pawns"][0]["horse_waiting_at"] is None and s.moves == 2
    assert s.view(0)["movement"]["riding"]
    do(s, "0 move N", "0 move S")  # two squares for one
    assert pawn_xy(s, 0) == [1, -2] and s.phase == "discard"


def test_horse_claimed_by_a_player_entering_its_square() -> None:
    """§7.10 "Any player that enters a square with a "Horse" but not another player may claim the
    "Horse" from the owner": R14 the claim is the player's choice (``claim``), and after it the rest of
    the move counts double (§7.8)."""
    s = make(players=3, tiles=[ALTAR, TAVERN_NORTH], in_play=[[], ["Horse"], []],
             pawns=[[1, -1], [2, -2], ALTAR_CENTRE], horse_at=[None, [1, -2], None], phase="move", roll=3)
    do(s, "0 move N")  # 4 half-steps left
    assert "claim" in legal(s) and HORSE in s.in_play[1]  # not taken unasked
    do(s, "0 claim")  # now on horseback
    assert HORSE in s.in_play[0] and HORSE not in s.in_play[1] and "claim" not in legal(s)
    assert last(s, "horse_claimed", 0) == {"kind": "horse_claimed", "seat": 0, "from": 1}
    assert s.moves == 4
    do(s, "0 move N")
    assert s.moves == 3


def test_horse_not_claimed_while_another_player_is_there() -> None:
    """§7.10: a Horse sharing its square with another player cannot be claimed."""
    s = make(players=3, tiles=[ALTAR, TAVERN_NORTH], in_play=[[], ["Horse"], []],
             pawns=[[1, -1], [2, -2], [1, -2]], horse_at=[None, [1, -2], None], phase="move", roll=3)
    do(s, "0 move N")
    assert HORSE in s.in_play[1] and HORSE not in s.in_play[0] and "claim" not in legal(s)


def test_horse_claim_may_be_declined() -> None:
    """§7.10 "may claim": a player can walk on past a waiting Horse and leave it to its owner."""
    s = make(players=3, tiles=[ALTAR, TAVERN_NORTH], in_play=[[], ["Horse"], []],
             pawns=[[1, -1], [2, -2], ALTAR_CENTRE], horse_at=[None, [1, -2], None], phase="move", roll=3)
    do(s, "0 move N", "0 move N")
    assert HORSE in s.in_play[1] and s.view(None)["pawns"][1]["horse_waiting_at"] == [1, -2]
    assert "claim" not in legal(s) and s.moves == 2
