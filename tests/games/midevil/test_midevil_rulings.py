"""MidEvil rulings (docs/rules/midevil.md, section Rulings): where the rulebook is silent or unclear."""

from __future__ import annotations

import medieval
from medieval.games.midevil.components import CARDS, GRAVEYARD_TILE
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make
from tests.support import do, kinds, last, legal

MAP = [["Altar", 0, 0, 0], MEADOW_NORTH]


def test_ruling_r1_a_miss_with_nothing_to_spend_kills() -> None:
    """R1: after a miss the player must spend skeletons or a Human (or play a weapon card); with none of
    these the player dies at once."""
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[3], humans=[0, 3])
    do(s, "0 move N")
    assert last(s, "death", 0)["cause"] == "skeleton"
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[3], humans=[1, 3])
    do(s, "0 move N")
    assert s.phase == "combat" and legal(s) == ["reroll"]  # no way to leave the fight


def test_ruling_r2_spent_humans_return_to_the_supply() -> None:
    """R2: Humans are never removed from play: spent ones go back to the supply (and can be placed on new
    tiles); spent skeletons leave the game."""
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[1, 6], tile_deck=["Tavern"],
             humans=[3, 0], kills=[[0, 0, 0], [0, 0, 0]])
    supply = s.supply
    do(s, "0 move N", "0 reroll")
    assert s.supply == supply + 1
    assert s.components()["human"] == 50


def test_ruling_r4_spending_only_what_is_needed_is_offered() -> None:
    """R4: no change is given, so only sets where every skeleton is needed are offered."""
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[2], humans=[0, 3],
             kills=[[3, 2, 1], [0, 0, 0]])
    do(s, "0 move N")
    assert legal(s) == ["spend WW", "spend R", "spend B"]


def test_ruling_r6_respawn_takes_what_the_supply_holds() -> None:
    """R6: the dead player takes 3 Humans at the start of the next turn, as many as the supply holds."""
    s = make(tiles=MAP, tile_deck=[], respawn=[True, False], humans=[0, 3], dice=[1])
    assert s.humans[0] == 3 and last(s, "respawn", 0)["humans"] == 3
    tiles = [*MAP, ["Crossroads", 1, 0, 0], ["Market", 0, 1, 0]]
    spots = [[x, y] for x in range(0, 6) for y in range(-3, 6) if [x, y] != ALTAR_CENTRE]
    crowd = make(players=6, tiles=tiles).geo()
    on_map = [xy for xy in spots if (xy[0], xy[1]) in crowd.at and crowd.walk[crowd.at[(xy[0], xy[1])]]][:23]
    s = make(players=6, tiles=tiles, tile_deck=[], respawn=[True] + [False] * 5, humans=[0] + [5] * 5,
             humans_on_map=on_map, dice=[1])
    assert last(s, "respawn", 0)["humans"] == 2 and s.supply == 0


def test_ruling_r6_death_keeps_the_hand_discards_down_to_three() -> None:
    """R6, R17: a dead player keeps the hand, but more than 3 cards are discarded down to 3 before the
    turn passes."""
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[1], humans=[0, 3],
             hands=[["Treasure Chest", "Curse", "Sword", "Longbow"], []], played=[True, False])
    assert s.phase == "move"
    do(s, "0 move N")
    assert s.respawn[0] and s.phase == "discard" and "end" not in legal(s)
    assert all(n.startswith("discard") for n in legal(s))
    do(s, "0 discard Curse")
    assert s.turn == 1 and len(s.hands[0]) == 3


def test_ruling_r7_cards_only_on_your_own_turn_in_its_windows() -> None:
    """R7: the active player plays event cards while moving, in a combat (weapons, Healing Herbs) and at
    the end of the turn; not while placing a tile or moving skeletons; another player's item is never
    offered on someone else's turn (reaction windows offer only the cards whose timing matters:
    test_midevil_react.py)."""
    s = make(tiles=MAP, tile_deck=["Crossroads"], hands=[["Sword"], ["Sword"]])
    assert s.phase == "place" and not [n for n in legal(s) if n.startswith("play")]
    s = make(tiles=MAP, phase="skeletons", skeleton_roll=1, skeletons=[[1, -2, "white"]],
             hands=[["Sword"], ["Sword"]])
    assert not [n for n in legal(s) if n.startswith("play")]
    assert s.legal_actions(1) == []
    s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[1], humans=[1, 3],
             hands=[["Sword", "Flail"], []])
    do(s, "0 move N")
    assert [n for n in legal(s) if n.startswith("play")] == ["play Flail"]  # no item mid-combat


def test_ruling_r9_one_die_per_roll_two_in_player_combat() -> None:
    """R9: the box has two dice but every roll is one die; in player combat each player rolls one."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], book=1, pawns=[ALTAR_CENTRE, [1, 0]],
             phase="move", roll=2, dice=[4, 2], humans=[0, 0], hands=[["Flail"], []])
    do(s, "0 move N", "0 challenge")
    assert last(s, "challenge", 0)["dice"] == [4, 2]
    assert s.book == 0


def test_ruling_r13_quick_game_graveyard_near_the_top() -> None:
    """R13 (our variant): graveyard_within=N shuffles the Graveyard among the top N tiles."""
    game = medieval.make("midevil", 2, graveyard_within=2)
    for seed in range(20):
        s = game.new_game(seed)
        deck = [*s.tile_deck, s.drawn]  # the drawn tile was the top one
        assert GRAVEYARD_TILE.index in deck[-2:]


def test_ruling_r14_horse_played_inside_a_building_waits_for_the_exit() -> None:
    """R14: a Horse played inside a building is ridden from the first step outside."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Tavern", 0, -1, 90]], pawns=[[2, -2], ALTAR_CENTRE], phase="move",
             roll=2, hands=[["Horse"], []])
    do(s, "0 play Horse")
    assert not s.view(0)["movement"]["riding"]
    do(s, "0 move W")
    assert s.moves == 2 and s.view(0)["movement"]["riding"]
    do(s, "0 move N", "0 move S")
    assert s.phase != "move"


def test_ruling_r16_pick_up_where_the_movement_starts() -> None:
    """R16: a Human left on your square (you had 5) or the book returned under your pawn is taken when
    your movement phase starts."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], pawns=[[1, -2], ALTAR_CENTRE], tile_deck=[],
             humans_on_map=[[1, -2]], humans=[4, 3], dice=[2])
    assert s.phase == "move" and s.humans[0] == 5 and s.book == 0


def test_ruling_r18_the_event_deck_is_reshuffled_when_empty() -> None:
    """R18: when the event deck runs out, the discard pile is shuffled into a new deck."""
    s = make(tiles=MAP, tile_deck=[], hands=[["Sword"], []], deck=[], rest_to_discard=True, dice=[1])
    assert "reshuffle" in kinds(s, 0)
    assert len(s.hands[0]) == 3 and len(s.deck) == 49 - 3 - 0
    assert s.components()[("card", "Sword")] == next(c.copies for c in CARDS if c.name == "Sword")


def test_ruling_r20_a_tile_must_join_the_map_by_a_road() -> None:
    """R20: a tile goes next to the map (sharing a side) and joins it by at least one road or door:
    no corner-only contact and no tile touching only with closed sides."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Smith", -1, 0, 0]], tile_deck=["Crossroads"])
    spots = {(a.x, a.y) for a in s.legal_actions(0)}  # type: ignore[attr-defined]
    assert (-1, -1) not in spots and (1, 1) not in spots  # a crossroads there would face closed sides
    assert spots == {(0, -1), (1, 0), (0, 1), (-2, 0)}


def test_ruling_r20_gates_may_face_each_other() -> None:
    """R20: §4.1 forbids only cutting off "a road or the entrance on any other tile"; a gate facing a gate
    cuts off neither (the two walled places open into each other), so it is allowed; option
    doors_may_face=false forbids it."""
    tiles = [["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]]  # the Graveyard's gates face north and south
    s = make(tiles=tiles, tile_deck=["Crypt"])  # the Crypt's one gate faces south unturned
    assert "place 0,-2 r0" in legal(s)
    do(s, "0 place 0,-2 r0")
    g = s.geo()
    crypt_gate, graveyard_gate = g.at[(1, -4)], g.at[(1, -3)]
    assert graveyard_gate in g.step[crypt_gate]  # one walks from the Crypt into the Graveyard
    s = make(tiles=tiles, tile_deck=["Crypt"], options={"doors_may_face": False})
    assert "place 0,-2 r0" not in legal(s)
