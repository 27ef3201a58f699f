"""Allied Game (§13): 2 v 2 with partners opposite, and ruling R28."""

from __future__ import annotations

import pytest

from medieval.core.errors import InvalidOptionError
from medieval.games.medievalia2007.end import vp
from medieval.games.medievalia2007.fief import hostile
from tests.games.medievalia2007.helpers import FIELD, alive, cid, find, make, one, pay, rich, scen
from tests.support import last, legal, play

ALLIED = {"allied": True}


def test_allied_game_is_two_against_two_partners_opposite() -> None:
    """§13: allied players sit opposite each other (seats 0+2 against 1+3)."""
    g = make(4, allied=True)
    assert g.team == (0, 1, 0, 1) and g.ally == (2, 3, 0, 1)
    s = g.new_game(1)
    assert not hostile(s, 0, 2) and hostile(s, 0, 1) and hostile(s, 0, 3)
    with pytest.raises(InvalidOptionError):
        make(3, allied=True)


def test_alliance_needs_eleven_vp_together() -> None:
    """§10.1: in an allied game the allies need 11 VP in total."""
    fief = rich(city_buildings=["Bank", "School"])
    terrs = fief["territories"]
    assert isinstance(terrs, list)
    terrs[0]["buildings"] = ["Church", "Stable"]
    terrs[1]["buildings"] = ["Blacksmith", "Carpenter"]
    partner = {"territories": [{"face": "Field", "buildings": ["Castle", "Tower"]},
                               {"face": "Mine", "buildings": ["Fortress"]}]}
    s = scen(players=4, options=ALLIED, fiefs={"0": fief, "2": partner},
             stacks=[["Workshop"], ["Church"], ["Stable"]], hands={"0": ["Soldier"] * 6})
    assert vp(s, 0) == 6 and vp(s, 2) == 4
    play(s, f"build Workshop on {one(s, 'Forest', 0)}")
    pay(s)
    assert s.outcome is not None and s.outcome.termination == "prestige" and s.outcome.winners == (0, 2)
    alone = scen(players=4, options=ALLIED, fiefs={"0": rich(city_buildings=["Bank", "School"])},
                 stacks=[["Workshop"], ["Church"], ["Fortress"]], hands={"0": ["Soldier"] * 6})
    assert vp(alone, 0) == 2


def test_ruling_r28_ally_sends_resources_out_of_turn_for_a_fee() -> None:
    """§13 / ruling R28: resources can be produced out of turn for the ally at 1 extra resource per
    turn; the ally cannot move or use other powers then; a refusal ends the calls of the turn."""
    s = scen(players=4, options=ALLIED,
             fiefs={"0": {"city": {"rotated": True}},
                    "2": {"territories": [{"face": "Forest", "troops": ["Worker", "Worker"]}, FIELD, FIELD],
                          "free": ["Merchant"]}},
             hands={"0": ["Field", "Worker"]})
    play(s, "play Field")
    assert "call ally" in legal(s)
    play(s, "call ally")
    assert s.to_move == (2,)
    options = legal(s)
    assert not any(m.startswith(("move ", "march ", "convert ", "inspire ", "reduce ")) for m in options)
    forest = one(s, "Forest", 2)
    play(s, f"produce {forest}")
    assert "send paying energy" in legal(s) and "trade energy for workforce" in legal(s) and "refuse" in legal(s)
    play(s, "refuse")
    assert s.to_move == (0,) and "call ally" not in legal(s)  # refused: no more calls this turn
    s2 = scen(players=4, options=ALLIED,
              fiefs={"0": {"city": {"rotated": True}},
                     "2": {"territories": [{"face": "Forest", "troops": ["Worker", "Worker"]}, FIELD]}},
              hands={"0": ["Field"]})
    play(s2, "play Field", "call ally", f"produce {one(s2, 'Forest', 2)}", "send paying energy")
    assert s2.phase == "pay" and s2.pool[0] == [0, 2, 0, 0]
    assert last(s2, "send")["fee"] == "energy"


def test_allies_fight_separate_battles() -> None:
    """§13: allies attacking the same enemy fight separate battles; an ally is never attacked."""
    s = scen(players=4, options=ALLIED, phase="war",
             fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD]}, "2": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight"], "2": ["Soldier"]}})
    assert legal(s) == ["attack 1 at F1", "end turn"]
    play(s, "attack 1 at F1", "enlist Knight1")
    assert s.battle is not None and s.battle["armies"] == [[cid("Knight1")]]


def test_ally_priest_and_bowman_help_out_of_turn() -> None:
    """§13 / §11 note: the Priest and Bowman may be used out of turn when an ally attacks or is attacked."""
    s = scen(players=4, options=ALLIED, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD], "free": ["Worker", "Worker"]},
                    "2": {"territories": [FIELD]}, "3": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight"], "3": ["Priest"]}, "I12": {"2": ["Bowman"]}})
    w_a, w_b = find(s, "Worker", 1)
    bowman, priest = one(s, "Bowman", 2), one(s, "Priest", 3)
    play(s, "attack 1 at F1", "enlist Knight1", f"engage 1 with {w_a}", "hold")
    assert s.to_move == (2,)  # the attacker and the defender have no power; the attacker's ally does
    assert f"shoot {bowman} at Knight1" not in legal(s) and f"shoot {bowman} at {w_b}" in legal(s)
    play(s, f"shoot {bowman} at {w_b}")
    assert s.to_move == (3,) and f"heal {priest} on {w_b}" in legal(s)  # the defender's ally answers
    play(s, f"heal {priest} on {w_b}")
    assert s.battle is None and alive(s, w_b) and not alive(s, w_a)


def test_defeated_player_leaves_and_the_partner_plays_on() -> None:
    """§13: a defeated player's cards are removed; the alliance wins when both enemies are out."""
    s = scen(players=4, options=ALLIED, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD, FIELD]}, "1": {"territories": [FIELD]},
                    "2": {"territories": [FIELD]}, "3": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight", "Knight"]}, "F3": {"0": ["Knight", "Soldier", "Soldier"]}})
    play(s, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert not s.is_over and not s.alive[1] and s.tables[1] == []
    play(s, "attack 3 at F3", "enlist Knight3", "enlist Soldier1", "enlist Soldier2", "aim at City4")
    while not s.is_over:
        play(s, legal(s)[0])
    assert s.outcome is not None and s.outcome.winners == (0, 2) and s.outcome.termination == "military"


def test_allied_troops_break_a_siege() -> None:
    """§10.2 / §13: in the allied game, allied troops in the Fief break the siege."""
    spec = {"0": {"territories": [FIELD]}, "1": {"territories": [FIELD]}, "2": {"territories": [FIELD]}}
    besieged = scen(players=4, options=ALLIED, phase="war", fiefs=spec,
                    away={"F1": {"0": [{"face": "Soldier", "fought": True}]}})
    assert besieged.active == 1 and besieged.siege[1] == 1
    rescued = scen(players=4, options=ALLIED, phase="war", fiefs={**spec, "3": {"territories": [FIELD]}},
                   away={"F1": {"0": [{"face": "Soldier", "fought": True}], "3": ["Soldier"]}})
    assert rescued.active == 1 and rescued.siege[1] == 0


def test_retreat_into_an_allys_fief() -> None:
    """§7.3: from an intermediate Fief held by enemies a troop can always go into an ally's Fief."""
    s = scen(players=4, options=ALLIED, phase="move",
             fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD]}, "2": {"territories": [FIELD]}},
             away={"I12": {"0": ["Soldier"], "1": ["Soldier"]}})
    mine = find(s, "Soldier", 0)[0]
    assert legal(s) == [f"march {mine} to F2", "end moves"]
    play(s, f"march {mine} to F2")
    assert alive(s, mine) and s.loc[cid(mine)] == 2


def test_a_purchase_payable_alone_is_offered_whatever_the_allys_hand() -> None:
    """§13 "1 extra resource (any kind) for each game turn in which resources are transferred": the fee
    is due only when the ally sends something, so a Field the player pays with his own City is offered
    even when the ally's hand is empty (the fee must not be charged in advance)."""
    s = scen(players=4, options=ALLIED, fiefs={"2": {"city": {"rotated": True}}}, hands={"0": ["Field"]})
    assert s.hands[2] == []
    assert "play Field" in legal(s)
    play(s, "play Field", f"produce {one(s, 'City', 0)}")
    assert s.phase == "actions" and len(find(s, "Field", 0)) == 1


def test_ruling_r28_several_transfers_in_one_turn_for_one_fee() -> None:
    """§13 "1 extra resource (any kind) for each game turn in which resources are transferred": the ally
    may be called for each payment of the turn; only the turn's first transfer pays the fee."""
    s = scen(players=4, options=ALLIED,
             fiefs={"0": {"city": {"rotated": True}}, "2": {"territories": [FIELD], "free": ["Worker", "Worker"]}},
             hands={"0": ["Field", "Field"]})
    workers = find(s, "Worker", 2)
    play(s, "play Field", "call ally", f"produce {one(s, 'City', 2)}", f"produce {workers[0]}",
         "send paying workforce")
    assert last(s, "send")["fee"] == "workforce" and s.phase == "actions"
    assert "play Field" in legal(s)  # the ally's second Worker can still pay for it
    play(s, "play Field", "call ally", f"produce {workers[1]}")
    assert "send" in legal(s) and not any(m.startswith("send paying") for m in legal(s))
    play(s, "send")
    assert last(s, "send")["fee"] is None and s.phase == "actions"
    assert len(find(s, "Field", 0)) == 2


def test_ruling_r28_option_a_single_call_a_turn() -> None:
    """R28 option ``ally_transfers="once"``: after one transfer the ally cannot be called again that turn."""
    s = scen(players=4, options={**ALLIED, "ally_transfers": "once"},
             fiefs={"0": {"city": {"rotated": True}}, "2": {"territories": [FIELD], "free": ["Worker", "Worker"]}},
             hands={"0": ["Field", "Field"]})
    play(s, "play Field", "call ally", f"produce {one(s, 'City', 2)}")
    play(s, f"produce {find(s, 'Worker', 2)[0]}", "send paying workforce")
    assert "play Field" not in legal(s) and "call ally" not in str(legal(s))
