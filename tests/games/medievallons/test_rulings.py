"""Rulings R1-R24 on the rulebook's gaps (docs/rules/medievallons.md, "Rulings")."""

from __future__ import annotations

from collections import Counter

from medieval.games.medievallons.components import KINDS
from tests.games.medievallons.helpers import guilds, hand, match, stacked
from tests.support import do, events_of, legal


def test_ruling_r1_shared_round_counts_for_both() -> None:
    """R1: in a 2-player match a shared round is a round won by both players."""
    s = stacked(2, hands=[["Jester"], ["Wizard"]], draw=["Star"], rest="discard")
    do(s, "0 play Jester")  # the pile runs out: no guilds, one card each -> shared
    m = match(s)
    assert m["round_wins"] == [1, 1] and m["round"] == 2
    assert m["rounds"][0]["winners"] == [0, 1]


def test_ruling_r1_shared_match() -> None:
    """R1: level after the last round (2-2 after a shared round) is a shared match."""
    s = stacked(2, hands=[["Jester"], ["Wizard"]], draw=["Star"], rest="discard", round=3, round_wins=[1, 1])
    do(s, "0 play Jester")
    out = s.outcome
    assert out is not None and out.termination == "best_of_3" and out.winners == (0, 1)


def test_ruling_r2_laying_the_third_guild_wins_not_earlier_losses() -> None:
    """R2: only laying (or, with Jester guilds not counting, completing) a third guild on the table wins;
    the power of the winning guild is not resolved."""
    s = stacked(3, hands=[["Wizard"] * 3, [], []], guilds=[{"owner": 0, "cards": ["Star"] * 3},
                                                {"owner": 0, "cards": ["Noble"] * 3}], draw=["Monk"])
    do(s, "0 lay Wizard Wizard Wizard")
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.view(0)["pending"] is None


def test_ruling_r2_holding_three_after_a_jester_guild_turns() -> None:
    """R2: with jester_guild_counts off, turning your Jester guild into a real guild when you already
    have two others gives you three guilds on the table: you win at once."""
    s = stacked(3, options={"jester_guild_counts": False}, hands=[["Monk"], [], []],
             guilds=[{"owner": 0, "cards": ["Star"] * 3}, {"owner": 0, "cards": ["Noble"] * 3},
                     {"owner": 0, "cards": ["Jester"] * 3}], draw=["Knight"])
    assert s.view(0)["guild_counts"] == [2, 0, 0]
    do(s, "0 reinforce Jester#3 Monk")
    assert s.outcome is not None and s.outcome.termination == "third_guild" and s.outcome.winners == (0,)


def test_ruling_r3_jester_guild_counts_as_a_guild() -> None:
    """R3: a guild of Jesters only is a guild: laying it as your third wins."""
    s = stacked(3, hands=[["Jester"] * 3, [], []], guilds=[{"owner": 0, "cards": ["Star"] * 3},
                                                {"owner": 0, "cards": ["Noble"] * 3}], draw=["Monk"])
    do(s, "0 lay Jester Jester Jester")
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_ruling_r3_option_jester_guild_does_not_count() -> None:
    """R3 option jester_guild_counts=False: the Jester guild is not a third guild."""
    s = stacked(3, options={"jester_guild_counts": False}, hands=[["Jester"] * 3, [], []],
             guilds=[{"owner": 0, "cards": ["Star"] * 3}, {"owner": 0, "cards": ["Noble"] * 3}], draw=["Monk"])
    do(s, "0 lay Jester Jester Jester")
    assert not s.is_over and len(guilds(s, 0)) == 3


def test_ruling_r4_guild_left_with_jesters_only_becomes_a_jester_guild() -> None:
    """R4: a guild whose last card of its kind is removed, with three or more Jesters left, is a Jester
    guild (no power)."""
    s = stacked(3, hands=[["Prowler"], [], []], guilds=[{"owner": 1, "cards": ["Monk"] + ["Jester"] * 3}],
             draw=["Star"])
    do(s, "0 play Prowler")
    do(s, "0 steal Monk#1 Monk")
    g = guilds(s, 1)[0]
    assert g["label"] == "Jester#1" and g["usable"] is False


def test_ruling_r5_witch_may_copy_own_guild() -> None:
    """R5: the Witch may copy its player's own guild ('any guild on the table')."""
    s = stacked(3, hands=[["Witch"], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3}], draw=["Star"])
    do(s, "0 play Witch")
    assert legal(s, 0) == ["copy Monk#1"]


def test_ruling_r5_option_witch_not_own_guilds() -> None:
    """R5 option witch_own_guilds=False: own guilds are not copied; with no other, the Witch reveals."""
    s = stacked(3, options={"witch_own_guilds": False}, hands=[["Witch"], [], []],
             guilds=[{"owner": 0, "cards": ["Monk"] * 3}], draw=["Star", "Knight", "Noble"])
    do(s, "0 play Witch")
    assert {"kind": "witch_reveal", "seat": 0, "card": "Star"} in s.events(None)


def test_ruling_r5_witch_skips_jester_and_witch_guilds() -> None:
    """R5: a Jester guild has no power and copying another Witch would only copy again: neither is
    offered; with only those on the table the Witch reveals the top card."""
    s = stacked(3, hands=[["Witch"], [], []], guilds=[{"owner": 1, "cards": ["Jester"] * 3},
                                                   {"owner": 2, "cards": ["Witch"] * 3},
                                                   {"owner": 2, "cards": ["Monk"] * 3}])
    do(s, "0 play Witch")
    assert legal(s, 0) == ["copy Monk#3"]
    s = stacked(3, hands=[["Witch"], [], []], guilds=[{"owner": 1, "cards": ["Jester"] * 3},
                                                   {"owner": 2, "cards": ["Witch"] * 3}],
             draw=["Monk", "Knight", "Star", "Noble"])
    do(s, "0 play Witch")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Noble": 1})


def test_ruling_r5_revealed_witch_reveals_again() -> None:
    """R5: a Witch revealed from the pile copies the Witch power, which still has nothing to copy:
    reveal again."""
    s = stacked(3, hands=[["Witch"], [], []], draw=["Witch", "Monk", "Knight", "Star", "Noble"])
    do(s, "0 play Witch")
    reveals = [e["card"] for e in events_of(s, "witch_reveal", None)]
    assert reveals == ["Witch", "Monk"]
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Noble": 1})


def test_ruling_r5_revealed_jester_does_nothing() -> None:
    """R5: a Jester revealed from the pile has no power to copy."""
    s = stacked(3, hands=[["Witch"], [], []], draw=["Jester", "Knight"])
    do(s, "0 play Witch")
    assert hand(s, 0) == Counter({"Knight": 1})
    assert s.view(None)["discard"][-2:] == ["Jester", "Witch"]


def test_ruling_r6_option_total_ranking() -> None:
    """R6 option alt_ranking=total: guilds plus members are added (1 guild of 8 = 9 beats 2 of 3 = 8)."""
    s = stacked(3, options={"alt_ranking": "total"}, hands=[["Jester"], [], []], end_card="yellow", draw=["Star"],
             rest="discard", guilds=[{"owner": 1, "cards": ["Monk"] * 8}, {"owner": 2, "cards": ["Star"] * 3},
                                     {"owner": 2, "cards": ["Noble"] * 3}])
    do(s, "0 play Jester")
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_ruling_r7_lone_jester_played_for_nothing() -> None:
    """R7: a Jester may be played alone as a card; it has no power and is simply discarded."""
    s = stacked(3, hands=[["Jester"], [], []], draw=["Star"])
    assert legal(s, 0) == ["play Jester"]
    do(s, "0 play Jester")
    assert s.view(None)["discard_top"] == "Jester"


def test_ruling_r7_option_lone_jester_forbidden() -> None:
    """R7 option lone_jester=forbidden: no 'play Jester'; a hand of one or two Jesters and no guild
    leaves only the draw."""
    s = stacked(3, options={"lone_jester": "forbidden"}, hands=[["Jester", "Jester"], [], []], draw=["Star", "Monk"])
    assert legal(s, 0) == ["draw"]
    do(s, "0 draw")
    assert hand(s, 0) == Counter({"Jester": 2, "Star": 1, "Monk": 1})


def test_ruling_r8_knight_may_name_jester() -> None:
    """R8: Jester is a kind of card: a Knight may demand one."""
    s = stacked(3, hands=[["Knight"], ["Jester", "Monk"], []], draw=["Star"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Jester")
    assert legal(s, 1) == ["give Jester"]
    do(s, "1 give Jester")
    assert hand(s, 0) == Counter({"Jester": 1, "Star": 1})


def test_ruling_r8_jester_does_not_answer_another_kind() -> None:
    """R8: a Jester in hand is not 'a card of that guild': demanding a Monk from a hand with only a
    Jester gets nothing."""
    s = stacked(3, hands=[["Knight"], ["Jester"], []], draw=["Star"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    assert hand(s, 1) == Counter({"Jester": 1})
    assert s.to_move == (1,)


def test_ruling_r8_option_knight_jester() -> None:
    """R8 option knight_jester=True: a Jester answers any demand; the target chooses which to give."""
    s = stacked(3, options={"knight_jester": True}, hands=[["Knight"], ["Jester", "Monk"], []], draw=["Star"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    assert legal(s, 1) == ["give Monk", "give Jester"]
    s = stacked(3, options={"knight_jester": True}, hands=[["Knight"], ["Jester"], []], draw=["Star"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    assert legal(s, 1) == ["give Jester"]


def test_ruling_r9_beggar_tie_with_you_draws() -> None:
    """R9: 'most' counts cards in hand, the played Beggar no longer among them; tied for the most with
    you counts as you having the most: draw instead."""
    s = stacked(3, hands=[["Beggar", "Monk", "Monk"], ["Knight", "Star"], []], draw=["Noble", "Priest"])
    do(s, "0 play Beggar")
    assert hand(s, 0) == Counter({"Monk": 2, "Noble": 1, "Priest": 1})
    assert hand(s, 1) == Counter({"Knight": 1, "Star": 1})


def test_ruling_r9_option_beggar_tie_take() -> None:
    """R9 option beggar_tie=take: tied with you, take from the tied seat instead."""
    s = stacked(3, options={"beggar_tie": "take"}, hands=[["Beggar", "Monk", "Monk"], ["Knight", "Star"], []],
             draw=["Noble", "Priest"])
    do(s, "0 play Beggar")
    assert sum(hand(s, 1).values()) == 1


def test_ruling_r9_beggar_nobody_holds_cards() -> None:
    """R9: nobody else holds a card: nothing to take, draw instead."""
    s = stacked(3, options={"beggar_tie": "take"}, hands=[["Beggar"], [], []], draw=["Noble", "Priest"])
    do(s, "0 play Beggar")
    assert hand(s, 0) == Counter({"Noble": 1, "Priest": 1})


def test_ruling_r10_artisan_with_an_empty_discard_pile() -> None:
    """R10: an Artisan with nothing on the discard pile takes nothing."""
    s = stacked(3, hands=[["Artisan"], [], []], draw=["Star"])
    assert s.view(None)["discard"] == []
    do(s, "0 play Artisan")
    assert hand(s, 0) == Counter({"Star": 1})
    assert {"kind": "artisan", "seat": 0, "card": None} in s.events(None)
    assert s.view(None)["discard"] == ["Artisan"]


def test_ruling_r11_six_players_at_most() -> None:
    """R11: six players are the most (six hands of 6 leave 67 cards to draw)."""
    s = stacked(6, hands=[["Monk"]] * 6)
    assert s.players == 6 and s.view(None)["hand_counts"] == [1] * 6


def test_ruling_r12_star_starts_with_its_player() -> None:
    """R12: the Star's 'in turn order' starts with the player who used it, then the following seats."""
    s = stacked(3, hands=[[], [], ["Star"]], current=2, draw=["Monk", "Knight", "Noble", "Wizard"])
    do(s, "2 play Star")
    assert hand(s, 2) == Counter({"Monk": 1, "Wizard": 1})
    assert hand(s, 0) == Counter({"Knight": 1}) and hand(s, 1) == Counter({"Noble": 1})


def test_ruling_r13_round_ends_mid_wizard_cards_to_hand() -> None:
    """R13: when the game ends in the middle of a power, the rest of the power is void and cards drawn
    for it stay with the player who drew them (the Wizard's cards go to the hand)."""
    s = stacked(3, hands=[["Wizard"], [], ["Knight"]], end_card="yellow", draw=["Monk", "Star"], rest="discard")
    do(s, "0 play Wizard")
    assert s.is_over
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})
    assert s.view(None)["pending"] is None and s.view(None)["discard_top"] == "Wizard"
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_ruling_r14_prowler_never_targets_own_guilds() -> None:
    """R14: the Prowler and the Assassin attack other seats' guilds; your own guilds are not targets, so
    with only your guilds on the table the power is 'no guild to attack'."""
    s = stacked(3, hands=[["Prowler"], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3}], draw=["Star", "Knight"])
    do(s, "0 play Prowler")
    assert s.to_move == (1,)
    assert hand(s, 0) == Counter({"Star": 1, "Knight": 1})
    assert guilds(s, 0)[0]["size"] == 3


def test_ruling_r15_draw_only_when_nothing_else() -> None:
    """R15: the fallback 'draw' is offered exactly when no other action is possible."""
    s = stacked(3, hands=[["Star"], [], []])
    assert "draw" not in legal(s, 0)
    s = stacked(3, hands=[[], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3}])
    assert legal(s, 0) == ["use Monk#1"]


def test_ruling_r16_empty_reshuffle_ends_the_game() -> None:
    """R16: the reshuffle keeps the discard pile's top card; if nothing else is there the new pile is
    empty, which is the pile being empty a second time: the game ends."""
    everything = [k for k in KINDS for _ in range(8)]
    everything.remove("Jester")
    everything.remove("Star")
    s = stacked(3, hands=[["Jester"], everything[:60], everything[60:]], draw=["Star"])
    do(s, "0 play Jester")
    assert s.is_over and s.outcome is not None and s.outcome.termination == "alternative_end"
    assert s.view(None)["end_card"] == "yellow" and s.view(None)["pile_runs_out"] == 2


def test_ruling_r17_knight_does_not_make_the_target_draw() -> None:
    """R17: the running-out rule does not apply to the Knight ('if they have any')."""
    s = stacked(3, hands=[["Knight"], [], []], draw=["Star", "Monk"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    assert hand(s, 1) == Counter()


def test_ruling_r18_merchant_offers_are_hidden_until_both_chose() -> None:
    """R18: a Merchant side's choice stays secret (view and log) from the other side and from others."""
    s = stacked(3, hands=[["Merchant", "Monk", "Star"], ["Knight", "Priest"], ["Noble"]], draw=["Beggar"])
    do(s, "0 play Merchant")
    do(s, "0 trade with 1")
    do(s, "0 offer Monk Star")
    for seat in (1, 2):
        assert "Monk" not in str(s.view(seat)["pending"])
        assert not [e for e in events_of(s, "offer", seat) if "cards" in e]
    assert s.view(1)["hand_counts"] == [0, 2, 1]


def test_ruling_r19_priest_may_give_back_the_taken_card() -> None:
    """R19: the card given back may be any card in hand, the one just taken included; the memory of the
    look stays in the view."""
    s = stacked(3, hands=[["Priest"], ["Knight"], []], draw=["Star", "Monk"], turn=2)
    do(s, "0 play Priest")
    do(s, "0 look at 1")
    do(s, "0 take Knight")
    assert legal(s, 0) == ["give Knight"]
    do(s, "0 give Knight")
    do(s, "1 play Knight")
    assert s.view(0)["seen"] == {"1": {"turn": 2, "hand": ["Knight"]}}


def test_ruling_r20_witch_revealed_artisan_takes_the_revealed_card() -> None:
    """R20: the revealed card is discarded before its power is copied — a revealed Artisan takes itself."""
    s = stacked(3, hands=[["Witch"], [], []], draw=["Artisan", "Star"])
    do(s, "0 play Witch")
    assert hand(s, 0) == Counter({"Artisan": 1, "Star": 1})


def test_ruling_r21_jester_guild_takes_one_kind() -> None:
    """R21: a Jester guild may be reinforced with Jesters (it stays a Jester guild) or with one other kind
    (never two kinds at once)."""
    s = stacked(3, hands=[["Jester", "Monk", "Star"], [], []], guilds=[{"owner": 0, "cards": ["Jester"] * 3}])
    moves = [m for m in legal(s, 0) if m.startswith("reinforce")]
    assert "reinforce Jester#1 Jester" in moves
    assert not [m for m in moves if "Monk" in m and "Star" in m]


def test_ruling_r22_one_card_and_two_jesters() -> None:
    """R22: one card of a kind with two Jesters is a guild of that kind."""
    s = stacked(3, hands=[["Monk", "Jester", "Jester"], [], []], draw=["Star", "Knight", "Noble"])
    do(s, "0 lay Monk Jester Jester")
    assert guilds(s, 0)[0]["kind"] == "Monk" and hand(s, 0) == Counter({"Star": 1, "Knight": 1, "Noble": 1})


def test_ruling_r23_turn_order_increasing_seats() -> None:
    """R23: turns pass to the next seat number (wrapping around); the Noble's 'next two' follow it."""
    s = stacked(4, hands=[[], [], [], ["Noble"]], current=3, draw=["Star", "Monk", "Knight"])
    do(s, "3 play Noble")
    assert s.to_move == (0,)
    do(s, "0 give Star")
    assert s.to_move == (1,)
    do(s, "1 give Monk")
    assert s.to_move == (0,) and s.view(None)["current"] == 0


def test_ruling_r24_turn_draw_flips_the_end_card() -> None:
    """R24: the turn's own draw can take the last card; the End card flips and the next seat plays on."""
    s = stacked(3, hands=[["Jester"], ["Monk"], []], draw=["Star"], rest="discard")
    do(s, "0 play Jester")
    assert s.to_move == (1,) and s.view(None)["end_card"] == "yellow"
