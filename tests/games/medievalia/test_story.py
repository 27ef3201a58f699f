"""Story tests: every worked example of the Medievalia rulebook, played move by move."""

from __future__ import annotations

from medieval.games.medievalia import MedievaliaState
from tests.games.medievalia.helpers import hand, stacked
from tests.support import legal, play

FELIPE, MARK, PATRICIA, LUCAS = 0, 1, 2, 3


def example_game_start() -> MedievaliaState:
    """The four hands and the deck of the rulebook's Example Game (Felipe, Mark, Patricia, Lucas)."""
    return stacked(
        4,
        hands=[["3", "5", "5", "W", "1", "2"],
               ["4", "4", "R", "8", "9", "13"],
               ["11", "1", "2", "3", "6", "7"],
               ["12", "1", "2", "3", "6", "8"]],
        # refills, in turn order: Felipe 1, Mark 2, Patricia 1, Lucas 1, Felipe 3, Mark 1
        deck=["6", "2", "3", "4", "1", "7", "9", "10", "3", "..."],
    )


def test_example_game() -> None:
    """Example Game (§4.1-§4.5, §5.3): 3; 4+4 = 8; 11; 12; 5+5+Wildcard = 15; Mark's
    Skip-and-reverse turns play counterclockwise so Felipe plays again; he cannot beat 15, takes every
    open card into his creature stack and leads again on the empty table with a 1."""
    s = example_game_start()
    assert s.turn == FELIPE and s.view(None)["direction"] == "clockwise"
    play(s, "play 3")
    assert (s.total, s.turn) == (3, MARK)
    play(s, "play 4 4")
    assert s.total == 8  # announced as 8
    assert "play 8" not in legal(s) and "play 9" not in legal(s)  # Patricia must beat 8
    play(s, "play 11", "play 12")
    assert (s.total, s.turn) == (12, FELIPE)
    assert "play 5 5 W" in legal(s)
    play(s, "play 5 5 W")
    assert s.total == 15 and s.plays[-1] == [FELIPE, "5 5 W", 15, "", -1]
    assert s.turn == MARK
    play(s, "play R")
    assert s.view(None)["direction"] == "counterclockwise"
    assert s.turn == FELIPE  # the reverse sends play back to Felipe
    assert s.total == 15  # the Skip-and-reverse left 15 to beat
    assert sorted(hand(s, FELIPE), key=int) == ["1", "2", "6", "7", "9", "10"]
    assert legal(s) == ["take"]  # nothing adds up to more than 15
    play(s, "take")
    stack = s.view(None)["stacks"][FELIPE]
    assert sorted(stack) == sorted(["3", "4", "4", "11", "12", "5", "5", "W", "R"])
    assert s.view(None)["table"]["count"] == 0
    assert s.turn == FELIPE and s.view(None)["phase"] == "lead"
    play(s, "play 1")
    assert s.total == 1
    assert s.turn == LUCAS  # still counterclockwise


def test_example_score_with_im02() -> None:
    """Example Score (§6.2, §6.4, IM02): hand cards join the stack before scoring; 2s are -2 and the
    player who hits earns +5. Felipe -6 (1 in hand + 5 in stack), Mark -5 (2 + 2, one a 2),
    Patricia -3 (3 in hand), Lucas +5 (hits with an empty stack). The rulebook's margin note that
    Felipe's -6 does not add up is wrong (Ruling R12)."""
    s = stacked(
        4,
        options={"instructor": "IM02"},
        hands=[["7"], ["5", "6"], ["3", "4", "8"], ["9"]],
        stacks=[["1", "3", "4", "5", "6"], ["2", "10"], [], []],
        deck=[],
        turn=LUCAS,
    )
    play(s, "play 9")  # Lucas plays his last card with the deck empty: he hits
    assert s.round_scores[0] == [-6, -5, -3, 5]
    assert s.last_round is not None and s.last_round["hitter"] == LUCAS
    assert s.totals == [-6, -5, -3, 5]


def test_example_tie_break() -> None:
    """End of the Game example (§8.3): Lucas and Felipe tie; Lucas's lowest round was -15 and
    Felipe's -8, so Felipe wins."""
    s = stacked(
        4,
        round=4,
        round_scores=[[-8, -20, -20, -15], [-7, -20, -20, -3], [-6, -20, -20, -3]],
        hands=[["9"], ["5", "6"], ["3", "4"], ["8"]],
        stacks=[["1"], [], [], []],
        deck=[],
        turn=FELIPE,
    )
    play(s, "play 9")  # Felipe hits: -1 for his stack; Lucas -1 for his hand card
    assert s.is_over
    assert s.totals[FELIPE] == s.totals[LUCAS] == -22
    out = s.outcome
    assert out is not None
    assert out.winners == (FELIPE,)
    assert out.termination == "tie_break_lowest_round"
