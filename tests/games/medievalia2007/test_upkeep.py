"""Limits to Characters (§12): food upkeep, enforced at every moment."""

from __future__ import annotations

from medieval.games.medievalia2007.components import NAME
from medieval.games.medievalia2007.fief import add_mark, production, territories
from medieval.games.medievalia2007.upkeep import food_capacity, upkeep
from tests.games.medievalia2007.helpers import FIELD, cid, one, scen
from tests.support import legal, play


def test_upkeep_is_checked_at_every_moment() -> None:
    """§12: if at any point the characters cannot all be fed, the excess is removed at once."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker"]}], "free": ["Worker"] * 3}})
    assert food_capacity(s, 0) == 2 and upkeep(s, 0) == 4 and s.excess[0] == 0
    play(s, "move Worker1 off")  # the Field drops to 1 food: 2 troops only
    assert s.excess[0] == 2 and s.to_move == (0,)
    assert all(m.startswith("disband ") for m in legal(s))
    play(s, legal(s)[0])
    play(s, legal(s)[0])
    assert s.excess[0] == 0 and upkeep(s, 0) == 2


def test_a_troop_that_cannot_be_fed_cannot_be_played() -> None:
    """§12 (ruling R20): a card that would have to be removed at once is not offered."""
    s = scen(fiefs={"0": {"territories": [FIELD], "free": ["Worker", "Worker"]}}, hands={"0": ["Worker", "Field"]})
    assert "play Worker" not in legal(s) and "play Field" in legal(s)


def test_used_food_cards_still_feed() -> None:
    """§12: food cards that maintain characters are not rotated for it; using them keeps the upkeep."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "rotated": True}], "free": ["Worker", "Worker"]}})
    assert food_capacity(s, 0) == 1 and s.excess[0] == 0


def test_the_artist_does_not_feed_more_characters() -> None:
    """§12: the Artist cannot double food production to maintain more characters."""
    s = scen(fiefs={"0": {"territories": [FIELD], "free": ["Artist"]}})
    field = cid(one(s, "Field", 0))
    add_mark(s, field, 4, 1)  # an Artist's boost on the Field
    assert production(s, field) == 2 and food_capacity(s, 0) == 1


def test_troops_away_from_home_still_eat() -> None:
    """§12: characters in an intermediate or enemy Fief must be maintained too."""
    s = scen(fiefs={"0": {"territories": [FIELD]}}, away={"I01": {"0": ["Soldier", "Soldier", "Soldier"]}})
    assert upkeep(s, 0) == 3 and s.excess[0] == 1


def test_ruling_r4_military_cards_need_food() -> None:
    """§12.1 (ruling R4): military cards are maintained like characters (option military_upkeep=False: only
    the character deck's cards eat)."""
    spec = {"0": {"territories": [FIELD], "free": ["Soldier", "Knight", "Worker"]}}
    assert scen(fiefs=spec).excess[0] == 1
    s = scen(options={"military_upkeep": False}, fiefs=spec)
    assert upkeep(s, 0) == 1 and s.excess[0] == 0


def test_unused_troops_can_be_dismissed_used_ones_not() -> None:
    """§12: during his turn a player may discard characters from the table unless used/rotated."""
    s = scen(fiefs={"0": {"territories": [FIELD], "free": ["Worker", {"face": "Soldier", "rotated": True}]}})
    dismiss = [m for m in legal(s) if m.startswith("dismiss ")]
    assert dismiss == [f"dismiss {one(s, 'Worker', 0)}"]
    play(s, dismiss[0])
    assert upkeep(s, 0) == 1 and s.discard[-1] == cid("Worker1")


def test_ruling_r20_forced_removal_may_take_used_troops() -> None:
    """§12.3 (ruling R20): when the upkeep fails, the owner picks which troops go, used or not, wherever they are."""
    s = scen(fiefs={"0": {"territories": [FIELD], "free": [{"face": "Worker", "rotated": True}, "Soldier"]}},
             away={"I01": {"0": ["Soldier"]}})
    assert s.excess[0] == 1
    assert set(legal(s)) == {"disband Worker1", "disband Soldier1", "disband Soldier2"}


def test_ruling_r20_food_lost_on_the_enemys_turn_is_settled_when_ones_own_turn_starts() -> None:
    """§12 "If a player cannot maintain all his characters at any point during his turn, he must remove the
    excess characters immediately" (ruling R20): the defender whose Field is destroyed keeps his troops for
    the rest of the attacker's turn, and removes the excess first thing in his own turn."""
    s = scen(phase="war",
             fiefs={"0": {"territories": [FIELD]},
                    "1": {"territories": [FIELD, FIELD], "free": [{"face": "Worker", "rotated": True}] * 3}},
             away={"F1": {"0": ["Soldier"]}})
    f1 = sorted(set(territories(s, 1)))[0]
    play(s, "attack 1 at F1", "enlist Soldier1", f"aim at {NAME[f1]}")
    assert s.owner[f1] < 0 and food_capacity(s, 1) == 1
    assert s.active == 1 and s.excess[1] == 1  # the attacker's turn had nothing left: it ended
    assert s.to_move == (1,) and legal(s) == ["disband Worker1"] and s.phase == "draw"
    play(s, "disband Worker1")
    assert s.excess[1] == 0 and s.phase == "draw"


def test_ruling_r20_option_at_once_disbands_on_the_enemys_turn() -> None:
    """Ruling R20, option ``upkeep_check="at_once"``: the defender must disband immediately, on the
    attacker's turn."""
    s = scen(options={"upkeep_check": "at_once"}, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD]},
                    "1": {"territories": [FIELD, FIELD], "free": [{"face": "Worker", "rotated": True}] * 3}},
             away={"F1": {"0": ["Soldier", "Soldier"]}, "I01": {"0": ["Bowman"]}})
    f1 = sorted(set(territories(s, 1)))[0]
    play(s, "attack 1 at F1", "enlist Soldier1", "enlist Soldier2", f"aim at {NAME[f1]}", "pass")
    assert s.owner[f1] < 0 and s.active == 0 and s.excess[1] == 1
    assert s.to_move == (1,) and legal(s) == ["disband Worker1"]
    s2 = scen(phase="war",
              fiefs={"0": {"territories": [FIELD, FIELD]},
                     "1": {"territories": [FIELD, FIELD], "free": [{"face": "Worker", "rotated": True}] * 3}},
              away={"F1": {"0": ["Soldier", "Soldier"]}, "I01": {"0": ["Bowman"]}})
    f2 = sorted(set(territories(s2, 1)))[0]
    play(s2, "attack 1 at F1", "enlist Soldier1", "enlist Soldier2", f"aim at {NAME[f2]}", "pass")
    assert s2.active == 0 and s2.excess[1] == 0 and s2.to_move == (0,)  # the default: not on the enemy's turn
