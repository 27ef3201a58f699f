"""One test (or a few) per clause of the Medievalia rulebook, base rules (§1-§8 of the rules document,
rules.md in the game's package). Tower cards: test_tower.py; rulings: test_rulings.py."""

from __future__ import annotations

import itertools

import pytest

from medieval.core.errors import IllegalActionError, InvalidActionError
from medieval.games.medievalia import MedievaliaGame
from medieval.games.medievalia.components import DATA, parse_deck
from tests.games.medievalia.helpers import base_game, components_of, hand, play_out, stacked
from tests.support import game, legal, play


# ------------------------------------------------------------------ §1 components
def test_components_56_creature_cards_51_numbered_with_fewer_high_copies() -> None:
    """§1.1: 56 Summon Creature cards, 51 numbered 1-13 with fewer copies of higher values, 5
    specials (Wildcard, Skip, Skip-and-reverse)."""
    for name in DATA["decks"]:
        counts = parse_deck(name)
        numbers = [counts[v] for v in range(1, 14)]
        assert sum(numbers) == 51
        assert all(a >= b for a, b in itertools.pairwise(numbers))
        assert numbers[0] > numbers[-1]
        assert sum(counts[14:]) == 5 and all(counts[f] >= 1 for f in (14, 15, 16))
    s = game(MedievaliaGame, 4).new_game(seed=1)
    assert sum(components_of(s, "card").values()) == 56


def test_components_ten_field_and_ten_instructor_cards() -> None:
    """§1.2: 10 Magic Field cards CM01-CM10 and 10 Magic Instructor cards IM01-IM10."""
    s = game(MedievaliaGame, 4).new_game(seed=2)
    tower = components_of(s, "tower")
    assert sorted(tower) == [f"CM{i:02d}" for i in range(1, 11)] + [f"IM{i:02d}" for i in range(1, 11)]
    assert set(tower.values()) == {1}


# ------------------------------------------------------------------ §2 setup
def test_preparation_deal_six_each_rest_is_the_deck() -> None:
    """§2.3: deal 6 cards to each player; the rest forms the Summon Creature deck."""
    for n in range(2, 7):
        s = base_game(n).new_game(seed=n)
        v = s.view(0)
        assert v["hand_sizes"] == [6] * n
        assert v["deck_size"] == 56 - 6 * n


def test_preparation_first_round_clockwise_and_first_player_random() -> None:
    """§2.1, §2.4: the first round runs clockwise; the first player is chosen at random (or by the
    first_player option)."""
    firsts = set()
    for seed in range(40):
        s = base_game(4).new_game(seed=seed)
        assert s.view(None)["direction"] == "clockwise"
        assert s.to_move == (s.first_player,)
        firsts.add(s.first_player)
    assert firsts == {0, 1, 2, 3}
    s = base_game(4, first_player=2).new_game(seed=5)
    assert s.to_move == (2,)


def test_preparation_tower_cards_revealed() -> None:
    """§2.2: a Magic Field card and a Magic Instructor card are revealed on the Tower (the standings
    cards CM06-CM09 and IM06 wait for round 2, Ruling R18)."""
    s = game(MedievaliaGame, 4).new_game(seed=3)
    tower = s.view(None)["tower"]
    assert tower["field"] is not None and tower["field"]["code"].startswith("CM")
    assert tower["instructor"] is not None and tower["instructor"]["code"].startswith("IM")
    assert tower["field_deck"] == 5 and tower["instructor_deck"] == 8


# ------------------------------------------------------------------ §3 / §4 turns
def test_turn_order_passes_clockwise() -> None:
    """§3.1: each player plays and passes the turn to the next player clockwise."""
    s = stacked(4, hands=[["3"] * 2, ["4"] * 2, ["5"] * 2, ["6"] * 2], turn=2)
    play(s, "play 5")
    assert s.turn == 3
    play(s, "play 6")
    assert s.turn == 0


def test_game_round_play_one_or_more_cards_of_one_value() -> None:
    """§4.1-§4.2: one or more cards, all of the same value; the announced value is their sum."""
    s = stacked(4, hands=[["4", "4", "4", "7", "9", "2"], ["1"], ["1"], ["1"]])
    moves = legal(s)
    assert {"play 4", "play 4 4", "play 4 4 4", "play 7", "play 9", "play 2"} <= set(moves)
    assert not any(m.startswith("play 4 7") for m in moves)
    with pytest.raises(InvalidActionError):
        s.parse_action(0, "play 4 7")
    play(s, "play 4 4 4")
    assert s.total == 12


def test_game_round_wildcard_any_value_and_several_at_once() -> None:
    """§4.2 / Special Cards - Wildcard: any value 1-13; several may be played at once; joined to
    numbered cards it takes their value."""
    s = stacked(4, hands=[["W", "W", "6"], ["1"], ["1"], ["1"]])
    moves = legal(s)
    assert {"play W as 1", "play W as 13", "play W W as 7", "play 6 W", "play 6 W W"} <= set(moves)
    play(s, "play 6 W W")
    assert s.total == 18


def test_game_round_total_must_be_strictly_greater() -> None:
    """§4.3: the total must be greater than the previous player's total; equal is not enough."""
    s = stacked(4, hands=[["9"], ["8", "4", "4", "9", "3", "3"], ["1"], ["1"]], table=[[0, "8"]], turn=1)
    moves = legal(s)
    assert "play 8" not in moves and "play 4 4" not in moves
    assert "play 9" in moves and "play 3 3" not in moves
    with pytest.raises(IllegalActionError):
        s.apply(1, s.game.parse_notation("play 8"))


def test_game_round_refill_to_six_while_the_deck_lasts() -> None:
    """§4.4: at the end of the turn draw up to six cards; with no deck the draw is skipped."""
    s = stacked(4, hands=[["2", "2", "5", "6", "7", "8"], ["3"] * 5 + ["1"], ["4", "4", "4", "9", "10"],
                           ["1"] * 5], deck=["9", "10", "11"])
    play(s, "play 2 2")
    assert len(hand(s, 0)) == 6 and s.view(None)["deck_size"] == 1
    play(s, "play 3 3")
    assert len(hand(s, 1)) == 5 and s.view(None)["deck_size"] == 0  # only one card was left
    play(s, "play 4 4 4")
    assert len(hand(s, 2)) == 2  # no deck: no draw


def test_game_round_cannot_or_will_not_beat_takes_the_table_and_leads() -> None:
    """§4.5: a player who cannot or does not want to beat takes every open card into their creature
    stack, face down, and then makes their move on the empty table."""
    s = stacked(4, hands=[["9"], ["13", "2", "3"], ["1"], ["1"]],
                 table=[[2, "5"], [3, "3 3"], [0, "4 W"]], turn=1)
    assert "play 13" in legal(s) and "take" in legal(s)  # may take although it could beat
    play(s, "take")
    assert sorted(s.view(None)["stacks"][1]) == sorted(["5", "3", "3", "4", "W"])
    assert s.turn == 1 and s.total == 0 and s.view(None)["phase"] == "lead"
    assert "take" not in legal(s)
    assert {"play 2", "play 3", "play 13"} <= set(legal(s))


def test_game_round_leader_may_not_take_an_empty_table() -> None:
    """§4.5: taking needs open cards; on an empty table the player must play."""
    s = stacked(4, hands=[["9", "5"], ["1"], ["1"], ["1"]])
    assert "take" not in legal(s)


# ------------------------------------------------------------------ §5 special cards
def test_special_cards_skip_passes_without_playing_and_refills() -> None:
    """§5.2 Skip: the player need not play numbers; play passes on and they refill from the deck."""
    s = stacked(4, hands=[["S", "2", "3", "4", "5", "6"], ["1"], ["1"], ["1"]],
                 table=[[3, "13"]], deck=["9", "..."])
    play(s, "play S")
    assert s.turn == 1 and s.total == 13
    assert sorted(hand(s, 0), key=int) == ["2", "3", "4", "5", "6", "9"]


def test_special_cards_skip_and_reverse_turns_the_direction() -> None:
    """§5.3 Skip-and-reverse: skips its player and reverses the direction, so the previous player
    plays next; play goes on that way until it is reversed again."""
    s = stacked(4, options={"deck": "steep"}, hands=[["1", "2", "6"], ["R", "3"], ["4", "R"], ["5", "7"]],
                 turn=1, table=[[0, "2"]])
    play(s, "play R")
    assert s.view(None)["direction"] == "counterclockwise" and s.turn == 0
    play(s, "play 6")
    assert s.turn == 3
    play(s, "play 7")
    assert s.turn == 2
    play(s, "play R")
    assert s.view(None)["direction"] == "clockwise" and s.turn == 3


# ------------------------------------------------------------------ §6 end of round, scoring
def test_end_of_round_only_once_the_deck_is_empty() -> None:
    """§6.1: playing your last card while the deck still has cards is not a hit: you refill."""
    s = stacked(4, hands=[["8"], ["1"], ["1"], ["1"]], deck=["2", "3"])
    play(s, "play 8")
    assert not s.round_scores and sorted(hand(s, 0), key=int) == ["2", "3"]


def test_end_of_round_hit_ends_the_round_hands_join_stacks() -> None:
    """§6.1-§6.4: with the deck empty, the player who plays their last card ends the round; the
    others' hands join their creature stacks (or form one); each card is -1; the open cards are
    ignored."""
    s = stacked(3, options={"rounds": 2},
                 hands=[["8"], ["1", "2"], ["4", "4", "9"]],
                 stacks=[["13"], [], ["5", "6"]],
                 table=[[1, "3"], [2, "5 W"]], deck=[], turn=0)
    play(s, "take", "play 8")  # seat 0 takes 3 cards, leads its last card: a hit
    assert s.round_scores == [[-4, -2, -5]]
    assert s.last_round is not None
    assert s.last_round["ignored"] == ["8"]  # the 8 left on the table does not count
    assert s.totals == [-4, -2, -5]


def test_scoring_adds_up_over_rounds() -> None:
    """§6.4: each round's score is added to the previous rounds'."""
    s = stacked(2, options={"rounds": 4}, round=2, round_scores=[[-10, -3]],
                 hands=[["8"], ["1", "2"]], deck=[])
    play(s, "play 8")
    assert s.round_scores == [[-10, -3], [0, -2]]
    assert s.totals == [-10, -5]


# ------------------------------------------------------------------ §7 new round
def test_new_round_first_player_to_the_left_and_direction_flipped() -> None:
    """§7.1-§7.2: a new round is prepared (everything reshuffled, 6 dealt, fresh stacks); the Initial
    Player card goes to the player left of the previous first player, who starts; the Direction
    card shows the other side."""
    s = stacked(4, first_player=2, turn=2, hands=[["8"], ["1"], ["7"], ["1"]],
                 stacks=[["3"], [], ["4"], []], deck=[])
    play(s, "play 7")
    assert s.round == 2
    v = s.view(None)
    assert s.first_player == 3 and s.to_move == (3,)
    assert v["direction"] == "counterclockwise"
    assert v["hand_sizes"] == [6, 6, 6, 6] and v["deck_size"] == 56 - 24
    assert v["stack_sizes"] == [0, 0, 0, 0] and v["table"]["count"] == 0
    assert s.components() == base_game(4).new_game(seed=0).components()


def test_new_round_direction_alternates_from_round_start() -> None:
    """§7.2 / §T.1: round 1 clockwise, round 2 counterclockwise, round 3 clockwise..."""
    s = play_out(base_game(3).new_game(seed=11), seed=0)
    seen = {e["round"]: e["direction"] for e in s.events(None) if e["kind"] == "round_start"}
    assert seen == {1: "clockwise", 2: "counterclockwise", 3: "clockwise", 4: "counterclockwise",
                    5: "clockwise", 6: "counterclockwise"}


# ------------------------------------------------------------------ §8 end of the game
@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 6), (4, 4), (5, 5), (6, 6)])
def test_end_of_game_rounds_by_player_count(players: int, rounds: int) -> None:
    """§8.1: 2 players 4 rounds, 3: 6, 4: 4, 5: 5, 6: 6."""
    g = base_game(players)
    assert g.rounds == rounds
    s = play_out(g.new_game(seed=players), seed=players)
    assert len(s.round_scores) == rounds
    assert s.view(None)["phase"] == "over"


def test_end_of_game_highest_total_wins() -> None:
    """§8.2: the player with the highest total wins."""
    s = stacked(3, options={"rounds": 1}, hands=[["8"], ["1", "2"], ["3"]], stacks=[["5", "6"], [], []],
                 deck=[])
    play(s, "play 8")
    out = s.outcome
    assert out is not None and out.winners == (2,) and out.termination == "highest_score"
    assert out.scores == (-2.0, -2.0, -1.0)
