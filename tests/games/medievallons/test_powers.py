"""§7 Card Powers, one story per power (docs/rules/medievallons.md)."""

from __future__ import annotations

from collections import Counter

from tests.games.medievallons.helpers import guilds, hand, pending, stacked
from tests.support import do, events_of, kinds, legal


def test_card_powers_artisan_takes_the_top_discard() -> None:
    """§7.1 Artisan: take the top card of the discard pile into your hand."""
    s = stacked(3, hands=[["Artisan", "Monk"], [], []], discard=["Knight", "Wizard"], draw=["Star"])
    do(s, "0 play Artisan")
    assert hand(s, 0) == Counter({"Monk": 1, "Wizard": 1, "Star": 1})
    assert s.view(None)["discard"][-2:] == ["Knight", "Artisan"]
    assert events_of(s, "artisan", 2) == [{"kind": "artisan", "seat": 0, "card": "Wizard"}]


def test_card_powers_assassin_discards_a_guild_card() -> None:
    """§7.2 Assassin: choose a card of a guild on the table and move it to the discard pile."""
    s = stacked(3, hands=[["Assassin"], [], []],
                guilds=[{"owner": 1, "cards": ["Knight", "Knight", "Knight", "Jester"]}])
    do(s, "0 play Assassin")
    assert s.to_move == (0,)
    assert legal(s, 0) == ["assassinate Knight#1 Knight", "assassinate Knight#1 Jester"]
    do(s, "0 assassinate Knight#1 Jester")
    assert guilds(s, 1)[0]["cards"] == ["Knight"] * 3
    assert s.view(None)["discard"][-2:] == ["Jester", "Assassin"]


def test_card_powers_jester_has_no_power_of_its_own() -> None:
    """§7.3 Jester: only a wild card for guilds; played alone it does nothing (R7)."""
    s = stacked(3, hands=[["Jester", "Monk"], [], []], draw=["Star"])
    do(s, "0 play Jester")
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})
    assert s.view(None)["discard_top"] == "Jester"
    assert "no_power" in kinds(s, None)


def test_card_powers_knight_names_a_seat_and_a_kind() -> None:
    """§7.4 Knight: name a person and a kind; if they hold one they must give it (their decision to make)."""
    s = stacked(3, hands=[["Knight"], ["Monk", "Monk", "Star"], ["Wizard"]], draw=["Beggar"])
    do(s, "0 play Knight")
    moves = legal(s, 0)
    assert len(moves) == 2 * 13 and "ask 1 for Monk" in moves and "ask 2 for Jester" in moves
    assert not [m for m in moves if m.startswith("ask 0")]
    do(s, "0 ask 1 for Monk")
    assert s.to_move == (1,)
    assert s.view(2)["pending"] == {"decision": "knight_give", "seat": 1, "to": 0, "card": "Monk"}
    assert legal(s, 1) == ["give Monk"]
    do(s, "1 give Monk")
    assert hand(s, 0) == Counter({"Monk": 1, "Beggar": 1})
    assert hand(s, 1) == Counter({"Monk": 1, "Star": 1})
    assert {"kind": "give", "seat": 1, "to": 0, "card": "Monk", "power": "Knight"} in s.events(2)
    assert s.to_move == (1,)


def test_card_powers_knight_target_without_the_kind_gives_nothing() -> None:
    """§7.4 Knight: 'if they have any' — a seat without the kind gives nothing, and everyone hears it."""
    s = stacked(3, hands=[["Knight"], ["Star"], []], draw=["Beggar"])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    assert hand(s, 1) == Counter({"Star": 1})
    assert {"kind": "ask", "seat": 0, "target": 1, "card": "Monk", "has": False} in s.events(2)
    assert s.to_move == (1,)


def test_card_powers_star_everyone_draws_in_turn_order() -> None:
    """§7.5 Star: everyone draws a card in turn order, starting with the player (R12)."""
    s = stacked(3, hands=[[], ["Star"], []], current=1, draw=["Monk", "Noble", "Priest", "Wizard"])
    do(s, "1 play Star")
    assert hand(s, 1) == Counter({"Monk": 1, "Wizard": 1})
    assert hand(s, 2) == Counter({"Noble": 1})
    assert hand(s, 0) == Counter({"Priest": 1})


def test_card_powers_wizard_draw_three_keep_one_discard_two() -> None:
    """§7.6 Wizard: draw three, keep one, discard the other two (face up)."""
    s = stacked(3, hands=[["Wizard"], [], []], draw=["Monk", "Knight", "Monk", "Star"])
    do(s, "0 play Wizard")
    assert s.view(0)["pending"] == {"decision": "wizard", "seat": 0, "count": 3,
                                    "cards": ["Monk", "Knight", "Monk"]}
    assert s.view(1)["pending"] == {"decision": "wizard", "seat": 0, "count": 3}
    assert legal(s, 0) == ["keep Knight", "keep Monk"]
    do(s, "0 keep Knight")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1})
    assert s.view(None)["discard"][-3:] == ["Monk", "Monk", "Wizard"]


def test_card_powers_merchant_secret_simultaneous_exchange() -> None:
    """§7.7 Merchant: exchange two cards with another person, each choosing the two it gives; the
    choices are made secretly and at once (R18)."""
    s = stacked(3, hands=[["Merchant", "Monk", "Star", "Noble"], ["Knight", "Knight", "Priest"], []],
             draw=["Beggar"])
    do(s, "0 play Merchant")
    assert legal(s, 0) == ["trade with 1", "trade with 2"]
    do(s, "0 trade with 1")
    assert s.to_move == (0, 1)
    assert legal(s, 1) == ["offer Knight Knight", "offer Knight Priest"]
    do(s, "1 offer Knight Priest")
    # seat 0 learns nothing of seat 1's choice until both have chosen
    assert s.view(0)["pending"] == {"decision": "exchange", "seats": [0, 1], "waiting": [0], "my_offer": []}
    assert not [e for e in events_of(s, "offer", 0) if "cards" in e]
    assert pending(s, 1)["my_offer"] == ["Knight", "Priest"]
    assert s.view(None)["to_move"] == [0]
    do(s, "0 offer Monk Star")
    assert hand(s, 0) == Counter({"Noble": 1, "Knight": 1, "Priest": 1, "Beggar": 1})
    assert hand(s, 1) == Counter({"Knight": 1, "Monk": 1, "Star": 1})
    exchange = events_of(s, "exchange", 2)
    assert exchange == [{"kind": "exchange", "a": 0, "b": 1}]


def test_card_powers_merchant_either_side_may_choose_first() -> None:
    """§7.7 Merchant: the Merchant's player may also choose first; the exchange waits for both."""
    s = stacked(3, hands=[["Merchant", "Monk", "Star"], ["Knight", "Priest"], []], draw=["Beggar"])
    do(s, "0 play Merchant")
    do(s, "0 trade with 1")
    do(s, "0 offer Monk Star")
    assert s.to_move == (1,)
    do(s, "1 offer Knight Priest")
    assert hand(s, 1) == Counter({"Monk": 1, "Star": 1})


def test_card_powers_beggar_random_card_from_the_most() -> None:
    """§7.8 Beggar: take a random card from the hand of the person with the most cards."""
    s = stacked(3, hands=[["Beggar", "Monk"], ["Knight"] * 3 + ["Star"] * 2, ["Noble"]], draw=["Priest"])
    do(s, "0 play Beggar")
    assert sum(hand(s, 1).values()) == 4
    got = hand(s, 0) - Counter({"Monk": 1, "Priest": 1})
    assert sum(got.values()) == 1 and next(iter(got)) in ("Knight", "Star")
    beg = events_of(s, "beg", 1)
    assert beg[0]["card"] in ("Knight", "Star")
    assert events_of(s, "beg", 2) == [{"kind": "beg", "seat": 0, "from": 1}]


def test_card_powers_beggar_tie_you_choose() -> None:
    """§7.8 Beggar: on a tie for the most, the Beggar's player chooses who gives."""
    s = stacked(3, hands=[["Beggar"], ["Knight", "Star"], ["Noble", "Monk"]], draw=["Priest"])
    do(s, "0 play Beggar")
    assert legal(s, 0) == ["beg from 1", "beg from 2"]
    do(s, "0 beg from 2")
    assert sum(hand(s, 2).values()) == 1 and sum(hand(s, 1).values()) == 2


def test_card_powers_monk_draws_two() -> None:
    """§7.9 Monk: draw two cards."""
    s = stacked(3, hands=[["Monk"], [], []], draw=["Knight", "Star", "Noble"])
    do(s, "0 play Monk")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Noble": 1})


def test_card_powers_noble_next_two_give_in_turn_order() -> None:
    """§7.10 Noble: the next two people in turn order each give a card of their choice, privately (R18)."""
    s = stacked(4, hands=[["Noble"], ["Knight", "Star"], ["Monk"], ["Wizard"]], draw=["Priest"])
    do(s, "0 play Noble")
    assert s.to_move == (1,)
    assert legal(s, 1) == ["give Knight", "give Star"]
    do(s, "1 give Star")
    assert s.to_move == (2,)
    do(s, "2 give Monk")
    assert hand(s, 0) == Counter({"Star": 1, "Monk": 1, "Priest": 1})
    assert hand(s, 3) == Counter({"Wizard": 1})
    gifts2 = events_of(s, "give", 2)
    assert gifts2[0] == {"kind": "give", "seat": 1, "to": 0, "power": "Noble"}  # not seat 1's card
    assert gifts2[1]["card"] == "Monk"


def test_card_powers_priest_look_take_give_back() -> None:
    """§7.11 Priest: look at someone's hand, take one card, give one of your choice back; the seat
    remembers what it saw."""
    s = stacked(3, hands=[["Priest", "Star"], ["Knight", "Monk"], []], draw=["Beggar"], turn=3)
    do(s, "0 play Priest")
    assert legal(s, 0) == ["look at 1", "look at 2"]
    do(s, "0 look at 1")
    assert pending(s, 0)["hand"] == ["Knight", "Monk"]
    assert "hand" not in pending(s, 2)
    assert legal(s, 0) == ["take Knight", "take Monk"]
    do(s, "0 take Knight")
    assert pending(s, 0)["decision"] == "priest_give"
    assert legal(s, 0) == ["give Knight", "give Star"]
    do(s, "0 give Star")
    assert hand(s, 0) == Counter({"Knight": 1, "Beggar": 1})
    assert hand(s, 1) == Counter({"Monk": 1, "Star": 1})
    assert s.view(0)["seen"] == {"1": {"turn": 3, "hand": ["Knight", "Monk"]}}
    assert s.view(2)["seen"] == {}
    looks = [e for e in s.events(2) if e["kind"] in ("look", "take", "give")]
    assert all("hand" not in e and "card" not in e for e in looks)


def test_card_powers_prowler_steals_a_guild_card() -> None:
    """§7.12 Prowler: steal a card from a guild on the table into your hand."""
    s = stacked(3, hands=[["Prowler"], [], []], guilds=[{"owner": 2, "cards": ["Wizard"] * 3 + ["Jester"]}],
             draw=["Star"])
    do(s, "0 play Prowler")
    assert legal(s, 0) == ["steal Wizard#1 Wizard", "steal Wizard#1 Jester"]
    do(s, "0 steal Wizard#1 Jester")
    assert hand(s, 0) == Counter({"Jester": 1, "Star": 1})
    assert guilds(s, 2)[0]["cards"] == ["Wizard"] * 3


def test_card_powers_witch_uses_a_laid_guild() -> None:
    """§7.13 Witch: use the power of any guild on the table (here another seat's Monks)."""
    s = stacked(3, hands=[["Witch"], [], []], guilds=[{"owner": 1, "cards": ["Monk"] * 3}],
             draw=["Knight", "Star", "Noble"])
    do(s, "0 play Witch")
    assert legal(s, 0) == ["copy Monk#1"]
    do(s, "0 copy Monk#1")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Noble": 1})
    assert s.view(None)["discard_top"] == "Witch"


def test_card_powers_witch_copy_hands_on_decisions() -> None:
    """§7.13 Witch: a copied power with a decision hands that decision to the Witch's player."""
    s = stacked(3, hands=[["Witch"], ["Monk"], []], guilds=[{"owner": 2, "cards": ["Knight"] * 3}], draw=["Star"])
    do(s, "0 play Witch")
    do(s, "0 copy Knight#1")
    do(s, "0 ask 1 for Monk")
    do(s, "1 give Monk")
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})


def test_card_powers_from_a_guild_use() -> None:
    """§4.3 / §7: a guild's power works exactly like the card's (a Priest guild used)."""
    s = stacked(3, hands=[["Star"], ["Knight"], []], guilds=[{"owner": 0, "cards": ["Priest"] * 3}], draw=["Monk"])
    do(s, "0 use Priest#1")
    do(s, "0 look at 1")
    do(s, "0 take Knight")
    do(s, "0 give Star")
    assert hand(s, 0) == Counter({"Knight": 1, "Monk": 1}) and hand(s, 1) == Counter({"Star": 1})
