"""MidEvil §6 the Necronomicon and player combat, with the official FAQ rulings (docs/rules/midevil.md)."""

from __future__ import annotations

import random
from typing import Any

from medieval.games.midevil import MidEvilState
from medieval.games.midevil.components import BOOK_AT_GRAVEYARD
from tests.games.midevil.helpers import ALTAR_CENTRE, make, pawn_xy
from tests.support import do, kinds, last, legal

GRAVEYARD_NORTH = ["Graveyard", 0, -1, 0]  # gates on 1,-3 (north) and 1,-1 (south); centre 1,-2
MAP = [["Altar", 0, 0, 0], GRAVEYARD_NORTH]


def _duel(dice: list[int], kills: list[list[int]] | None = None, humans: list[int] | None = None,
          options: dict[str, Any] | None = None, **extra: Any) -> MidEvilState:
    """Seat 1 holds the book on 1,0; seat 0 steps onto it from the Altar's centre and challenges."""
    s = make(tiles=MAP, book=1, pawns=[ALTAR_CENTRE, [1, 0]], phase="move", roll=2, dice=dice,
             kills=kills or [[0, 0, 0], [0, 0, 0]], humans=humans or [0, 0], options=options, **extra)
    do(s, "0 move N", "0 challenge")
    return s


def test_first_to_the_graveyard_centre_takes_the_book() -> None:
    """§6.1: the first player to reach the Graveyard's centre square takes the Necronomicon."""
    s = make(tiles=MAP, pawns=[[1, -1], ALTAR_CENTRE], phase="move", roll=2)
    assert s.view(0)["book"]["status"] == "graveyard"
    do(s, "0 move N")
    assert s.book == 0 and last(s, "book_taken", 0)["seat"] == 0
    assert s.view(1)["book"] == {"status": "held", "holder": 0, "square": [1, -2]}


def test_player_combat_only_against_the_holder_and_optional() -> None:
    """§6.2-§6.3, FAQ: landing on the holder's square the active player may challenge (or not); the
    holder never has to fight and cannot start a fight on their own turn."""
    s = make(tiles=MAP, book=1, pawns=[ALTAR_CENTRE, [1, 0]], phase="move", roll=2)
    assert "challenge" not in legal(s)
    do(s, "0 move N")
    assert "challenge" in legal(s)
    do(s, "0 move S")  # declined: moving on is fine
    assert "challenge" not in legal(s)
    holder = make(tiles=MAP, book=1, pawns=[[1, 0], ALTAR_CENTRE], turn=1, phase="move", roll=2)
    do(holder, "1 move N")
    assert "challenge" not in legal(holder, 1)


def test_faq_start_on_the_holders_square_fight_before_moving() -> None:
    """FAQ: starting the turn on the holder's square, the player may fight before moving."""
    s = make(tiles=MAP, book=1, pawns=[[1, 0], [1, 0]], tile_deck=[], dice=[3])
    assert s.phase == "move" and s.moves == 6
    assert "challenge" in legal(s)


def test_player_combat_both_roll_then_commit_in_secret() -> None:
    """§6.3-§6.4: both roll a die (R9: the game's two dice); then each secretly commits skeletons and
    Humans; neither sees the other's commitment until both are ready."""
    s = _duel([2, 3], kills=[[2, 1, 0], [0, 1, 1]], humans=[2, 1])
    assert last(s, "challenge", 1)["dice"] == [2, 3]
    assert s.to_move == (0, 1)
    assert legal(s, 0) == ["hide white", "hide red", "hide human", "ready"]
    do(s, "0 hide red", "0 hide human")
    assert "committed" not in s.view(1)["player_combat"]["challenger"]
    assert s.view(0)["player_combat"]["challenger"]["committed"] == {"white": 0, "red": 1, "blue": 0, "humans": 1}
    assert "hide" not in kinds(s, 1) and "hide" in kinds(s, 0)
    assert s.view(1)["pawns"][0]["skeletons"] == {"white": 2, "red": 1, "blue": 0}  # covered, not shown
    do(s, "0 ready")
    assert list(s.to_move) == [1]
    do(s, "1 hide blue", "1 ready")
    assert s.view(1)["player_combat"]["challenger"]["committed"]["red"] == 1
    assert last(s, "reveal", 1)["commitments"] == {
        "0": {"white": 0, "red": 1, "blue": 0, "humans": 1}, "1": {"white": 0, "red": 0, "blue": 1, "humans": 0}}


def test_player_combat_rerolls_in_turn_active_player_first() -> None:
    """§6.5: re-rolls go in turn, one per committed Human, starting with the active player; a player may
    stop at any time."""
    s = _duel([1, 2, 3, 4, 5], humans=[2, 2])
    do(s, "0 hide human", "0 hide human", "0 ready", "1 hide human", "1 hide human", "1 ready")
    assert s.phase == "pvp" and s.to_move == (0,)
    do(s, "0 reroll")
    assert s.to_move == (1,)
    do(s, "1 reroll")
    assert s.to_move == (0,)
    do(s, "0 stand")
    assert s.to_move == (1,)
    assert s.view(0)["player_combat"]["challenger"]["die"] == 3
    do(s, "1 stand")
    assert s.phase != "pvp"


def test_player_combat_unused_humans_discarded_skeletons_removed() -> None:
    """§6.5-§6.6, R2: committed Humans not used are discarded too (to the supply); committed skeletons
    raise the total and leave the game."""
    s = _duel([6, 1], kills=[[0, 2, 0], [1, 0, 0]], humans=[3, 0])
    supply = s.supply
    do(s, "0 hide red", "0 hide human", "0 hide human", "0 ready", "1 hide white", "1 ready")
    do(s, "0 stand")
    assert s.humans[0] == 1 and s.supply == supply + 2
    assert s.kills[0] == [0, 1, 0] and s.gone == [1, 1, 0]
    e = last(s, "pvp_result", 0)
    assert e["totals"] == {"0": 8, "1": 2}


def test_player_combat_higher_total_takes_the_book_loser_dies() -> None:
    """§6.8, FAQ: the higher total owns the Necronomicon; the loser dies (back to the Altar)."""
    s = _duel([5, 2], kills=[[0, 0, 0], [3, 0, 0]])
    do(s, "1 ready")
    assert s.book == 0 and s.respawn[1]
    assert pawn_xy(s, 1) == ALTAR_CENTRE and s.kills[1] == [0, 0, 0]
    assert s.phase == "move" and s.turn == 0  # the winner moves on
    s = _duel([2, 5], kills=[[0, 0, 0], [3, 0, 0]], hands=[["Flail"], []])
    do(s, "1 ready")
    assert s.book == 1 and s.respawn[0] and s.turn == 1  # the challenger died: turn forfeited


def test_player_combat_tie_keeps_the_book() -> None:
    """§6.9, FAQ, R10: a tie leaves the book with its holder and nobody dies; the option makes the
    challenger who failed to beat the holder die."""
    s = _duel([4, 4], hands=[["Flail"], []])
    assert s.book == 1 and not s.respawn[0] and not s.respawn[1]
    assert s.phase == "move"
    s = _duel([4, 4], hands=[["Flail"], []], options={"tie_kills_challenger": True})
    assert s.book == 1 and s.respawn[0]


def test_player_combat_no_weapons() -> None:
    """§6.7, FAQ: no weapons in player combat: a Battle Axe in play adds nothing."""
    s = _duel([3, 3], in_play=[["Battle Axe"], []], hands=[["Flail"], []])
    assert last(s, "pvp_result", 0)["totals"] == {"0": 3, "1": 3}
    assert s.book == 1


def test_player_combat_once_a_turn() -> None:
    """R10: at most one challenge a turn."""
    s = _duel([3, 3], hands=[["Flail"], []])
    assert s.phase == "move" and "challenge" not in legal(s)


def test_holder_dies_the_book_returns_to_the_graveyard() -> None:
    """§11.7: if the holder dies, the book is back on the Graveyard's centre as if it had never moved."""
    s = make(tiles=MAP, book=0, pawns=[[1, 0], ALTAR_CENTRE], skeletons=[[1, 0, "white"]], tile_deck=[],
             humans=[0, 3], dice=[1])
    assert s.book == BOOK_AT_GRAVEYARD and last(s, "death", 0)["book_returns"]
    assert s.view(1)["book"] == {"status": "graveyard", "holder": None, "square": [1, -2]}


def test_determinize_redeals_an_unrevealed_commitment() -> None:
    """§6.4: a commitment not yet revealed is hidden, so a determinized copy for the other player may
    hold any commitment the committer could have made; its own view stays the same."""
    s = _duel([2, 3], kills=[[3, 3, 3], [3, 3, 3]], humans=[3, 3])
    do(s, "0 hide blue", "0 hide blue", "0 ready")
    seen = set()
    for k in range(20):
        d = s.determinize(1, random.Random(k))
        assert d.view(1) == s.view(1)
        seen.add(tuple(d.pvp["hide"][0]))
    assert len(seen) > 1
