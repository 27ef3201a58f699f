"""MidEvil §8 event cards: the card rules and every card of the deck (docs/rules/midevil.md; the card
list is our design apart from the Necronomicon, the Horse and the Catapult)."""

from __future__ import annotations

from medieval.games.midevil.components import CARDS, HORSE, NECRONOMICON, card_by_name
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make, pawn_xy
from tests.support import do, last, legal

ALTAR = ["Altar", 0, 0, 0]
TAVERN_EAST = ["Tavern", 1, 0, 0]  # building 3,0 4,0 5,0 (door 4,0 south); road y=1; trees 3,2 and 5,2
MAP = [ALTAR, MEADOW_NORTH, TAVERN_EAST]


def _names(cards: list[int]) -> list[str]:
    return [CARDS[c].name for c in cards]


def _plays(s: object, seat: int = 0) -> list[str]:
    return [n for n in legal(s, seat) if n.startswith(("play", "shoot"))]  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ card rules
def test_event_cards_one_per_round() -> None:
    """§8.2: only one event card per round (from the start of your turn to the start of the next)."""
    s = make(tiles=MAP, phase="move", roll=3, hands=[["Sword", "Healing Herbs"], []], humans=[1, 3])
    assert _plays(s) == ["play Sword", "play Healing Herbs"]
    do(s, "0 play Sword")
    assert _plays(s) == []
    assert s.view(1)["pawns"][0]["played_card_this_round"]
    s = make(tiles=MAP, phase="move", roll=3, hands=[["Sword"], []], played=[True, False])
    assert _plays(s) == []
    s = make(tiles=MAP, phase="move", roll=3, hands=[["Flail"], []], played=[True, False],
             skeletons=[[1, 0, "white"]], dice=[1], humans=[1, 3])
    do(s, "0 move N")
    assert s.phase == "combat" and legal(s) == ["reroll"]  # no Flail: a card was played this round


def test_event_cards_in_play_do_not_count() -> None:
    """§8.3: cards already in front of you do not use up the round's card: a Crossbow in play still
    shoots after another card was played."""
    s = make(tiles=MAP, phase="move", roll=3, hands=[["Healing Herbs"], []], in_play=[["Crossbow"], []],
             skeletons=[[3, 1, "white"]], humans=[1, 3], dice=[5])
    do(s, "0 play Healing Herbs")
    assert _plays(s) == ["shoot 3,1"]
    do(s, "0 shoot 3,1")
    assert s.kills[0] == [1, 0, 0]


def test_event_cards_at_most_three_at_end_of_turn() -> None:
    """§8.4, R17: more than 3 cards at the end of the turn must be discarded down to 3."""
    s = make(tiles=MAP, phase="discard", hands=[["Treasure Chest", "Flail", "Sword"], []],
             deck=["Curse", "Sling"])
    do(s, "0 play Treasure Chest")
    assert len(s.hands[0]) == 4
    assert "end" not in legal(s)
    do(s, "0 discard Flail")
    assert s.turn == 1 and len(s.hands[0]) == 3


def test_event_cards_optional_discard_ends_the_turn() -> None:
    """§8.5: one card may be discarded at the end of the turn; doing so ends it."""
    s = make(tiles=MAP, phase="discard", hands=[["Flail", "Sword"], []])
    assert legal(s) == ["end", "discard Sword", "discard Flail", "play Sword"]
    do(s, "0 discard Flail")
    assert s.turn == 1 and _names(s.hands[0]) == ["Sword"] and _names(s.discard)[-1] == "Flail"


def test_event_cards_one_copy_of_each_in_play() -> None:
    """§11.3: a player may have only one copy of each card in play."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Sword"], []], in_play=[["Sword"], []])
    assert _plays(s) == []
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Sword"], []], in_play=[["Battle Axe"], []])
    assert _plays(s) == ["play Sword"]


def test_ranged_weapons_need_line_of_sight() -> None:
    """§8.7, R15: a ranged weapon fires along a row or column; a tree stops the line."""
    s = make(tiles=MAP, pawns=[[0, 2], ALTAR_CENTRE], phase="move", roll=2, hands=[["Longbow"], []],
             skeletons=[[2, 2, "white"], [4, 2, "red"], [1, 1, "blue"]])
    assert _plays(s) == ["play Longbow 2,2"]  # 4,2 is behind the tree on 3,2; 1,1 is diagonal


def test_ranged_weapons_never_into_or_out_of_buildings() -> None:
    """§8.8: no shooting into or out of a building; the Catapult is the exception (R15)."""
    s = make(tiles=MAP, pawns=[[4, 1], ALTAR_CENTRE], phase="move", roll=2, hands=[["Longbow"], []],
             skeletons=[[4, 0, "red"]])
    assert _plays(s) == []
    s = make(tiles=MAP, pawns=[[4, 0], ALTAR_CENTRE], phase="move", roll=2, hands=[["Longbow"], []],
             skeletons=[[4, 1, "red"]])
    assert _plays(s) == []


# ------------------------------------------------------------------------------------ the cards
def test_card_necronomicon() -> None:
    """Necronomicon: set aside at setup, never dealt; it lies on the Graveyard's centre (§6)."""
    assert card_by_name("Necronomicon").index == NECRONOMICON
    s = make(tiles=MAP)
    assert NECRONOMICON not in s.deck + [c for h in s.hands for c in h]
    assert s.components()[("card", "Necronomicon")] == 1


def test_card_horse() -> None:
    """Horse (item, §7.8): played in the middle of a move, the rest of the move counts double."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Horse"], []])
    do(s, "0 move N")
    assert s.moves == 2
    do(s, "0 play Horse", "0 move N", "0 move N")
    assert pawn_xy(s, 0) == [1, -2] and HORSE in s.in_play[0]


def test_card_catapult() -> None:
    """§8, card table: Catapult (ranged, one use): any skeleton outside the buildings, no line of sight
    needed ("Line of sight is required for all ranged weapons except the Catapault"); the player keeps it."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Catapult"], []],
             skeletons=[[5, 1, "blue"], [1, -3, "red"]])
    assert _plays(s) == ["play Catapult 1,-3", "play Catapult 5,1"]
    do(s, "0 play Catapult 5,1")
    assert s.kills[0] == [0, 0, 1] and _names(s.discard) == ["Catapult"]


def test_card_catapult_never_into_or_out_of_a_building() -> None:
    """§8.8 "Ranged weapons may not be used to shoot into or out of a building": only line of sight is
    waived for the Catapult, so it reaches no skeleton inside a building and cannot be shot from inside
    one (R15); option catapult_into_buildings=true lifts that."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Catapult"], []], skeletons=[[4, 0, "blue"], [5, 1, "red"]])
    assert _plays(s) == ["play Catapult 5,1"]  # 4,0 is inside the Tavern
    s = make(tiles=MAP, pawns=[[4, 0], ALTAR_CENTRE], phase="move", roll=2, hands=[["Catapult"], []],
             skeletons=[[5, 1, "red"]])
    assert _plays(s) == []  # the shooter is inside
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Catapult"], []], skeletons=[[4, 0, "blue"]],
             options={"catapult_into_buildings": True})
    assert _plays(s) == ["play Catapult 4,0"]


def test_card_longbow() -> None:
    """§8, card table: Longbow (ranged, one use): kills a skeleton in line of sight up to 5 squares away."""
    s = make(tiles=[*MAP, ["Hedge Road", 0, -2, 0]], phase="move", roll=2, hands=[["Longbow"], []],
             skeletons=[[1, -4, "red"], [1, -5, "blue"]])
    assert _plays(s) == ["play Longbow 1,-4"]  # 1,-5 is 6 squares away
    do(s, "0 play Longbow 1,-4")
    assert s.kills[0] == [0, 1, 0] and _names(s.discard) == ["Longbow"]


def test_card_sling() -> None:
    """§8, card table: Sling (ranged, one use): roll 3 or more to kill a skeleton in sight up to 4 squares
    away."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Sling"], []], skeletons=[[3, 1, "red"]], dice=[2])
    do(s, "0 play Sling 3,1")
    assert s.kills[0] == [0, 0, 0] and last(s, "shot", 0)["hit"] is False
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Sling"], []], skeletons=[[3, 1, "red"]], dice=[3])
    do(s, "0 play Sling 3,1")
    assert s.kills[0] == [0, 1, 0]


def test_card_crossbow() -> None:
    """§8, card table: Crossbow (ranged item): once in each turn, a shot up to 3 squares that kills on 4 or
    more."""
    s = make(tiles=MAP, phase="move", roll=2, in_play=[["Crossbow"], []],
             skeletons=[[3, 1, "red"], [4, 1, "white"], [5, 1, "blue"]], dice=[3])
    assert _plays(s) == ["shoot 3,1", "shoot 4,1"]  # 5,1 is 4 squares away
    do(s, "0 shoot 4,1")
    assert s.kills[0] == [0, 0, 0] and _plays(s) == []


def test_card_sword() -> None:
    """§8, card table: Sword (weapon item): +1 to skeleton combat rolls."""
    s = make(tiles=MAP, phase="move", roll=2, in_play=[["Sword"], []], skeletons=[[1, 0, "white"]], dice=[3])
    do(s, "0 move N")
    assert s.kills[0] == [1, 0, 0]


def test_card_battle_axe() -> None:
    """§8, card table: Battle Axe (weapon item): +2 to skeleton combat rolls."""
    s = make(tiles=MAP, phase="move", roll=2, in_play=[["Battle Axe"], []], skeletons=[[1, 0, "white"]],
             dice=[2])
    do(s, "0 move N")
    assert s.kills[0] == [1, 0, 0]


def test_card_flail() -> None:
    """Flail (weapon, one use): after a miss, +2 to that roll instead of the weapon item's bonus."""
    s = make(tiles=MAP, phase="move", roll=2, in_play=[["Sword"], []], hands=[["Flail"], []],
             skeletons=[[1, 0, "white"]], dice=[2], humans=[0, 3])
    do(s, "0 move N")
    assert s.phase == "combat" and "play Flail" in legal(s)
    do(s, "0 play Flail")  # 2 + 2 (not 2 + 1 + 2)
    assert s.kills[0] == [1, 0, 0]
    s = make(tiles=MAP, phase="move", roll=2, in_play=[["Sword"], []], hands=[["Flail"], []],
             skeletons=[[1, 0, "white"]], dice=[1], humans=[1, 3])
    do(s, "0 move N", "0 play Flail")  # 1 + 2 = 3: still a miss
    assert s.phase == "combat" and s.view(0)["combat"]["bonus"] == 2 and "play Flail" not in legal(s)


def test_card_war_hammer() -> None:
    """§8, card table: War Hammer (weapon, one use): after a miss, the skeleton is killed."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["War Hammer"], []], skeletons=[[1, 0, "blue"]], dice=[1],
             humans=[0, 3])
    do(s, "0 move N", "0 play War Hammer")
    assert s.kills[0] == [0, 0, 1] and s.phase == "move"


def test_card_chain_mail() -> None:
    """§8, card table: Chain Mail (item): once in each turn, a missed combat roll is re-rolled without a
    Human."""
    s = make(tiles=MAP, phase="move", roll=3, in_play=[["Chain Mail"], []],
             skeletons=[[1, 0, "white"], [1, -1, "white"]], dice=[1, 5, 1], humans=[1, 3])
    do(s, "0 move N")
    assert legal(s) == ["reroll", "armour"]
    do(s, "0 armour")
    assert s.humans[0] == 1 and s.kills[0] == [1, 0, 0]
    do(s, "0 move N")
    assert legal(s) == ["reroll"]  # used this turn


def test_card_healing_herbs() -> None:
    """§8, card table: Healing Herbs: 2 Humans from the supply, never more than 5; playable in a combat."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Healing Herbs"], []], humans=[4, 3])
    do(s, "0 play Healing Herbs")
    assert s.humans[0] == 5
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Healing Herbs"], []], skeletons=[[1, 0, "white"]],
             dice=[1, 6], humans=[0, 3])
    do(s, "0 move N")
    assert legal(s) == ["play Healing Herbs"]
    do(s, "0 play Healing Herbs", "0 reroll")
    assert s.humans[0] == 1 and s.kills[0] == [1, 0, 0]


def test_card_fresh_legs() -> None:
    """Fresh Legs: while moving, 3 more squares of movement."""
    s = make(tiles=MAP, phase="move", roll=1, hands=[["Fresh Legs"], []])
    do(s, "0 play Fresh Legs")
    assert s.moves == 8
    s = make(tiles=MAP, phase="discard", hands=[["Fresh Legs"], []])
    assert _plays(s) == []


def test_card_treasure_chest() -> None:
    """§8, card table: Treasure Chest: draw 2 event cards."""
    s = make(tiles=MAP, phase="move", roll=1, hands=[["Treasure Chest"], []], deck=["Sword", "Curse"])
    do(s, "0 play Treasure Chest")
    assert _names(s.hands[0]) == ["Sword", "Curse"] and _names(s.discard)[-1] == "Treasure Chest"
    assert last(s, "draw", 1) == {"kind": "draw", "seat": 0, "count": 2}


def test_card_restless_dead() -> None:
    """Restless Dead: roll a die and move that many skeletons one square each, then carry on."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Restless Dead"], []],
             skeletons=[[1, -2, "white"], [0, -3, "red"]], dice=[2])
    do(s, "0 play Restless Dead")
    assert s.phase == "skeletons" and s.skel_left == 2
    do(s, "0 skeleton 1,-2 S", "0 skeleton 0,-3 S")
    assert s.phase == "move" and s.moves == 4


def test_card_curse() -> None:
    """§8, card table: Curse: another player returns a Human to the supply."""
    s = make(players=3, tiles=MAP, phase="move", roll=2, hands=[["Curse"], [], []], humans=[3, 0, 2])
    assert _plays(s) == ["play Curse 2"]
    do(s, "0 play Curse 2")
    assert s.humans == [3, 0, 1]


def test_card_grave_robber() -> None:
    """§8, card table: Grave Robber: a white skeleton from the pool, as if killed."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Grave Robber"], []])
    do(s, "0 play Grave Robber")
    assert s.kills[0] == [1, 0, 0] and s.pool[0] == 39
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Grave Robber"], []], pool=[0, 5, 5])
    assert _plays(s) == []


def test_card_raise_dead() -> None:
    """Raise Dead: up to 2 white skeletons from the pool on free squares next to another player's pawn."""
    s = make(tiles=MAP, pawns=[[1, -2], ALTAR_CENTRE], phase="move", roll=2, hands=[["Raise Dead"], []])
    do(s, "0 play Raise Dead 1")
    assert last(s, "raised", 1)["squares"] == [[1, 0], [2, 1]]
    assert s.skel[s.geo().at[(1, 0)]] == 1 and s.pool[0] == 38
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Raise Dead"], []], pool=[0, 9, 9])
    assert _plays(s) == []  # no white skeleton left in the pool


def test_card_unquiet_graves() -> None:
    """Unquiet Graves (our design): "Once the Skeleton supply runs out, no more can be used without an
    event card action" (§11.5): this is that action; every skeleton removed from play goes back to the
    pool, and new tiles can be seeded again; its player takes the strongest of them as if killed (revised
    after the design review: refilling a pool that rarely runs out did almost nothing)."""
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Unquiet Graves"], []])
    assert s.gone == [0, 0, 0] and _plays(s) == []  # nothing removed from play: it would do nothing
    s = make(tiles=MAP, phase="move", roll=2, hands=[["Unquiet Graves"], []], pool=[0, 0, 0],
             kills=[[3, 1, 0], [0, 0, 0]])
    gone = s.gone[:]
    assert s.pool == [0, 0, 0] and gone == [37, 39, 20]  # the scenario's spent skeletons
    assert _plays(s) == ["play Unquiet Graves"]
    do(s, "0 play Unquiet Graves")
    assert s.pool == [37, 39, 19] and s.gone == [0, 0, 0] and _names(s.discard) == ["Unquiet Graves"]
    assert s.kills[0] == [3, 1, 1]  # the strongest returned: a blue one
    assert last(s, "unquiet")["skeletons"] == {"white": 37, "red": 39, "blue": 20}
    assert last(s, "unquiet")["taken"] == "blue"
