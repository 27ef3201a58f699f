"""General Rules for Resources (§9) and how purchases are paid (rulings R21-R24, R38)."""

from __future__ import annotations

from medieval.core.conformance import play_checked
from medieval.games.medievalia2007.components import DECK
from medieval.games.medievalia2007.fief import territories
from tests.games.medievalia2007.helpers import FIELD, alive, cid, hand_faces, make, one, pay, rich, scen
from tests.support import events_of, last, legal, play

FARM2 = {"face": "Farm", "troops": ["Worker", "Worker"]}


def test_three_identical_resources_for_one_other() -> None:
    """§9: 3 resources of one type can be changed for 1 of another."""
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [FARM2]}}, hands={"0": ["Field"]})
    farm = one(s, "Farm", 0)
    play(s, "play Field")
    assert legal(s) == [f"produce {farm}", "abandon"]  # food is not needed but 3 of it can be traded
    play(s, f"produce {farm}")
    assert legal(s) == ["trade food for workforce", "abandon"]
    play(s, "trade food for workforce")
    assert s.phase == "actions" and len(territories(s, 0)) == 2


def test_discard_a_card_for_a_resource_of_your_choice() -> None:
    """§9: a card from hand can be discarded for one resource of your choice."""
    s = scen(fiefs={"0": {"city": {"rotated": True}}}, hands={"0": ["Field", "Soldier"]})
    play(s, "play Field")
    assert "sell Soldier for workforce" in legal(s)
    play(s, "sell Soldier for workforce")
    assert s.phase == "actions" and hand_faces(s, 0) == []
    assert last(s, "sell") == {"kind": "sell", "seat": 0, "card": "Soldier", "resource": "workforce"}
    assert s.discard[-1] == cid("Soldier1")


def test_four_resources_for_an_extra_card() -> None:
    """§9: during your turn, 4 resources of your choice take one extra card from a deck."""
    s = scen(fiefs={"0": {"territories": [FARM2]}}, decks={"military": ["Knight"]})
    assert "buy card military" in legal(s)
    play(s, "buy card military", f"produce {one(s, 'Farm', 0)}")
    assert s.phase == "pay"  # 3 so far
    play(s, "produce City1")
    assert hand_faces(s, 0) == ["Knight"] and DECK[s.hands[0][0]] == 1
    assert "card" not in last(s, "buy_card") or s.events(1)[-1].get("card") is None
    assert all("card" not in e for e in events_of(s, "buy_card", 1))


def test_excess_resources_are_lost() -> None:
    """§9: resources produced beyond the cost cannot be kept for another card."""
    s = scen(fiefs={"0": {"territories": [FARM2]}}, hands={"0": ["Worker", "Worker"]})
    farm = one(s, "Farm", 0)
    play(s, "play Worker", f"produce {farm}")  # 3 food for a 1-food Worker
    assert s.phase == "actions" and s.pool[0] == [0, 0, 0, 0]
    assert last(s, "play")["paid"]["food"] == 3
    assert "play Worker" not in legal(s)  # nothing left to pay the second


def test_ruling_r21_an_abandoned_purchase_loses_what_was_produced() -> None:
    """§9.4 (ruling R21): a purchase can be given up; what was produced is lost, used cards stay used, the card
    returns to hand. The rulebook sets no limit on trying again, so the same purchase is still offered
    that turn (paid, if it can be, with what is left)."""
    s = scen(fiefs={"0": {"territories": [{"face": "Forest"}, {"face": "Field", "rotated": True}]}},
             hands={"0": ["Soldier", "Worker", "Field"]})
    play(s, "play Soldier", f"produce {one(s, 'Forest', 0)}")
    assert s.pool[0][1] == 1
    play(s, "abandon")
    assert s.pool[0] == [0, 0, 0, 0] and s.rot[cid(one(s, "Forest", 0))]
    assert "Soldier" in hand_faces(s, 0) and "play Soldier" in legal(s)
    assert s.view(0)["abandoned"] == ["play Soldier"]
    play(s, "play Soldier", "abandon", "play Soldier", "abandon")  # given up again: still named once
    assert s.view(0)["abandoned"] == ["play Soldier"] and "Soldier" in hand_faces(s, 0)


def test_ruling_r21_option_an_abandoned_purchase_is_not_offered_again() -> None:
    """R21 option ``abandoned="not_again"``: a purchase given up is not offered again that turn."""
    s = scen(options={"abandoned": "not_again"},
             fiefs={"0": {"territories": [{"face": "Forest"}, {"face": "Field", "rotated": True}]}},
             hands={"0": ["Soldier", "Worker", "Field"]})
    play(s, "play Soldier", f"produce {one(s, 'Forest', 0)}", "abandon")
    assert "Soldier" in hand_faces(s, 0) and "play Soldier" not in legal(s) and "play Worker" in legal(s)


def test_ruling_r22_choices_that_can_only_waste_are_not_offered() -> None:
    """§9.4 (ruling R22): while paying, selling or trading is offered only for a missing resource, trades only
    from a surplus, and a card whose resource is neither missing nor tradeable is not offered."""
    s = scen(fiefs={"0": {"territories": [{"face": "Forest"}, {"face": "Mine"}]}},
             hands={"0": ["Field", "Soldier"]})
    play(s, "play Field")
    options = legal(s)
    assert options == ["produce City1", "sell Soldier for workforce", "abandon"]


def test_ruling_r23_the_card_being_paid_leaves_the_hand() -> None:
    """§4.1 (ruling R23): the card being paid for is out of the hand (it cannot also be sold)."""
    s = scen(fiefs={"0": {"city": {"rotated": True}}}, hands={"0": ["Field", "Field"]})
    play(s, "play Field")
    assert hand_faces(s, 0) == ["Field"]
    purchase = s.view(0)["purchase"]
    assert purchase is not None and purchase["what"] == "Field"
    assert s.view(1)["players_info"][0]["hand_count"] == 1


#: §9, the rulebook's words
ANY_TIME = ("At any time (even if it is not your turn), you can discard a card from your hand in exchange for a "
            "resource of your choice.")
NO_STORE = ("If a player produces more resources than necessary, he cannot store the excess resources and use "
            "them to purchase/play another card.")


def test_ruling_r38_exchanges_happen_while_paying() -> None:
    """§9.1-9.2 (ruling R38): "at any time" — but a resource can only be used in a payment and "he cannot
    store the excess resources", so trades and sales are offered while a purchase is paid for, and not at
    the top level of the turn, where the resource would be lost at once."""
    assert "even if it is not your turn" in ANY_TIME and "cannot store" in NO_STORE
    s = scen(fiefs={"0": rich()}, hands={"0": ["Soldier"]})
    assert not any(m.startswith(("produce ", "trade ", "sell ")) for m in legal(s))
    s2 = scen(fiefs={"0": {"city": {"rotated": True}}}, hands={"0": ["Field", "Worker"]})
    play(s2, "play Field")
    assert "sell Worker for workforce" in legal(s2)  # in a payment: the sale pays


def test_ruling_r38_exchanges_out_of_turn_for_the_ally() -> None:
    """§9.1-9.2 "even if it is not your turn" with §13 "Resources can be produced out of turn" (ruling R38):
    the one moment an exchange out of turn can matter, the ally's supply, offers trades and sales."""
    s = scen(players=4, options={"allied": True},
             fiefs={"0": {"city": {"rotated": True}},
                    "2": {"territories": [{"face": "Forest", "troops": ["Worker", "Worker"]}, FIELD]}},
             hands={"0": ["Field"], "2": ["Soldier"]})
    play(s, "play Field", "call ally", f"produce {one(s, 'Forest', 2)}")
    assert s.to_move == (2,) and s.active == 0
    options = legal(s)
    assert "trade energy for workforce" in options and "sell Soldier for workforce" in options


def test_ruling_r38_option_any_time_sales_lose_the_resource() -> None:
    """Ruling R38, option ``exchanges="any_time"``: a sale is offered at every decision outside a payment,
    on the seat's own turn and out of it (a defender's deployment), and its resource is lost at once (§9.4)."""
    s = scen(options={"exchanges": "any_time"}, fiefs={"0": rich()}, hands={"0": ["Soldier", "Worker"]})
    assert "sell Soldier for gold" in legal(s)
    play(s, "sell Soldier for gold")
    assert hand_faces(s, 0) == ["Worker"] and s.pool[0] == [0, 0, 0, 0] and last(s, "sell")["lost"] is True
    assert s.phase == "actions"
    s2 = scen(options={"exchanges": "any_time"}, phase="war",
              fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD], "free": ["Soldier"]}},
              away={"F1": {"0": ["Soldier"]}}, hands={"1": ["Field"]})
    play(s2, "attack 1 at F1", f"enlist {one(s2, 'Soldier', 0)}")
    assert s2.to_move == (1,) and "sell Field for food" in legal(s2)


def test_ruling_r38_option_any_time_games_end() -> None:
    """The option keeps every game well formed: a random game with every conformance check."""
    play_checked(make(2, exchanges="any_time"), 3, full=False)


def test_a_purchase_not_affordable_is_not_offered() -> None:
    """§4.1: to add a card the player must be able to pay its cost."""
    s = scen(fiefs={"0": {"city": {"rotated": True}}}, hands={"0": ["Field"]})
    assert "play Field" not in legal(s)
    s2 = scen(fiefs={"0": {"city": {"rotated": True}}}, hands={"0": ["Field", "Worker"]})
    assert "play Field" in legal(s2)  # the Worker can be sold for the workforce


def test_bought_building_with_several_producers() -> None:
    """§4.5: a building's cost is paid by using several cards."""
    s = scen(fiefs={"0": rich()}, stacks=[["Tower"], ["School"], ["Workshop"]])
    play(s, "build Tower on City1")
    pay(s)
    assert alive(s, "Tower1") and s.host[cid("Tower1")] == cid("City1")
