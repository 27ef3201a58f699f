"""MidEvil §10 winning, and the round limit R12 (docs/rules/midevil.md)."""

from __future__ import annotations

import random

import medieval
from tests.games.midevil.helpers import ALTAR_CENTRE, make
from tests.support import do, legal

MAP = [["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]]


def test_win_with_the_book_at_the_altar_centre() -> None:
    """§10: carrying the Necronomicon onto the Altar's centre square wins."""
    s = make(tiles=MAP, book=0, pawns=[[1, 0], [0, 0]], phase="move", roll=2)
    do(s, "0 move S")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "necronomicon" and s.outcome.winners == (0,)
    assert s.to_move == () and s.legal_actions(0) == []


def test_win_with_thirty_skeleton_points_at_once() -> None:
    """§10, R8: collecting 30 points of skeletons wins the moment the 30th point is collected."""
    s = make(tiles=MAP, kills=[[0, 0, 9], [5, 0, 0]], skeletons=[[1, 0, "blue"]], phase="move", roll=3, dice=[5])
    do(s, "0 move N")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "skeleton_points" and s.outcome.winners == (0,)
    assert s.outcome.scores == (30.0, 5.0)


def test_ruling_r8_points_checked_at_end_of_turn_option() -> None:
    """R8 option points_check=end_of_turn: 30 points win only at the end of the collector's turn."""
    s = make(tiles=MAP, kills=[[0, 0, 9], [0, 0, 0]], skeletons=[[1, 0, "blue"]], phase="move", roll=3,
             dice=[5], hands=[["Flail"], []], options={"points_check": "end_of_turn"})
    do(s, "0 move N")
    assert not s.is_over
    do(s, "0 stop")
    while not s.is_over:
        do(s, f"0 {'end' if 'end' in legal(s) else legal(s)[0]}")
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_ruling_r8_spent_skeletons_do_not_count() -> None:
    """R8: only skeletons still held count; spending them to win a combat lowers the score."""
    s = make(tiles=MAP, kills=[[2, 0, 9], [0, 0, 0]], skeletons=[[1, 0, "white"]], phase="move", roll=3,
             dice=[2], humans=[0, 3])
    do(s, "0 move N", "0 spend WW")
    assert not s.is_over and s.kills[0] == [1, 0, 9]


def test_ruling_r12_round_limit_most_points_win() -> None:
    """R12: after max_rounds rounds the game ends; the most skeleton points win, a tie goes to the
    book's holder, otherwise it is shared."""
    s = make(tiles=MAP, kills=[[3, 0, 0], [0, 0, 1]], tile_deck=[], phase="discard", turn=1,
             hands=[[], ["Flail"]], options={"max_rounds": 1})
    do(s, "1 end")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "round_limit" and s.outcome.winners == (0, 1)
    s = make(tiles=MAP, kills=[[3, 0, 0], [0, 0, 1]], tile_deck=[], phase="discard", turn=1, book=1,
             pawns=[ALTAR_CENTRE, [1, 0]], hands=[[], ["Flail"]], options={"max_rounds": 1})
    do(s, "1 end")
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_ruling_r12_random_games_always_end() -> None:
    """R12: random play always ends, within the round limit."""
    for seed in range(3):
        s = medieval.make("midevil", 3, max_rounds=3).new_game(seed)
        rng = random.Random(seed)
        n = 0
        while not s.is_over:
            seat = rng.choice(s.to_move)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            n += 1
        assert s.outcome is not None and n < 1000
        assert s.view(None)["round"] <= 4
