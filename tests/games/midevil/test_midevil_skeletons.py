"""MidEvil §9 skeleton movement and its rulings (docs/rules/midevil.md)."""

from __future__ import annotations

from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make, skeletons
from tests.support import do, last, legal

ALTAR = ["Altar", 0, 0, 0]
MAP = [ALTAR, MEADOW_NORTH, ["Tavern", 1, 0, 0]]


def test_skeleton_phase_rolls_how_many_move() -> None:
    """§3 step 8, §9.1: a die says how many skeletons move, one square each, none twice."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=2, hands=[["Flail"], []],
             skeletons=[[1, -2, "white"], [0, -3, "red"], [2, -1, "blue"]])
    assert s.to_move == (0,) and s.skel_left == 2
    do(s, "0 skeleton 1,-2 S")
    assert not [n for n in legal(s) if n.startswith("skeleton 1,-1")]  # moved once already
    do(s, "0 skeleton 0,-3 E")
    assert s.phase == "discard"
    assert skeletons(s) == {(1, -1): "white", (1, -3): "red", (2, -1): "blue"}


def test_skeleton_phase_moves_one_square_orthogonally() -> None:
    """§9.2: a skeleton moves one square, never diagonally."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[0, -2, "white"]], hands=[["Flail"], []])
    assert legal(s) == ["skeleton 0,-2 N", "skeleton 0,-2 E", "skeleton 0,-2 S"]


def test_skeleton_phase_must_move_if_possible() -> None:
    """§9.1: the rolled number must be moved if possible; when no skeleton can move, the phase ends."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=6, skeletons=[[0, -2, "white"]], hands=[["Flail"], []])
    assert "stop" not in legal(s) and "end" not in legal(s)
    do(s, "0 skeleton 0,-2 N")
    assert s.phase == "discard"  # the only skeleton has moved: the other five moves cannot be made


def test_skeletons_keep_to_walls_and_doors() -> None:
    """§7.6: skeletons too go in and out of buildings only through the doors."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[3, 1, "white"], [4, 1, "red"]],
             hands=[["Flail"], []])
    assert "skeleton 3,1 N" not in legal(s)  # wall
    assert "skeleton 4,1 N" in legal(s)  # door of the Tavern
    s = make(tiles=[ALTAR, ["Forest Road", 0, -1, 0]], phase="skeletons", skeleton_roll=1,
             skeletons=[[1, -2, "white"]], hands=[["Flail"], []])
    assert legal(s) == ["skeleton 1,-2 N", "skeleton 1,-2 S"]  # trees either side


def test_skeleton_never_onto_another_skeleton() -> None:
    """§4.3: never two skeletons on one square, in the skeleton phase too."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[1, -2, "white"], [1, -1, "red"]],
             hands=[["Flail"], []])
    assert "skeleton 1,-2 S" not in legal(s) and "skeleton 1,-1 N" not in legal(s)


def test_humans_never_move() -> None:
    """§7.6, §11.1: Humans on the map never move; a skeleton may step onto one."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[1, -2, "white"]],
             humans_on_map=[[1, -1]], hands=[["Flail"], []])
    do(s, "0 skeleton 1,-2 S")
    assert s.view(0)["humans_on_map"] == [[1, -1]] and skeletons(s) == {(1, -1): "white"}


def test_ruling_r5_active_player_moves_skeletons_onto_pawns_fight_next_turn() -> None:
    """R5: the active player moves the skeletons, also onto a pawn's square; that player fights it when
    their next turn begins (§3 step 3)."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[1, 0, "white"]], tile_deck=[],
             pawns=[[1, -2], ALTAR_CENTRE], hands=[["Flail"], []], dice=[6])
    assert s.to_move == (0,)
    do(s, "0 skeleton 1,0 S", "0 end")
    assert s.turn == 1 and s.kills[1] == [1, 0, 0]
    assert last(s, "combat", 1)["square"] == ALTAR_CENTRE


def test_ruling_r5_option_skeletons_keep_off_pawns() -> None:
    """R5 option skeletons_enter_pawns=false: skeletons may not step onto a pawn's square."""
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[1, 0, "white"]],
             pawns=[[1, -2], ALTAR_CENTRE], hands=[["Flail"], []], options={"skeletons_enter_pawns": False})
    assert "skeleton 1,0 S" not in legal(s) and "skeleton 1,0 N" in legal(s)


def test_skeleton_phase_looks_ahead_to_move_the_whole_roll() -> None:
    """§9.1 "You must move that number if possible and no Skeleton may be moved twice": with a roll of 2,
    a white skeleton at the dead end of a one-square corridor and a red one beside the corridor's mouth,
    the red may not step into the corridor (that would box the white in and leave one move short); the
    moves offered are those after which both skeletons can still move (R5)."""
    s = make(tiles=[ALTAR, ["Forest Road", 0, -1, 0]], phase="skeletons", skeleton_roll=2,
             skeletons=[[1, -3, "white"], [1, -1, "red"]], hands=[["Flail"], []])
    assert s.skel_left == 2
    assert legal(s) == ["skeleton 1,-3 S", "skeleton 1,-1 S"]  # not "skeleton 1,-1 N"
    do(s, "0 skeleton 1,-1 S")
    assert legal(s) == ["skeleton 1,-3 S"]
    do(s, "0 skeleton 1,-3 S")
    assert s.phase == "discard" and skeletons(s) == {(1, -2): "white", (1, 0): "red"}


def test_skeleton_phase_moves_the_most_that_can_move() -> None:
    """§9.1 "if possible": when no order of moves reaches the roll, the most that can move must move,
    and the moves offered keep that many reachable."""
    s = make(tiles=[ALTAR, ["Forest Road", 0, -1, 0]], phase="skeletons", skeleton_roll=5,
             skeletons=[[1, -3, "white"], [1, -1, "red"]], hands=[["Flail"], []])
    assert s.skel_left == 2 and "skeleton 1,-1 N" not in legal(s)
    s = make(tiles=[ALTAR, ["Forest Road", 0, -1, 0]], phase="skeletons", skeleton_roll=5,
             skeletons=[[1, -3, "white"], [1, -2, "red"], [1, -1, "blue"]], hands=[["Flail"], []])
    assert s.skel_left == 3 and legal(s) == ["skeleton 1,-1 S"]
    do(s, "0 skeleton 1,-1 S", "0 skeleton 1,-2 S", "0 skeleton 1,-3 S")
    assert s.phase == "discard"
