"""§6 Clarifications and Special Cases, one test per entry (docs/rules/medievallons.md)."""

from __future__ import annotations

from collections import Counter

from tests.games.medievallons.helpers import guilds, hand, pending, stacked
from tests.support import do, kinds, legal


def test_running_out_merchant_both_sides_draw_up_to_two() -> None:
    """§6.1: an action needing more cards than a hand holds — by you or someone else — makes that
    seat draw until it can (Merchant: two cards each)."""
    s = stacked(3, hands=[["Merchant"], [], []], draw=["Monk", "Star", "Knight", "Noble", "Wizard"])
    do(s, "0 play Merchant")
    do(s, "0 trade with 1")
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})
    assert hand(s, 1) == Counter({"Knight": 1, "Noble": 1})
    assert legal(s, 1) == ["offer Knight Noble"]
    do(s, "0 offer Monk Star")
    do(s, "1 offer Knight Noble")
    assert hand(s, 0) == Counter({"Knight": 1, "Noble": 1, "Wizard": 1})


def test_running_out_noble_giver_draws_first() -> None:
    """§6.1: a Noble giver with an empty hand draws a card, then gives."""
    s = stacked(3, hands=[["Noble"], [], ["Star"]], draw=["Monk", "Wizard"])
    do(s, "0 play Noble")
    assert hand(s, 1) == Counter({"Monk": 1})
    do(s, "1 give Monk")
    do(s, "2 give Star")
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1, "Wizard": 1})


def test_running_out_priest_target_draws_first() -> None:
    """§6.1: the Priest's target with an empty hand draws a card so one can be taken."""
    s = stacked(3, hands=[["Priest", "Star"], [], []], draw=["Monk", "Wizard"])
    do(s, "0 play Priest")
    do(s, "0 look at 2")
    assert pending(s, 0)["hand"] == ["Monk"]
    do(s, "0 take Monk")
    do(s, "0 give Star")
    assert hand(s, 2) == Counter({"Star": 1})


def test_running_out_empty_hand_no_guild_draw_two() -> None:
    """§6.1: on your turn with no guild and no card in hand, draw two cards and end your turn."""
    s = stacked(3, hands=[[], ["Monk"], []], draw=["Knight", "Star", "Noble"])
    assert legal(s, 0) == ["draw"]
    do(s, "0 draw")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1})
    assert s.to_move == (1,)
    assert "no_action" in kinds(s, None)


def test_assassin_prowler_no_guild_discard_and_draw_twice() -> None:
    """§6.2: with no guild to attack, the Prowler (or Assassin) is discarded and a card drawn instead,
    then the turn's draw."""
    for card in ("Prowler", "Assassin"):
        s = stacked(3, hands=[[card, "Monk"], [], []], draw=["Knight", "Star", "Noble"])
        do(s, f"0 play {card}")
        assert hand(s, 0) == Counter({"Monk": 1, "Knight": 1, "Star": 1})
        assert s.view(None)["discard_top"] == card
        assert s.to_move == (1,)
        assert {"kind": "no_target", "seat": 0, "power": card} in s.events(None)


def test_assassin_prowler_only_guild_and_empty_hand_draws() -> None:
    """§6.2: with an empty hand and only a Prowler (or Assassin) guild on the table, you draw a card
    instead (then the turn's draw); the guild is untouched."""
    for card in ("Prowler", "Assassin"):
        s = stacked(3, hands=[[], ["Monk"], []], guilds=[{"owner": 0, "cards": [card] * 3}],
                 draw=["Knight", "Star", "Noble"])
        assert legal(s, 0) == [f"use {card}#1"]
        do(s, f"0 use {card}#1")
        assert hand(s, 0) == Counter({"Knight": 1, "Star": 1})
        assert guilds(s, 0)[0]["size"] == 3


def test_assassin_prowler_guild_with_targets_still_attacks() -> None:
    """§6.2 (contrast): with an opponent's guild on the table, the Prowler guild steals as usual."""
    s = stacked(3, hands=[[], [], []], guilds=[{"owner": 0, "cards": ["Prowler"] * 3},
                                            {"owner": 1, "cards": ["Monk"] * 3}], draw=["Knight"])
    do(s, "0 use Prowler#1")
    assert legal(s, 0) == ["steal Monk#2 Monk"]


def test_jester_guild_of_jesters_only_has_no_power() -> None:
    """§6.3: a guild of Jesters only may be laid; it has no power to activate (and cannot be used)."""
    s = stacked(3, hands=[["Jester"] * 3 + ["Monk"], [], []], draw=["Knight"])
    assert "lay Jester Jester Jester" in legal(s, 0)
    do(s, "0 lay Jester Jester Jester")
    assert guilds(s, 0)[0]["label"] == "Jester#1"
    assert hand(s, 0) == Counter({"Monk": 1, "Knight": 1})
    assert "no_power" in kinds(s, None)
    assert not [m for m in legal(s, 1) if m.startswith("use")]


def test_jester_guild_reinforced_becomes_the_added_kind() -> None:
    """§6.3: reinforcing a Jester guild with another kind turns it into a guild of that kind, whose power
    activates."""
    s = stacked(3, hands=[["Monk", "Monk", "Knight"], [], []], guilds=[{"owner": 0, "cards": ["Jester"] * 3}],
             draw=["Star", "Beggar", "Noble"])
    moves = legal(s, 0)
    assert {"reinforce Jester#1 Monk", "reinforce Jester#1 Monk Monk", "reinforce Jester#1 Knight"} <= set(moves)
    do(s, "0 reinforce Jester#1 Monk Monk")
    g = guilds(s, 0)[0]
    assert (g["label"], g["cards"]) == ("Monk#1", ["Monk", "Monk", "Jester", "Jester", "Jester"])
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Beggar": 1, "Noble": 1})


def test_jester_guild_only_and_empty_hand_draws() -> None:
    """§6.3: with an empty hand and only a Jester guild, draw a card instead, then draw another."""
    s = stacked(3, hands=[[], [], []], guilds=[{"owner": 0, "cards": ["Jester"] * 3}], draw=["Knight", "Star"])
    assert legal(s, 0) == ["draw"]
    do(s, "0 draw")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1})


def test_beggar_when_you_have_the_most_draw_instead() -> None:
    """§6.4: if you are the one with the most cards, draw a card instead."""
    s = stacked(3, hands=[["Beggar", "Monk", "Monk", "Star"], ["Knight"], ["Noble", "Wizard"]],
             draw=["Priest", "Artisan"])
    do(s, "0 play Beggar")
    assert hand(s, 0) == Counter({"Monk": 2, "Star": 1, "Priest": 1, "Artisan": 1})
    assert hand(s, 1) == Counter({"Knight": 1}) and hand(s, 2) == Counter({"Noble": 1, "Wizard": 1})


def test_noble_with_two_players_one_from_the_other_one_from_the_pile() -> None:
    """§6.5: with 2 players the Noble gets a card from the other player and a second from the draw pile."""
    s = stacked(2, hands=[["Noble"], ["Knight", "Star"]], draw=["Monk", "Wizard"])
    do(s, "0 play Noble")
    assert s.to_move == (1,)
    do(s, "1 give Knight")
    assert hand(s, 0) == Counter({"Knight": 1, "Monk": 1, "Wizard": 1})
    assert hand(s, 1) == Counter({"Star": 1})


def test_witch_nothing_to_copy_reveal_the_top_card() -> None:
    """§6.6: with no guild to copy, reveal and discard the top card of the draw pile, then copy its power."""
    s = stacked(3, hands=[["Witch"], [], []], draw=["Monk", "Knight", "Star", "Noble"])
    do(s, "0 play Witch")
    assert {"kind": "witch_reveal", "seat": 0, "card": "Monk"} in s.events(None)
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Noble": 1})
    assert s.view(None)["discard"][-2:] == ["Monk", "Witch"]
