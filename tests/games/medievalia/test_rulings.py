"""A named test for every Ruling of the rules document (rules.md in the game's package: where the
rulebook is silent or contradicts itself). Rulings proved elsewhere are listed in the rules document
with their tests."""

from __future__ import annotations

import pytest

from medieval.core.errors import InvalidActionError
from medieval.core.outcome import Outcome
from tests.games.medievalia.helpers import hand, stacked
from tests.support import legal, play


def test_ruling_r2_a_skip_leaves_the_last_total_to_beat() -> None:
    """R2: a Skip or Skip-and-reverse has no value; the next player must beat the last number total."""
    s = stacked(4, hands=[["S", "1"], ["9", "11", "5", "5"], ["1"], ["1"]], table=[[3, "10"]])
    play(s, "play S")
    assert s.total == 10 and s.turn == 1
    assert "play 9" not in legal(s) and "play 5 5" not in legal(s)
    assert {"play 11", "take"} <= set(legal(s))


def test_ruling_r3_skip_cards_stay_on_the_table_and_go_to_the_taker() -> None:
    """R3: a played Skip card stays open on the table with the others and goes to whoever takes it."""
    s = stacked(4, hands=[["S", "1"], ["2", "3"], ["1"], ["1"]], table=[[3, "10"]])
    play(s, "play S", "take")
    assert sorted(s.view(None)["stacks"][1]) == ["10", "S"]


def test_ruling_r3_alternative_skip_cards_discarded() -> None:
    """R3 alternative (skip_cards="discard"): played Skips leave the table until the next deal."""
    s = stacked(4, options={"skip_cards": "discard"}, hands=[["S", "1"], ["2", "3"], ["1"], ["1"]],
                 table=[[3, "10"]])
    play(s, "play S")
    assert s.view(None)["discard"] == ["S"] and s.view(None)["table"]["cards"] == ["10"]
    play(s, "take")
    assert s.view(None)["stacks"][1] == ["10"]


def test_ruling_r4_several_copies_of_one_skip_face_one_effect() -> None:
    """R4: one or more copies of a single Skip face may be played together, with one effect; two
    different faces may not be mixed."""
    s = stacked(4, options={"deck": "steep"}, hands=[["R", "R", "S", "3"], ["1"], ["1"], ["1"]],
                 table=[[3, "2"]])
    assert {"play R", "play R R", "play S"} <= set(legal(s))
    with pytest.raises(InvalidActionError):
        s.parse_action(0, "play R S")
    play(s, "play R R")
    assert s.view(None)["direction"] == "counterclockwise" and s.turn == 3


def test_ruling_r5_a_skip_may_lead_and_may_be_played_when_a_beat_exists() -> None:
    """R5: a Skip card may be played on any turn: when the player could beat, and on a lead. After
    a Skip lead the next player may play anything or take the Skip card."""
    s = stacked(4, hands=[["S", "13"], ["2", "3"], ["1"], ["1"]], table=[[3, "5"]])
    assert {"play S", "play 13"} <= set(legal(s))
    s = stacked(4, hands=[["S", "13"], ["2", "3"], ["1"], ["1"]])
    assert "play S" in legal(s)
    play(s, "play S")
    assert s.total == 0 and set(legal(s)) == {"play 2", "play 3", "take"}


def test_ruling_r6_the_taker_does_not_draw_before_leading() -> None:
    """R6: taking the table is not the end of a turn; the taker leads with the hand they have and
    refills after that play."""
    s = stacked(4, hands=[["1"], ["2", "3", "4"], ["1"], ["1"]], table=[[0, "9"]], turn=1,
                 deck=["5", "6", "7", "8", "..."])
    play(s, "take")
    assert len(hand(s, 1)) == 3
    play(s, "play 2")
    assert sorted(hand(s, 1), key=int) == ["3", "4", "5", "6", "7", "8"]


def test_ruling_r7_wildcards_alone_share_one_declared_value() -> None:
    """R7: Wildcards played alone all take one declared value; joined to numbers they take theirs."""
    s = stacked(4, hands=[["W", "W", "W"], ["1"], ["1"], ["1"]], table=[[3, "10 10"]])
    moves = legal(s)
    assert "play W W as 11" in moves and "play W W as 10" not in moves  # 22 > 20, 20 is not
    assert "play W W W as 7" in moves
    play(s, "play W W W as 7")
    assert s.total == 21


def tie_game(scores_before: list[list[int]], hands: list[list[str]], stacks: list[list[str]]) -> Outcome | None:
    s = stacked(4, round=4, round_scores=scores_before, hands=hands, stacks=stacks, deck=[], turn=0)
    play(s, "play 9")
    return s.outcome


def test_ruling_r8_three_way_tie_best_worst_round_wins() -> None:
    """R8: with three or more tied, every tied player whose worst round is lower than another tied
    player's loses; the one(s) left win (shared if still tied)."""
    before = [[-2, -10, -4, -30], [-8, -1, -4, -30], [-2, -1, -4, -30]]  # totals -12, -12, -12
    out = tie_game(before, [["9"], ["2"], ["3"], ["4"]], [["1"], [], [], []])
    assert out is not None and out.scores[:3] == (-13.0, -13.0, -13.0)
    assert out.winners == (2,) and out.termination == "tie_break_lowest_round"
    before = [[-2, -8, -4, -30], [-8, -2, -4, -30], [-2, -2, -4, -30]]  # worst rounds -8, -8, -4
    out = tie_game(before, [["9"], ["2"], ["3"], ["4"]], [["1"], [], [], []])
    assert out is not None and out.winners == (2,)
    before = [[-1, -8, -8, -30], [-9, -2, -2, -30], [-2, -2, -2, -30]]  # worst -9, -8, -8
    out = tie_game(before, [["9"], ["2"], ["3"], ["4"]], [["1"], [], [], []])
    assert out is not None and out.winners == (1, 2) and out.termination == "shared_victory"


def test_ruling_r13_next_round_flips_the_starting_direction_not_the_final_one() -> None:
    """R13: the new round starts in the direction opposite to the previous round's *start*, even if
    a reverse left play running the other way; the player to the left is the next seat clockwise."""
    s = stacked(4, options={"deck": "steep"}, hands=[["R", "3"], ["5"], ["R"], ["1"]], deck=[],
                 table=[[3, "2"]])
    play(s, "play R")  # counterclockwise now
    play(s, "take", "play 1")  # seat 3 takes, then leads its last card and hits
    assert s.round == 2
    assert s.view(None)["direction"] == "counterclockwise"  # opposite of round 1's clockwise start
    assert s.first_player == 1


def test_ruling_r15_creature_stacks_are_public_hands_are_not() -> None:
    """R15: taken cards were open on the table, so every player knows each stack's faces; a hand is
    seen only by its owner (others see its size)."""
    s = stacked(4, hands=[["9", "2"], ["3"], ["4"], ["5"]], stacks=[["13", "W"], [], [], []])
    v = s.view(2)
    assert sorted(v["stacks"][0]) == ["13", "W"]
    assert v["hand"] == ["4"] and v["hand_sizes"] == [2, 1, 1, 1]
    assert "9" not in str(v["hand"]) and v.get("hands") is None
    events = s.events(2)
    assert all("cards" not in e or e.get("seat") == 2 for e in events if e["kind"] == "deal")


def test_ruling_r19_hitting_with_a_skip_card_ends_the_round() -> None:
    """R19: any play that empties the hand once the deck is empty is a hit, a Skip card included."""
    s = stacked(4, options={"rounds": 1}, hands=[["S"], ["1"], ["1"], ["1"]], deck=[],
                 table=[[3, "4"]])
    play(s, "play S")
    assert s.is_over and s.last_round is not None and s.last_round["hitter"] == 0


def test_ruling_r20_two_players_reverse_still_passes_to_the_opponent() -> None:
    """R20: with two players a Skip-and-reverse changes the direction but the opponent is both the
    next and the previous player."""
    s = stacked(2, hands=[["R", "3"], ["4"]], table=[[1, "2"]])
    play(s, "play R")
    assert s.turn == 1 and s.view(None)["direction"] == "counterclockwise"
