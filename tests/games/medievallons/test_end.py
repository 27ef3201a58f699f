"""§3.2 The End of Game card and §5 End of the Game (docs/rules/medievallons.md)."""

from __future__ import annotations

from collections import Counter

from tests.games.medievallons.helpers import guilds, hand, stacked, two_guilds
from tests.support import do, legal


def test_end_third_guild_wins_at_once() -> None:
    """§5.1: laying your third guild wins the game immediately — its power is not resolved."""
    s = stacked(3, hands=[["Monk"] * 3 + ["Knight"], [], []], guilds=two_guilds(0), draw=["Star"])
    do(s, "0 lay Monk Monk Monk")
    assert s.is_over and s.to_move == ()
    out = s.outcome
    assert out is not None and out.termination == "third_guild" and out.winners == (0,)
    assert out.scores == (3.0, 0.0, 0.0)
    assert hand(s, 0) == Counter({"Knight": 1})  # no Monk draws, no turn draw
    assert s.view(None)["phase"] == "over"
    assert all(s.legal_actions(seat) == [] for seat in range(3))


def test_end_flip_to_yellow_and_reshuffle_the_first_time() -> None:
    """§3.2: taking the last card of the draw pile reveals the End card the first time: flip it to yellow
    and shuffle the discard pile except the last card played into a new draw pile."""
    s = stacked(3, hands=[["Jester", "Monk"], [], []], draw=["Star"], rest="discard")
    before = len(s.view(None)["discard"])
    do(s, "0 play Jester")
    v = s.view(None)
    assert v["end_card"] == "yellow" and v["pile_runs_out"] == 1
    assert v["discard"] == ["Jester"]
    assert v["draw_count"] == before  # the old discard pile, the Jester kept back
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})
    assert not s.is_over
    assert s.components()["Monk"] == 8


def test_end_flip_mid_power_and_play_goes_on() -> None:
    """§3.2 / R24 / R16: the pile may run out in the middle of a power; the new pile serves the rest of
    it. "Shuffle the discard pile, except the last card played (which becomes the new discard pile)":
    the Monk being played is that card, so the whole old discard pile is shuffled and the Monk alone is
    the new discard pile."""
    s = stacked(3, hands=[["Monk"], [], []], draw=["Star"], rest="discard")
    old_discard = len(s.view(None)["discard"])
    do(s, "0 play Monk")
    assert sum(hand(s, 0).values()) == 3
    v = s.view(None)
    assert v["end_card"] == "yellow" and v["discard"] == ["Monk"]
    assert v["draw_count"] == old_discard - 2  # all of it reshuffled; the Monk's second draw and the turn's
    assert s.components()["Monk"] == 8


def test_end_flip_mid_power_option_keeps_the_top_card_too() -> None:
    """R16 option ``reshuffle_keeps="top"``: the earlier top card of the discard pile stays as well."""
    s = stacked(3, {"reshuffle_keeps": "top"}, hands=[["Monk"], [], []], draw=["Star"], rest="discard")
    top = s.view(None)["discard_top"]
    do(s, "0 play Monk")
    v = s.view(None)
    assert v["end_card"] == "yellow" and v["discard"] == [top, "Monk"]


def test_end_alternative_end_second_time() -> None:
    """§5.3: when the draw pile runs out for the second time (yellow side) the game ends at once and the
    player with the most guilds and guild members wins."""
    s = stacked(3, hands=[["Jester"], [], []], end_card="yellow", draw=["Star"], rest="discard",
             guilds=[{"owner": 1, "cards": ["Monk"] * 3}, {"owner": 2, "cards": ["Knight"] * 4}])
    do(s, "0 play Jester")
    out = s.outcome
    assert out is not None and out.termination == "alternative_end"
    assert out.winners == (2,)
    assert s.view(None)["pile_runs_out"] == 2


def test_end_alternative_ranking_guilds_before_members() -> None:
    """§5.3 / R6: more guilds beat more members (2 guilds of 3 beat 1 guild of 8)."""
    s = stacked(3, hands=[["Jester"], [], []], end_card="yellow", draw=["Star"], rest="discard",
             guilds=[{"owner": 1, "cards": ["Monk"] * 8}, *two_guilds(2)])
    do(s, "0 play Jester")
    assert s.outcome is not None and s.outcome.winners == (2,)


def test_end_alternative_ranking_tie_most_cards_in_hand() -> None:
    """§5.3: on a tie, the player with the most cards in hand wins."""
    s = stacked(3, hands=[["Jester"], ["Wizard", "Wizard"], ["Wizard"]], end_card="yellow", draw=["Star"],
             rest="discard", guilds=[{"owner": 1, "cards": ["Monk"] * 3}, {"owner": 2, "cards": ["Knight"] * 3}])
    do(s, "0 play Jester")
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_end_alternative_ranking_shared_victory() -> None:
    """§5.3: if the tie persists, the victory is shared."""
    s = stacked(3, hands=[["Jester"], ["Wizard"], ["Priest"]], end_card="yellow", draw=["Star"],
             rest="discard", guilds=[{"owner": 1, "cards": ["Monk"] * 3}, {"owner": 2, "cards": ["Knight"] * 3}])
    do(s, "0 play Jester")
    out = s.outcome
    assert out is not None and out.winners == (1, 2)
    assert out.reward(1) == 0.5


def test_end_alternative_end_mid_power_stops_at_once() -> None:
    """§5.3 / R13: the game ends immediately, even in the middle of a power (a Monk's second draw never
    happens); the played card still ends up on the discard pile."""
    s = stacked(3, hands=[["Monk"], [], ["Knight"]], end_card="yellow", draw=["Star"], rest="discard")
    do(s, "0 play Monk")
    assert s.is_over
    assert hand(s, 0) == Counter({"Star": 1})
    assert s.view(None)["discard_top"] == "Monk"
    # no guilds anywhere: seats 0 and 2 hold one card each, seat 1 none
    assert s.outcome is not None and s.outcome.winners == (0, 2)


def test_end_two_players_pile_runs_out_once() -> None:
    """§5.3 reminder: with 2 players the draw pile is emptied only once — that ends the round."""
    s = stacked(2, options={"match": "single_round"}, hands=[["Jester"], ["Monk"]], draw=["Star"], rest="discard",
             guilds=[{"owner": 1, "cards": ["Knight"] * 3}])
    do(s, "0 play Jester")
    out = s.outcome
    assert out is not None and out.termination == "alternative_end" and out.winners == (1,)


def test_end_two_players_best_of_three_rounds() -> None:
    """§5.2 / R1: with 2 players, a match of at most 3 rounds; the first to win 2 rounds wins. A won
    round deals a new round."""
    s = stacked(2, hands=[["Monk"] * 3, []], guilds=two_guilds(0), draw=["Star"])
    do(s, "0 lay Monk Monk Monk")
    assert not s.is_over
    v = s.view(0)
    assert v["match"] == {"format": "best_of_3", "round": 2, "round_wins": [1, 0],
                          "rounds": [{"round": 1, "termination": "third_guild", "winners": [0]}]}
    assert v["guilds"] == [] and v["hand_counts"] == [6, 6] and v["end_card"] == "yellow"
    assert v["draw_count"] == 104 - 12 - 1
    assert s.components()["End of Game"] == 1 and sum(s.components().values()) == 105


def test_end_two_players_second_round_win_ends_the_match() -> None:
    """§5.2: the player who wins 2 rounds wins the match."""
    s = stacked(2, hands=[["Monk"] * 3, []], guilds=two_guilds(0), draw=["Star"], round=2, round_wins=[1, 0])
    do(s, "0 lay Monk Monk Monk")
    out = s.outcome
    assert out is not None and out.termination == "best_of_3" and out.winners == (0,) and out.scores == (2.0, 0.0)


def test_end_two_players_third_round_decides() -> None:
    """§5.2: 1-1 after two rounds: the third round decides the match."""
    s = stacked(2, hands=[[], ["Monk"] * 3], guilds=two_guilds(1), draw=["Star"], round=3, round_wins=[1, 1],
             current=1)
    do(s, "1 lay Monk Monk Monk")
    out = s.outcome
    assert out is not None and out.winners == (1,) and out.scores == (1.0, 2.0)


def test_end_two_players_single_round_option() -> None:
    """R1: the option match=single_round plays one round as the whole game."""
    s = stacked(2, options={"match": "single_round"}, hands=[["Monk"] * 3, []], guilds=two_guilds(0), draw=["Star"])
    do(s, "0 lay Monk Monk Monk")
    out = s.outcome
    assert out is not None and out.termination == "third_guild" and out.winners == (0,)
    assert s.view(None)["match"] is None


def test_end_third_guild_needs_three_on_the_table() -> None:
    """§5.1 / R2: a guild destroyed earlier does not count — only guilds on the table."""
    s = stacked(3, hands=[["Monk"] * 3, ["Assassin"], []], guilds=two_guilds(0), current=1, draw=["Star", "Knight"])
    do(s, "1 play Assassin")
    do(s, "1 assassinate Star#1 Star")
    assert len(guilds(s, 0)) == 1
    do(s, "2 draw")
    assert "lay Monk Monk Monk" in legal(s, 0)
    do(s, "0 lay Monk Monk Monk")
    assert not s.is_over
