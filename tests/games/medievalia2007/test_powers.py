"""Special Powers of Military and Character Cards (§11), the Note on Using Special Powers (§11.8) and the
rulings on them (R6, R25-R27)."""

from __future__ import annotations

from medieval.games.medievalia2007 import Medievalia2007State
from medieval.games.medievalia2007.components import F_COST, FACES
from medieval.games.medievalia2007.fief import mark, production
from tests.games.medievalia2007.helpers import FIELD, alive, cid, find, one, scen
from tests.support import last, legal, play

W2 = ["Worker", "Worker"]


def _dmg(s: Medievalia2007State, name: str) -> int:
    return mark(s, cid(name), 0)


# ---------------------------------------------------------------------------------------------- Priest
def test_priest_heals_out_of_turn_for_the_defender() -> None:
    """§11 Priest: when used, 1 less damage on a character in the same or adjacent Fief; usable out of
    turn when attacked."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [FIELD, FIELD], "free": ["Soldier", "Priest"]}},
             away={"F1": {"0": ["Soldier"]}})
    a_soldier, d_soldier = one(s, "Soldier", 0), one(s, "Soldier", 1)
    priest = one(s, "Priest", 1)
    play(s, "attack 1 at F1", f"enlist {a_soldier}", f"engage 1 with {d_soldier}", "hold")
    assert s.battle is not None and s.battle["step"] == "powers" and s.to_move == (1,)
    assert legal(s) == [f"heal {priest} on {d_soldier}", "pass"]
    play(s, f"heal {priest} on {d_soldier}")
    assert alive(s, d_soldier) and not alive(s, a_soldier) and s.rot[cid(priest)]


def test_priest_cannot_cure_himself() -> None:
    """§11 Priest: a Priest cannot cure himself."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Priest", "Priest"]}},
             away={"I01": {"0": ["Bowman"]}})
    p1, p2 = find(s, "Priest", 1)
    play(s, f"shoot {one(s, 'Bowman', 0)} at {p1}")
    assert s.to_move == (1,)
    assert legal(s) == [f"heal {p2} on {p1}", "pass"]


def test_overkill_needs_more_priests() -> None:
    """§6.3 step 5: excess damage must be healed too: a Soldier 2/2 at 3 damage needs two Priests."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD, FIELD], "free": ["Soldier", "Priest", "Priest"]}},
             away={"F1": {"0": ["Soldier", "Worker"]}})
    d_soldier = one(s, "Soldier", 1)
    a_soldier, a_worker = one(s, "Soldier", 0), one(s, "Worker", 0)
    pr1, pr2 = find(s, "Priest", 1)
    play(s, "attack 1 at F1", f"enlist {a_soldier}", f"enlist {a_worker}", f"engage 1 with {d_soldier}", "hold",
         f"first {a_worker}")
    assert _dmg(s, d_soldier) == 3
    play(s, f"heal {pr1} on {d_soldier}")
    assert s.to_move == (1,)  # the attacker had nothing to answer with; one more Priest is needed
    play(s, f"heal {pr2} on {d_soldier}")
    assert alive(s, d_soldier)


def test_priest_reaches_only_the_same_or_an_adjacent_fief() -> None:
    """§11 Priest: the same or an adjacent Fief only."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD], "free": ["Priest"]},
                                 "1": {"territories": [FIELD], "free": ["Soldier"]}},
             away={"F1": {"0": ["Soldier"]}})
    a_soldier, d_soldier = one(s, "Soldier", 0), one(s, "Soldier", 1)
    play(s, "attack 1 at F1", f"enlist {a_soldier}", f"engage 1 with {d_soldier}")
    # F0 is not adjacent to F1 (the intermediate Fief lies between): the Priest cannot help
    assert s.battle is None and not alive(s, a_soldier)


# ---------------------------------------------------------------------------------------------- Bowman
def test_bowman_from_a_distance_kills_a_farmer() -> None:
    """§6.1/§11 Bowman: used from a distance, 1 damage on an enemy character in an adjacent Fief."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [{"face": "Field", "troops": ["Worker"]}], "free": ["Worker"]}},
             away={"I01": {"0": ["Bowman"]}})
    bowman = one(s, "Bowman", 0)
    shots = [m for m in legal(s) if m.startswith("shoot ")]
    assert shots == [f"shoot {bowman} at Worker1", f"shoot {bowman} at Worker2"]  # troops only
    play(s, f"shoot {bowman} at Worker2")
    assert not alive(s, "Worker2") and s.rot[cid(bowman)]


def test_military_buildings_and_the_city_shelter_from_bowmen() -> None:
    """§11 Bowman: characters on the City or with a military building are protected."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"city": {"troops": ["Worker"]},
                                       "territories": [{"face": "Field", "troops": ["Worker"], "buildings": ["Tower"]},
                                                       {"face": "Farm", "troops": ["Worker"]}]}},
             away={"I01": {"0": ["Bowman"]}})
    shots = [m.split()[-1] for m in legal(s) if m.startswith("shoot ")]
    assert shots == ["Worker3"]  # the one on the Farm


def test_bowman_hits_a_troop_inside_an_army_during_battle() -> None:
    """§11 Bowman: the target can be chosen freely, even in an army; the defender's Bowman acts out of turn."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Bowman", "Worker"]}},
             away={"F1": {"0": ["Knight", "Soldier"]}})
    knight, soldier = one(s, "Knight", 0), one(s, "Soldier", 0)
    bowman, worker = one(s, "Bowman", 1), one(s, "Worker", 1)
    play(s, "attack 1 at F1", f"enlist {knight}", f"enlist {soldier}", f"engage 1 with {worker}", "hold",
         f"first {knight}")
    assert _dmg(s, knight) == 1 and s.to_move == (1,)
    assert f"shoot {bowman} at {knight}" in legal(s)
    play(s, f"shoot {bowman} at {knight}")
    assert not alive(s, knight)


# ---------------------------------------------------------------------------------------------- Infantry
def test_infantry_gives_another_troop_of_its_army_plus_one_defence() -> None:
    """§11 Infantry: +0/1 to one other character of the same army, without turning."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Worker"]}},
             away={"F1": {"0": ["Infantry", "Worker"]}})
    a_worker, d_worker = one(s, "Worker", 0), one(s, "Worker", 1)
    play(s, "attack 1 at F1", "enlist Infantry1", f"enlist {a_worker}", f"engage 1 with {d_worker}")
    assert legal(s) == ["first Infantry1", f"first {a_worker}"]
    play(s, f"first {a_worker}")  # the Worker, 1/1 +0/1, takes the point and lives
    assert alive(s, a_worker) and not alive(s, d_worker) and not s.rot[cid("Infantry1")]


def test_infantry_bonus_choice_when_several_troops_could_take_it() -> None:
    """§11 Infantry: the owner picks which other troop gets the +0/1."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Soldier"]}},
             away={"F1": {"0": ["Infantry", "Worker", "Knight"]}})
    worker = one(s, "Worker", 0)
    play(s, "attack 1 at F1", "enlist Infantry1", f"enlist {worker}", "enlist Knight1", "engage 1 with Soldier1")
    assert legal(s) == [f"bolster {worker}", "bolster Knight1"]
    play(s, "bolster Knight1", "first Knight1")  # the Knight 4/2+1 absorbs both points
    assert alive(s, "Knight1") and alive(s, worker)


# ---------------------------------------------------------------------------------------------- Knight
def test_knight_moves_twice_and_reaches_an_enemy_fief_in_one_turn() -> None:
    """§11 Knight: two moves per turn without turning; a Soldier moves once."""
    s = scen(phase="move", fiefs={"0": {"territories": [FIELD], "free": ["Knight", "Soldier"]}})
    play(s, "march Knight1 to I01", "march Soldier1 to I01")
    assert legal(s) == ["march Knight1 to F0", "march Knight1 to F1", "end moves"]
    play(s, "march Knight1 to F1")  # nothing else can move: on to the war
    assert s.loc[cid("Knight1")] == 1 and not s.rot[cid("Knight1")]
    assert "attack 1 at F1" in legal(s)


# ---------------------------------------------------------------------------------------------- Merchant
def test_merchant_changes_one_resource_gold_counting_double() -> None:
    """§11 Merchant (ruling R6): one unit of a resource into another; gold gives two."""
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [{"face": "Mine"}, FIELD], "free": ["Merchant"]}},
             hands={"0": ["Field", "Field"]})
    mine = one(s, "Mine", 0)
    play(s, "play Field")  # 1 workforce, and the City is used
    assert f"produce {mine}" in legal(s)  # gold is not needed but a Merchant can convert it
    play(s, f"produce {mine}", "convert Merchant1 gold to workforce")
    assert s.phase == "actions" and last(s, "play")["paid"]["workforce"] == 2
    assert s.rot[cid("Merchant1")]  # used for its power, it cannot also produce this turn


def test_ruling_r6_merchant_all_option_converts_every_unit() -> None:
    """§11.5 (ruling R6, the alternative merchant='all'): every unit of the type is converted."""
    s = scen(options={"merchant": "all"},
             fiefs={"0": {"city": {"rotated": True},
                          "territories": [{"face": "Mine", "troops": W2}, {"face": "Field", "rotated": True},
                                          {"face": "Farm", "rotated": True}], "free": ["Merchant"]}})
    play(s, "buy card military", f"produce {one(s, 'Mine', 0)}", "convert Merchant1 gold to food")
    assert s.phase == "actions"  # 3 gold became 6 food: the card is paid
    assert len(s.hands[0]) == 1


def test_merchant_artist_bureaucrat_only_at_home() -> None:
    """§11.8 Note on Using Special Powers: Artist, Bureaucrat and Merchant powers are not usable in an
    intermediate or enemy Fief."""
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [{"face": "Mine"}, FIELD, FIELD]}},
             away={"I01": {"0": ["Merchant", "Artist"]}}, hands={"0": ["Field", "Worker"]})
    play(s, "play Field")
    assert legal(s) == ["sell Worker for workforce", "abandon"]


# ---------------------------------------------------------------------------------------------- Bureaucrat
def test_bureaucrats_reduce_a_building_possibly_to_nothing() -> None:
    """§11 Bureaucrat: each reduces a building's cost by any 2 resources; several can make it free."""
    cheapest = min(("Bank", "School", "Workshop", "Church", "Stable", "Blacksmith", "Carpenter"),
                   key=lambda f: sum(F_COST[FACES.index(f)]))
    assert sum(F_COST[FACES.index(cheapest)]) <= 6
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [FIELD, FIELD],
                          "free": ["Bureaucrat"] * 3}}, stacks=[[cheapest], ["Tower"], ["Castle"]])
    play(s, f"build {cheapest} on {find(s, 'Field', 0)[0]}")
    assert "reduce Bureaucrat1" in legal(s)
    play(s, "reduce Bureaucrat1")
    assert s.wild[0] == 2
    while s.phase == "pay":
        play(s, next(m for m in legal(s) if m.startswith("reduce ")))
    assert one(s, cheapest, 0) and all(s.rot[cid(f"Bureaucrat{i}")] for i in (1, 2, 3))


def test_bureaucrat_only_for_buildings() -> None:
    """§11 Bureaucrat: the reduction applies to a building."""
    s = scen(fiefs={"0": {"territories": [FIELD], "free": ["Bureaucrat"]}}, hands={"0": ["Field"]})
    play(s, "play Field")
    assert not any(m.startswith("reduce ") for m in legal(s))


# ---------------------------------------------------------------------------------------------- Artist
def test_artists_double_up_to_three_linked_cards() -> None:
    """§11 Artist: 1 Artist turns 1 resource into 2, two into 4, three into 8, on up to three cards of
    a linked group (the owner's choice: all are worth 1)."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": W2, "buildings": ["Church"]}, FIELD],
                          "free": ["Artist"] * 3}}, hands={"0": ["Worker"]})
    field = find(s, "Field", 0)[0]
    assert production(s, cid(field)) == 4
    play(s, "play Worker", f"inspire Artist1 on {field}")
    assert production(s, cid(field)) == 3 * 2 + 1
    play(s, f"inspire Artist2 on {field}")
    assert production(s, cid(field)) == 3 * 4 + 1
    play(s, f"inspire Artist3 on {field}")
    assert production(s, cid(field)) == 3 * 8 + 1
    play(s, f"produce {field}")
    assert s.phase == "actions" and mark(s, cid(field), 4) == 0


def test_ruling_r25_an_attached_characters_power_uses_its_territory() -> None:
    """§11.8 (ruling R25, Note on Using Special Powers): a character on a territory/City uses its linked cards
    when it uses its power; they produce nothing then."""
    s = scen(fiefs={"0": {"city": {"rotated": True},
                          "territories": [{"face": "Mine", "troops": ["Merchant"]}, {"face": "Mine"}, FIELD]}},
             hands={"0": ["Field"]})
    m1, m2 = sorted(n for n in ("Mine1", "Mine2"))
    play(s, "play Field", f"produce {m2}", "convert Merchant1 gold to workforce")
    assert s.rot[cid(m1)] and s.phase == "actions"


def test_power_use_rotates_but_knight_and_infantry_do_not_turn() -> None:
    """§11.8 Note on Using Special Powers: a power turns its card (Knight and Infantry excepted)."""
    s = scen(phase="move", fiefs={"0": {"territories": [FIELD, FIELD], "free": ["Knight", "Infantry"]}})
    play(s, "march Knight1 to I01", "march Knight1 to F1", "march Infantry1 to I01")
    assert not s.rot[cid("Knight1")] and not s.rot[cid("Infantry1")]


def test_ruling_r27_a_troop_fighting_in_the_battle_cannot_use_its_power() -> None:
    """§11.8 (ruling R27, Note on Using Special Powers): a Priest or Bowman directly involved in the battle
    cannot use its power; only the two sides' Priests and Bowmen act."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Soldier"]}},
             away={"F1": {"0": ["Priest", "Soldier"]}})
    a_soldier, d_soldier = one(s, "Soldier", 0), one(s, "Soldier", 1)
    play(s, "attack 1 at F1", "enlist Priest1", f"enlist {a_soldier}", f"engage 1 with {d_soldier}",
         f"first {a_soldier}")
    assert s.battle is None  # the attacker's Priest fights in the army: no powers window opened


def test_priests_and_bowmen_of_third_players_stay_out() -> None:
    """§11.8 Note on Using Special Powers: out of turn only the attacked player (or allies) may use powers."""
    s = scen(players=3, phase="war",
             fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD], "free": ["Soldier"]},
                    "2": {"territories": [FIELD]}},
             away={"F1": {"0": ["Soldier"]}, "I12": {"2": ["Bowman", "Priest"]}})
    play(s, "attack 1 at F1", f"enlist {one(s, 'Soldier', 0)}", f"engage 1 with {one(s, 'Soldier', 1)}")
    assert s.battle is None and 2 not in [e.get("seat") for e in s.events(None) if e["kind"] in ("heal", "shoot")]
