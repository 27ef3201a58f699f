"""MidEvil §8.1 "Event cards may be played at any time": reaction windows on other players' turns (R7,
docs/rules/midevil.md)."""

from __future__ import annotations

from typing import Any

from medieval.games.midevil import MidEvilState
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make
from tests.support import do, last, legal

MAP = [["Altar", 0, 0, 0], MEADOW_NORTH]
GRAVEYARD = [["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]]


def _fight(players: int = 2, **setup: Any) -> MidEvilState:
    """Seat 0 steps onto a white skeleton north of the Altar's centre and misses its roll (a 1)."""
    s = make(players=players, tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[1],
             **setup)
    do(s, "0 move N")
    return s


def test_reaction_after_a_missed_combat_roll_on_another_players_turn() -> None:
    """§8.1 "Event cards may be played at any time": after the active player misses a skeleton combat
    roll, another player holding a Curse may play it then, on the active player's turn; the fighter has
    one Human fewer to re-roll with."""
    s = _fight(hands=[["Sword"], ["Curse"]], humans=[2, 3])
    assert s.phase == "react" and s.to_move == (1,)
    assert legal(s, 1) == ["play Curse 0", "pass"] and legal(s, 0) == []
    assert s.view(0)["reaction"] == {"moment": "combat", "interrupted": "combat", "seat": 1}
    do(s, "1 play Curse 0")
    assert s.humans[0] == 1 and s.phase == "combat" and s.to_move == (0,)
    assert last(s, "play", 0) == {"kind": "play", "seat": 1, "card": "Curse", "moment": "combat", "target": 0}


def test_reaction_pass_goes_back_to_the_fighter() -> None:
    """A seat may let the moment go by (``pass``); play goes on where the window opened."""
    s = _fight(hands=[["Sword"], ["Curse"]], humans=[2, 3])
    do(s, "1 pass")
    assert s.phase == "combat" and s.humans[0] == 2 and "reroll" in legal(s, 0)


def test_reaction_curse_can_leave_the_fighter_with_nothing() -> None:
    """R1 with a reaction: cursed of their last Human after a miss, with no skeletons to spend, the
    fighter dies (§5.5)."""
    s = _fight(hands=[["Sword"], ["Curse"]], humans=[1, 3])
    do(s, "1 play Curse 0")
    assert s.respawn[0] and last(s, "death", 0)["seat"] == 0


def test_reaction_windows_ask_only_seats_with_a_playable_card() -> None:
    """No pointless passes: only seats holding a card playable at that moment are asked, in turn
    clockwise from the active player; with none, no window opens at all."""
    s = _fight(players=4, hands=[["Sword"], ["Sword"], ["Curse"], ["Curse", "Healing Herbs"]], humans=[2, 3, 3, 3])
    assert s.to_move == (2,)  # seat 1's Sword cannot be played now
    do(s, "2 pass")
    assert s.to_move == (3,) and legal(s, 3) == ["play Curse 0", "pass"]  # Healing Herbs: not now
    do(s, "3 pass")
    assert s.phase == "combat"
    s = _fight(hands=[["Sword"], ["Sword", "Treasure Chest"]], humans=[2, 3])
    assert s.phase == "combat"


def test_reaction_one_card_per_round() -> None:
    """§8.2 "You may only play one event card per round. This means from the beginning of your turn to
    the beginning of your next turn": a card played in another's turn is that round's card; a Curse in
    the hand is not offered again before the seat's own turn begins."""
    s = _fight(hands=[["Sword"], ["Curse", "Curse"]], humans=[3, 3], kills=[[0, 0, 0], [0, 0, 0]])
    do(s, "1 play Curse 0", "0 reroll")  # the re-roll (a random die) may miss again: no second window
    assert s.played[1] and s.phase != "react"


def test_reaction_in_a_player_combat() -> None:
    """§8.1 in a player combat (§6): before the commitments, the fighters may play a card — the holder on
    the challenger's turn: Healing Herbs for more Humans to commit, or a Curse on the other fighter."""
    s = make(tiles=GRAVEYARD, book=1, pawns=[ALTAR_CENTRE, [1, 0]], phase="move", roll=2,
             kills=[[2, 1, 1], [1, 2, 0]], humans=[2, 2], hands=[["Curse"], ["Healing Herbs", "Curse"]])
    do(s, "0 move N", "0 challenge")
    assert s.phase == "react" and s.to_move == (0,) and legal(s, 0) == ["play Curse 1", "pass"]
    do(s, "0 pass")
    assert s.to_move == (1,) and legal(s, 1) == ["play Healing Herbs", "play Curse 0", "pass"]
    do(s, "1 play Healing Herbs")
    assert s.humans[1] == 4 and s.phase == "commit" and list(s.to_move) == [0, 1]


def test_reaction_after_the_movement_roll() -> None:
    """§8.1 after a roll: once the active player has rolled for movement, another player may raise dead
    in their way (Raise Dead next to the active player's pawn)."""
    s = make(tiles=MAP, hands=[["Sword"], ["Raise Dead"]], tile_deck=[], dice=[3])
    assert s.phase == "react" and s.to_move == (1,)
    assert s.view(1)["reaction"]["moment"] == "move_roll" and legal(s, 1) == ["play Raise Dead 0", "pass"]
    do(s, "1 play Raise Dead 0")
    assert s.phase == "move" and s.to_move == (0,) and len(last(s, "raised", 0)["squares"]) == 2


def test_ruling_r7_option_own_turn_has_no_reaction_windows() -> None:
    """R7 option event_timing=own_turn: cards only in the active player's own windows; nobody is asked
    on another player's turn."""
    s = _fight(hands=[["Sword"], ["Curse"]], humans=[2, 3], options={"event_timing": "own_turn"})
    assert s.phase == "combat" and s.to_move == (0,)
