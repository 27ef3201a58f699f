"""The Tower's cards (§T of the rules document, rules.md in the game's package): one test or more for
every Magic Field card CM01-CM10 and every Magic Instructor card IM01-IM10, and the options that choose
them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from medieval.games.medievalia import MedievaliaGame, MedievaliaState
from tests.games.medievalia.helpers import components_of, hand, play_out, stacked
from tests.support import events_of, game, last, legal, play

OTHERS = [["1"], ["1"], ["1"]]


def end_round_one(field: str, stacks: list[list[str]], players: int = 4, **options: Any) -> MedievaliaState:
    """Seat 0 hits at once; the scores are minus the stacks (and one card in every other hand)."""
    hands = [["8"]] + [[str(9 + i)] for i in range(players - 1)]
    s = stacked(players, options={"field": field, **options}, hands=hands, stacks=stacks, deck=[])
    play(s, "play 8")
    assert s.round == 2
    return s


# ------------------------------------------------------------------ Magic Field cards
def test_cm01_two_fives_hand_the_stack_to_a_chosen_opponent() -> None:
    """§T.2 CM01: exactly two cards of 5 (a Wildcard as a 5 counts) oblige the player to give their
    creature stack to an opponent of their choice; three 5s have no effect (Ruling R9)."""
    s = stacked(4, options={"field": "CM01"}, hands=[["5", "5", "5", "W", "2"], *OTHERS],
                 stacks=[["3", "4"], [], [], []])
    moves = legal(s)
    assert {"play 5 5 give 1", "play 5 5 give 2", "play 5 5 give 3", "play 5 W give 1"} <= set(moves)
    assert "play 5 5" not in moves and "play 5 W" not in moves  # the gift is compulsory
    assert "play 5 5 5" in moves and not any(m.startswith("play 5 5 5 give") for m in moves)
    assert "play 5" in moves and "play 2" in moves
    play(s, "play 5 5 give 2")
    stacks = s.view(None)["stacks"]
    assert stacks[0] == [] and sorted(stacks[2]) == ["3", "4"]
    assert s.total == 10 and s.turn == 1
    assert last(s, "play")["give"] == {"to": 2, "cards": ["3", "4"]}


def test_cm01_single_card_stack_and_empty_stack() -> None:
    """§T.2 CM01: a stack of one card gives that card; with an empty stack there is nothing to give."""
    s = stacked(4, options={"field": "CM01"}, hands=[["5", "5"], *OTHERS], stacks=[["9"], [], [], []])
    play(s, "play 5 5 give 3")
    assert s.view(None)["stacks"][3] == ["9"]
    s = stacked(4, options={"field": "CM01"}, hands=[["5", "5"], *OTHERS])
    assert "play 5 5" in legal(s) and not any("give" in m for m in legal(s))


def test_cm01_pair_option_any_two_cards() -> None:
    """§T.2 CM01 with cm01="pair": any play of exactly two cards sets it off."""
    s = stacked(4, options={"field": "CM01", "cm01": "pair"}, hands=[["4", "4", "W"], *OTHERS],
                 stacks=[["9"], [], [], []])
    moves = legal(s)
    assert "play 4 4 give 1" in moves and "play 4 4" not in moves
    assert "play W as 9 give 2" not in moves  # a single Wildcard is one card
    assert "play 4 W give 2" in moves and "play 4 4 W" in moves


def test_cm02_ones_are_skip_and_reverse() -> None:
    """§T.2 CM02: 1s are Skip-and-reverse, never numbers; many may be played at once for one effect;
    Wildcards cannot be 1 (Ruling R17)."""
    s = stacked(4, options={"field": "CM02"}, hands=[["1", "1", "W", "3"], *OTHERS], table=[[3, "2"]])
    moves = legal(s)
    assert {"play 1", "play 1 1", "play 3", "play W as 7"} <= set(moves)
    assert "play W as 1" not in moves and "play 1 W" not in moves
    play(s, "play 1 1")
    assert s.view(None)["direction"] == "counterclockwise"
    assert s.turn == 3 and s.total == 2  # one reverse; the 2 is still to beat
    assert s.plays[-1][3] == "reverse"


def test_cm03_every_special_card_is_skip_and_reverse() -> None:
    """§T.2 CM03: Wildcard, Skip and Skip-and-reverse all act as Skip-and-reverse; Wildcards have no
    value."""
    s = stacked(4, options={"field": "CM03", "deck": "steep"},
                 hands=[["W", "S", "S", "R", "5"], *OTHERS], table=[[3, "4"]])
    moves = legal(s)
    assert {"play W", "play S", "play S S", "play R", "play 5"} <= set(moves)
    assert not any(m.startswith("play 5 W") or " as " in m for m in moves)
    play(s, "play S S")
    assert s.view(None)["direction"] == "counterclockwise" and s.turn == 3 and s.total == 4
    s = stacked(4, options={"field": "CM03"}, hands=[["W", "W"], *OTHERS])
    play(s, "play W W")
    assert s.view(None)["direction"] == "counterclockwise" and s.turn == 3


def test_cm04_equal_totals_double_what_must_follow() -> None:
    """§T.2 CM04: a player may equal the previous total; the next player must then reach the sum of the
    two (7 then 14 or more; 14 exactly, then 28 or more); a bigger play resets it."""
    s = stacked(4, options={"field": "CM04"},
                 hands=[["7", "2"], ["7", "7", "12", "6"], ["8", "8", "13", "13", "W"], ["11", "1"]],
                 table=[[3, "7"]], turn=0)
    assert "play 7" in legal(s)
    play(s, "play 7")
    assert s.need == 14
    assert "play 12" not in legal(s) and "play 7 7" in legal(s)
    play(s, "play 7 7")
    assert s.need == 28
    assert "play 13 13" not in legal(s) and "play 13 13 W" in legal(s)
    s2 = stacked(4, options={"field": "CM04"}, hands=[["9"], ["8", "8"], ["1"], ["1"]],
                  table=[[3, "7"], [0, "7"]], turn=1)
    assert s2.need == 14
    play(s2, "play 8 8")
    assert s2.need == 16  # 16 beat 14: the next may equal 16


def test_cm04_lead_does_not_double() -> None:
    """§T.2 CM04: leading on an empty table sets the total to match; nothing doubles."""
    s = stacked(4, options={"field": "CM04"}, hands=[["1", "2"], ["1", "3"], ["1"], ["1"]])
    play(s, "play 1")
    assert s.need == 1 and "play 1" in legal(s)


def test_cm05_hand_limit_seven() -> None:
    """§T.2 CM05 (our design): deal 7 and refill to 7."""
    s = game(MedievaliaGame, 4, field="CM05").new_game(seed=4)
    assert s.view(None)["hand_sizes"] == [7, 7, 7, 7]
    seat = s.to_move[0]
    a = next(a for a in s.legal_actions(seat) if str(a).count(" ") == 1)
    s.apply(seat, a)
    assert s.view(None)["hand_sizes"][seat] == 7


def test_cm06_single_lowest_total_earns_a_card() -> None:
    """§T.2 CM06 (our design, revised): once a round has been scored, the one player with the lowest total so
    far earns a card: a hand limit of 7 for the round; if several share the lowest total, nobody does ("If
    the bonus is 'earning a card,' none of the tied players receives the card")."""
    s = end_round_one("CM06", [[], ["2", "3", "4"], [], []])
    assert s.totals == [0, -4, -1, -1]
    assert s.view(None)["hand_sizes"] == [6, 7, 6, 6] and s.hand_limits == [6, 7, 6, 6]
    s = end_round_one("CM06", [[], ["2", "3"], ["4", "5"], []])
    assert s.view(None)["hand_sizes"] == [6, 6, 6, 6]
    s = game(MedievaliaGame, 4, field="CM06").new_game(seed=1)  # round 1: no standings yet
    assert s.view(None)["hand_sizes"] == [6, 6, 6, 6]
    s = end_round_one("CM06", [[], ["2", "3", "4"], [], []], tower_design="first")
    assert s.view(None)["hand_sizes"] == [6, 7, 6, 6] and s.hand_limits == [6, 6, 6, 6]  # one card at the deal


def test_cm07_highest_totals_hand_limit_five() -> None:
    """§T.2 CM07 (our design, revised): once a round has been scored, the player(s) with the highest total
    so far have a hand limit of 5; in round 1 there are no standings and nobody is limited (Ruling R18)."""
    s = end_round_one("CM07", [[], ["2"], ["3"], ["4"]])
    assert s.view(None)["hand_sizes"] == [5, 6, 6, 6]
    assert s.hand_limits == [5, 6, 6, 6]
    s = game(MedievaliaGame, 3, field="CM07").new_game(seed=2)
    assert s.view(None)["hand_sizes"] == [6, 6, 6] and s.hand_limits == [6, 6, 6]


def test_ruling_r18_first_design_standings_cards_apply_to_everyone_in_round_one() -> None:
    """Ruling R18, option ``tower_design="first"``: the standings cards judge the totals from round 1, where
    "in case of a tie, all tied players receive the benefit or harm" makes them rules for the whole table."""
    s = game(MedievaliaGame, 3, field="CM07", tower_design="first").new_game(seed=2)
    assert s.view(None)["hand_sizes"] == [5, 5, 5]
    s = game(MedievaliaGame, 4, field="CM09", tower_design="first").new_game(seed=2)
    assert s.margins == [1, 1, 1, 1]
    s = game(MedievaliaGame, 4, field="CM09").new_game(seed=2)
    assert s.margins == [0, 0, 0, 0]


def test_cm08_lowest_totals_may_equal_the_table() -> None:
    """§T.2 CM08 (our design): the player(s) with the lowest total may equal the total on the table."""
    s = stacked(4, options={"field": "CM08"}, round=2, round_scores=[[-5, 0, 0, 0]],
                 hands=[["7", "1"], ["7", "1"], ["1"], ["1"]], table=[[3, "7"]], turn=0)
    assert "play 7" in legal(s)
    s = stacked(4, options={"field": "CM08"}, round=2, round_scores=[[-5, 0, 0, 0]],
                 hands=[["7", "1"], ["7", "1"], ["1"], ["1"]], table=[[3, "7"]], turn=1)
    assert "play 7" not in legal(s)
    s = stacked(4, options={"field": "CM08"}, hands=[["7", "1"], ["7"], ["1"], ["1"]], table=[[3, "7"]], turn=0)
    assert "play 7" not in legal(s)  # round 1: no standings, nobody may equal


def test_cm09_highest_totals_must_beat_by_two() -> None:
    """§T.2 CM09 (our design): the player(s) with the highest total must beat the table by 2 or more."""
    s = stacked(4, options={"field": "CM09"}, round=2, round_scores=[[0, -3, -3, -3]],
                 hands=[["8", "9"], ["8"], ["1"], ["1"]], table=[[3, "7"]], turn=0)
    assert "play 8" not in legal(s) and "play 9" in legal(s)
    assert s.view(0)["table"]["need"] == [9, 8, 8, 8]
    s = stacked(4, options={"field": "CM09"}, round=2, round_scores=[[0, -3, -3, -3]],
                 hands=[["8", "9"], ["8"], ["1"], ["1"]])
    assert {"play 8", "play 9"} <= set(legal(s))  # nothing to beat when leading


def test_ruling_r18_standings_cards_join_the_decks_after_round_one() -> None:
    """Ruling R18 (revised design): with a new Magic Field card every round, CM06-CM09 and IM06 are not
    drawn for round 1 — there are no standings to judge — and join their Tower decks for round 2."""
    standings = {"CM06", "CM07", "CM08", "CM09", "IM06"}
    firsts = [game(MedievaliaGame, 4).new_game(seed=k) for k in range(40)]
    assert not {s.field for s in firsts} & standings and not {s.instructor for s in firsts} & standings
    assert all(not standings & {*s.field_deck, *s.instructor_deck} for s in firsts)
    s, rng = firsts[0], random.Random(0)
    while s.round == 1:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert standings <= {*s.field_deck, *s.instructor_deck, s.field, s.instructor}
    seen: set[str | None] = set()
    for k in range(60):  # seeded games until every standings card has been drawn in a later round
        starts = rounds_of({}, 4, k)
        assert starts[0]["field"] not in standings and starts[0]["instructor"] not in standings
        seen |= {e["field"] for e in starts[1:]} | {e["instructor"] for e in starts[1:]}
        if standings <= seen:
            break
    assert standings <= seen


def test_cm10_twelves_skip_and_name_the_next_player() -> None:
    """§T.2 CM10: 12s are Skips whose player chooses who plays next; several at once, one effect;
    Wildcards cannot be 12."""
    s = stacked(4, options={"field": "CM10"}, hands=[["12", "12", "W", "5"], ["1"], ["6"], ["1"]],
                 table=[[3, "4"]])
    moves = legal(s)
    assert {"play 12 next 1", "play 12 next 2", "play 12 next 3", "play 12 12 next 2"} <= set(moves)
    assert "play 12" not in moves and "play 12 next 0" not in moves
    assert "play W as 12" not in moves and "play W as 13" in moves
    play(s, "play 12 next 2")
    assert s.turn == 2 and s.total == 4 and s.view(None)["direction"] == "clockwise"
    play(s, "play 6")
    assert s.turn == 3


# ------------------------------------------------------------------ Magic Instructor cards
def score(instructor: str, hands: list[list[str]], stacks: list[list[str]], hitter_plays: str = "play 8",
          players: int = 4, tower_design: str = "revised", **kw: Any) -> list[int]:
    s = stacked(players, options={"instructor": instructor, "rounds": 1, "tower_design": tower_design},
                 hands=hands, stacks=stacks, deck=[], **kw)
    play(s, hitter_plays)
    return s.round_scores[0]


def test_im01_hitter_scores_zero() -> None:
    """§T.3 IM01: the player who hits scores zero points, whatever their stack."""
    assert score("IM01", [["8"], ["1"], ["1"], ["1"]], [["2", "3", "4"], [], ["5"], []]) == [0, -1, -2, -1]


def test_im02_twos_minus_two_and_hitter_plus_five() -> None:
    """§T.3 IM02: each 2 is -2 and the player who hits earns +5 (on top of their stack)."""
    assert score("IM02", [["8"], ["2"], ["1"], ["1"]], [["2", "3"], [], ["2", "2"], []]) == [2, -2, -5, -1]


def test_im03_lowest_round_score_loses_five_ties_all() -> None:
    """§T.3 IM03: the player with the lowest round score loses 5 more; if tied, all tied lose 5."""
    assert score("IM03", [["8"], ["1"], ["1"], ["1"]], [[], ["2", "3"], [], []]) == [0, -8, -1, -1]
    assert score("IM03", [["8"], ["1"], ["1"], ["1"]], [[], ["2"], ["3"], []]) == [0, -7, -7, -1]


def test_im04_neighbours_with_more_cards_lose() -> None:
    """§T.3 IM04: every player compares their hand with both neighbours': a neighbour with more cards
    loses 3; if both have more, both lose 6 (Ruling R10)."""
    # hands at the end: seat 0 hit (0), seat 1: 2, seat 2: 3, seat 3: 1
    got = score("IM04", [["8"], ["1", "2"], ["3", "4", "5"], ["6"]], [[], [], [], []])
    assert got == [0, -2 - 6, -3 - 3 - 3, -1 - 6]
    got = score("IM04", [["8"], ["1", "2", "3"]], [[], []], players=2)
    assert got == [0, -3 - 3]


def test_im05_wildcards_minus_three() -> None:
    """§T.3 IM05 (our design): each Wildcard is -3."""
    assert score("IM05", [["8"], ["W"], ["1"], ["1"]], [["W"], [], ["W", "2"], []]) == [-3, -3, -5, -1]


def test_im06_lowest_total_before_the_round_earns_three() -> None:
    """§T.3 IM06 (our design, revised): once a round has been scored, the player(s) with the lowest total
    before this round earn +3; in round 1 nobody does (with the first design everyone, tied at 0, did)."""
    s = stacked(4, options={"instructor": "IM06", "rounds": 2}, round=2,
                 round_scores=[[-9, -2, -9, 0]], hands=[["8"], ["1"], ["1"], ["1"]], deck=[])
    play(s, "play 8")
    assert s.round_scores[1] == [3, -1, 2, -1]
    assert score("IM06", [["8"], ["1"], ["1"], ["1"]], [[], [], [], []]) == [0, -1, -1, -1]
    assert score("IM06", [["8"], ["1"], ["1"], ["1"]], [[], [], [], []], tower_design="first") == [3, 2, 2, 2]


def test_im07_thirteens_minus_three() -> None:
    """§T.3 IM07 (our design): each 13 is -3."""
    assert score("IM07", [["8"], ["13"], ["1"], ["1"]], [["13", "2"], [], [], []]) == [-4, -3, -1, -1]


def test_im08_ones_are_harmless() -> None:
    """§T.3 IM08 (our design): each 1 is worth 0."""
    assert score("IM08", [["8"], ["1"], ["1", "2"], ["1"]], [["1", "2"], [], [], []]) == [-1, 0, -1, 0]


def test_im09_skip_cards_harmless_in_the_stack_costly_in_hand() -> None:
    """§T.3 IM09 (our design, revised): a Skip or Skip-and-reverse in a creature stack is worth 0, one still
    in hand at the end -3: taking Skips never scores points (the first design's +2 did)."""
    assert score("IM09", [["8"], ["S"], ["1"], ["1"]], [["R", "2"], [], [], []]) == [-1, -3, -1, -1]
    assert score("IM09", [["8"], ["S"], ["1"], ["1"]], [["R", "2"], [], [], []], tower_design="first") == \
        [1, 2, -1, -1]


def test_im10_cards_in_hand_minus_two() -> None:
    """§T.3 IM10 (our design): each card still in hand at the end is -2."""
    assert score("IM10", [["8"], ["1", "2"], ["1"], ["1"]], [[], ["3"], [], []]) == [0, -5, -2, -2]


# ------------------------------------------------------------------ options and the Tower decks
def test_tower_none_plays_the_base_rules() -> None:
    """§T option tower="none": no Magic Field and no Magic Instructor card ever."""
    s = game(MedievaliaGame, 4, tower="none").new_game(seed=1)
    assert s.view(None)["tower"]["field"] is None and s.view(None)["tower"]["instructor"] is None
    assert components_of(s, "tower") == {}


def rounds_of(options: dict[str, Any], players: int, seed: int) -> list[dict[str, Any]]:
    """The round_start events of a random game."""
    s = play_out(game(MedievaliaGame, players, **options).new_game(seed=seed), seed=seed)
    return events_of(s, "round_start")


def test_tower_documented_pool_and_reshuffle() -> None:
    """§T option tower="documented": only CM01-CM04, CM10 and IM01-IM04 are drawn; a six-round game
    uses up the deck of five and makes it again from the used cards (Ruling R11)."""
    starts = rounds_of({"tower": "documented"}, 3, 5)
    assert len(starts) == 6
    assert {e["field"] for e in starts} <= {"CM01", "CM02", "CM03", "CM04", "CM10"}
    assert len({e["field"] for e in starts[:5]}) == 5
    assert {e["instructor"] for e in starts} <= {"IM01", "IM02", "IM03", "IM04"}
    assert len({e["instructor"] for e in starts[:4]}) == 4


def test_tower_field_drawn_every_round_by_default() -> None:
    """§2.2 / §7.1 (Ruling R1): a new Magic Field card and a new Instructor card each round."""
    starts = rounds_of({}, 4, 8)
    assert len({e["field"] for e in starts}) == 4 and len({e["instructor"] for e in starts}) == 4


def test_tower_field_once_per_game_option() -> None:
    """§7.1, Ruling R1 alternative, field_draw="game": one Magic Field card for the whole game; the
    Instructor card still changes each round."""
    starts = rounds_of({"field_draw": "game"}, 4, 8)
    assert len({e["field"] for e in starts}) == 1 and len({e["instructor"] for e in starts}) == 4


@pytest.mark.parametrize("code", ["CM04", "CM10"])
def test_tower_forced_field_card(code: str) -> None:
    """§T option field=CODE: that Magic Field card is in play every round."""
    starts = rounds_of({"field": code, "instructor": "IM02"}, 2, 3)
    assert {e["field"] for e in starts} == {code} and {e["instructor"] for e in starts} == {"IM02"}


def test_tower_view_shows_cards_in_play_with_text() -> None:
    """§T: the view shows the Tower cards in play, their text, and whether it is our design."""
    s = game(MedievaliaGame, 4, field="CM05", instructor="IM02").new_game(seed=0)
    field, instructor = s.view(1)["tower"]["field"], s.view(1)["tower"]["instructor"]
    assert field is not None and field["code"] == "CM05" and field["source"] == "design"
    assert instructor is not None and instructor["code"] == "IM02" and instructor["source"] == "rulebook"
    assert "5" in instructor["text"]
    assert hand(s, 1)
    for design, words in (("revised", "hand limit of 7"), ("first", "one extra card at the deal")):
        field = game(MedievaliaGame, 4, field="CM06", tower_design=design).new_game(seed=0).view(1)["tower"]["field"]
        assert field is not None and words in field["text"]  # the rule in play, as designed or as revised
