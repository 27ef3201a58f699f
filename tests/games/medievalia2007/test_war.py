"""External Movement and War (§5-§7) and the rulings on battles (R14-R19, R26, R32-R36)."""

from __future__ import annotations

from typing import Any

from medieval.games.medievalia2007 import Medievalia2007State
from medieval.games.medievalia2007.components import DEF
from medieval.games.medievalia2007.fief import production
from medieval.games.medievalia2007.upkeep import upkeep
from tests.games.medievalia2007.helpers import FIELD, alive, cid, find, one, scen
from tests.support import last, legal, play


def _fight_at_f1(defender: dict[str, Any], attackers: list[Any]) -> Medievalia2007State:
    return scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD, FIELD]}, "1": defender},
                away={"F1": {"0": attackers}})


# ---------------------------------------------------------------------------------------------- movement
def test_ruling_r14_external_movement_once_per_troop_to_an_adjacent_fief() -> None:
    """§5 (ruling R14): once per turn a troop moves to an adjacent Fief, without turning; only unused
    troops move; an attached troop may march off its territory."""
    s = scen(phase="move", fiefs={"0": {"territories": [{"face": "Field", "troops": ["Soldier"]}, FIELD],
                                        "free": [{"face": "Soldier", "rotated": True}]}})
    on_field, _used = find(s, "Soldier", 0)
    assert [m for m in legal(s) if m.startswith("march ")] == [f"march {on_field} to I01"]
    play(s, f"march {on_field} to I01")
    assert s.host[cid(on_field)] == -1 and not s.rot[cid(on_field)] and s.active == 1  # nothing left: turn over


def test_ruling_r15_unused_enemies_block_passing_through_an_intermediate_fief() -> None:
    """§7.2 / ruling R15: troops cannot move through an intermediate Fief held by unused hostile troops;
    they can always go back to their own Fief."""
    s = scen(phase="move", fiefs={"0": {"territories": [FIELD], "free": ["Knight"]},
                                  "1": {"territories": [FIELD]}},
             away={"I01": {"1": ["Soldier"]}})
    play(s, "march Knight1 to I01")
    assert legal(s) == ["march Knight1 to F0", "end moves"]
    s2 = scen(phase="move", fiefs={"0": {"territories": [FIELD], "free": ["Knight"]},
                                   "1": {"territories": [FIELD]}},
              away={"I01": {"1": [{"face": "Soldier", "rotated": True}]}})
    play(s2, "march Knight1 to I01")
    assert "march Knight1 to F1" in legal(s2)  # a used enemy does not block


def test_troops_can_always_leave_a_fief_with_enemies_inside() -> None:
    """§6.4: enemy troops in your Fief do not block you."""
    s = scen(phase="move", fiefs={"0": {"territories": [FIELD], "free": ["Soldier"]},
                                  "1": {"territories": [FIELD]}},
             away={"F0": {"1": ["Soldier"]}})
    assert f"march {one(s, 'Soldier', 0)} to I01" in legal(s)


def test_ruling_r1_fief_adjacency() -> None:
    """§5 (ruling R1): an intermediate Fief between neighbouring seats (one for 2 players, a ring for 3-4);
    layout='all_pairs' puts one between every pair."""
    two = scen().game
    assert two.loc_names == ("F0", "F1", "I01")
    three = scen(players=3).game
    assert three.loc_names == ("F0", "F1", "F2", "I01", "I02", "I12")
    ring = scen(players=4).game
    assert ring.loc_names == ("F0", "F1", "F2", "F3", "I01", "I12", "I23", "I03")
    assert sorted(ring.loc_names[i] for i in ring.adj[0]) == ["I01", "I03"]
    pairs = scen(players=4, options={"layout": "all_pairs"}).game
    assert len(pairs.loc_names) == 10 and sorted(pairs.loc_names[i] for i in pairs.adj[0]) == ["I01", "I02", "I03"]


# ---------------------------------------------------------------------------------------------- war
def test_war_needs_troops_where_the_enemy_has_cards_or_a_bowman() -> None:
    """§6.1: to attack, troops must be in a Fief with an opponent's cards, or a Bowman in range."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD], "free": ["Soldier"]}, "1": {"territories": [FIELD]}})
    assert s.phase == "draw" and s.active == 1  # nothing to attack from home: the turn ended


def test_city_and_military_buildings_do_not_start_battles() -> None:
    """§6.2: the City and military buildings fight only when attacked directly."""
    s = scen(phase="war", fiefs={"0": {"city": {"buildings": ["Tower"]}, "territories": [FIELD]},
                                 "1": {"territories": [FIELD]}},
             away={"F0": {"1": ["Soldier"]}})
    assert s.active == 1  # seat 0 has no troop: its Tower and City cannot attack, the turn ended


def test_attacker_cannot_use_used_or_guarding_troops_at_home() -> None:
    """§6.3 step 1: the attacker cannot use activated or guarding troops (in his own Fief he may choose)."""
    s = scen(phase="war", fiefs={"0": {"territories": [{"face": "Field", "troops": ["Soldier"]}, FIELD],
                                       "free": [{"face": "Soldier", "rotated": True}, "Knight"]},
                                 "1": {"territories": [FIELD]}},
             away={"F0": {"1": ["Worker"]}})
    play(s, "attack 1 at F0")
    assert legal(s) == ["enlist Knight1"]
    play(s, "enlist Knight1")  # nothing else may fight: the charge follows
    assert s.to_move == (1,)


def test_ruling_r33_battle_at_home_targets_only_the_intruders() -> None:
    """§6.3.2 (ruling R33): in a Fief that is not the defender's, only the defender's troops there are targets;
    the defender out of his Fief must deploy all his available troops."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD], "free": ["Knight", "Knight"]},
                                 "1": {"territories": [FIELD, FIELD]}},
             away={"F0": {"1": ["Soldier", "Worker"]}})
    k1, k2 = find(s, "Knight", 0)
    soldier, worker = one(s, "Soldier", 1), one(s, "Worker", 1)
    play(s, "attack 1 at F0", f"enlist {k1}", "new army", f"enlist {k2}")
    assert "hold" not in legal(s)  # away from home: all must be deployed
    play(s, f"engage 1 with {soldier}", f"engage 1 with {worker}")
    assert legal(s) == ["aim at band 1", "stand"]


def test_defender_deploys_only_available_troops_and_may_hold() -> None:
    """§6.3 step 2: the defender deploys available troops (not used, not guarding) or none."""
    s = _fight_at_f1({"territories": [{"face": "Field", "troops": ["Soldier"]}, FIELD],
                      "free": ["Worker", {"face": "Soldier", "rotated": True}]}, ["Knight"])
    play(s, "attack 1 at F1", "enlist Knight1")
    worker = one(s, "Worker", 1)
    assert legal(s) == [f"engage 1 with {worker}", "hold"]


def test_unengaged_army_may_target_a_used_defender() -> None:
    """§6.3 step 3: an unengaged army may hit a territory, the City, or any defending troop, used or not."""
    s = _fight_at_f1({"territories": [FIELD, {"face": "Forest", "troops": ["Worker"]}],
                      "free": [{"face": "Soldier", "rotated": True}]}, ["Knight"])
    play(s, "attack 1 at F1", "enlist Knight1")
    targets = legal(s)
    used = one(s, "Soldier", 1)
    assert f"aim at {used}" in targets and "aim at City2" in targets and "stand" in targets
    assert f"aim at {one(s, 'Forest', 1)}" in targets and f"aim at {one(s, 'Worker', 1)}" not in targets
    play(s, f"aim at {used}")
    assert not alive(s, used) and not alive(s, "Knight1")  # 4 on a 2/2, and it strikes back 2 on a 4/2


def test_guarded_territory_needs_the_guard_dead_and_one_more_point() -> None:
    """§6.4: the guard must be destroyed first, then 1 more attack point destroys the
    territory."""
    s = _fight_at_f1({"territories": [FIELD, {"face": "Forest", "troops": ["Soldier"]}]}, ["Soldier"])
    forest, guard = one(s, "Forest", 1), one(s, "Soldier", 1)
    attacker = one(s, "Soldier", 0)
    play(s, "attack 1 at F1", f"enlist {attacker}", f"aim at {forest}")
    assert not alive(s, guard) and alive(s, forest)  # 2 points: the guard only
    s2 = _fight_at_f1({"territories": [FIELD, {"face": "Forest", "troops": ["Soldier"]}]}, ["Soldier", "Worker"])
    forest2 = one(s2, "Forest", 1)
    worker = one(s2, "Worker", 0)
    play(s2, "attack 1 at F1", *[f"enlist {n}" for n in [*find(s2, "Soldier", 0), worker]], f"aim at {forest2}",
         f"first {worker}")
    assert not alive(s2, forest2)


def test_military_building_guards_with_its_values() -> None:
    """§4.6 / §6.4: a territory with a military building is guarded by a troop of the building's values."""
    s = _fight_at_f1({"territories": [FIELD, {"face": "Forest", "buildings": ["Tower"]}]}, ["Knight"])
    forest = one(s, "Forest", 1)
    play(s, "attack 1 at F1", "enlist Knight1", f"aim at {forest}")
    assert not alive(s, "Tower1") and alive(s, forest)  # 4 points on 1/4: nothing left for the Forest
    assert alive(s, "Knight1")  # 1 back on a 4/2


def test_civilian_bonus_only_with_a_guard_city_or_military_building() -> None:
    """§4.8: +0/1 from a civilian building on a territory with a character (to it), on the City (to it),
    or with a military building (to it); an unguarded territory gets nothing (Example 3 note)."""
    s = _fight_at_f1({"territories": [FIELD, {"face": "Forest", "troops": ["Worker"], "buildings": ["Bank"]}]},
                     ["Soldier"])
    forest, worker = one(s, "Forest", 1), one(s, "Worker", 1)
    play(s, "attack 1 at F1", f"enlist {one(s, 'Soldier', 0)}", f"aim at {forest}")
    assert not alive(s, worker) and alive(s, forest)  # 2 points on a 1/1+1 guard: nothing left


def test_civilian_bonus_placed_by_the_owner() -> None:
    """§4.8: if the bonus could go to several cards, the owner decides."""
    s = _fight_at_f1({"city": {"troops": ["Worker", "Soldier"], "buildings": ["Bank"]}, "territories": [FIELD]},
                     ["Knight", "Soldier"])
    play(s, "attack 1 at F1", "enlist Knight1", f"enlist {one(s, 'Soldier', 0)}", "aim at City2", "first Knight1")
    assert s.to_move == (1,)
    assert legal(s) == [f"bolster {one(s, 'Soldier', 1)}", f"bolster {one(s, 'Worker', 1)}", "bolster City2"]


FOREST_BANK = {"face": "Forest", "troops": ["Worker"], "buildings": ["Bank"]}
#: §4.8, the rulebook's words
CIVILIAN_BONUS = ("Civilian buildings provide a defensive bonus during war of +0/1. This bonus is applicable "
                  "when: there is a character in the same territory as the building (the +0/1 goes to the "
                  "character).")


def _shot_at_forest(options: dict[str, Any] | None = None, **fief: Any) -> Medievalia2007State:
    """Seat 0's Bowman in I01, in range of seat 1's Fief: a Worker guards a Forest with a Bank."""
    return scen(options=options, phase="war",
                fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD, fief.get("forest", FOREST_BANK)]}},
                away={"I01": {"0": ["Bowman"] * fief.get("bowmen", 1)}})


def test_civilian_bonus_protects_a_guard_from_a_bowman_shot() -> None:
    """§4.8 "Civilian buildings provide a defensive bonus during war of +0/1 ... (the +0/1 goes to the
    character)": a Bowman's shot from afar is war, so the Worker (1/1) guarding a Forest with a Bank is 1/2
    and survives 1 damage (ruling R18)."""
    assert "during war of +0/1" in CIVILIAN_BONUS
    s = _shot_at_forest(bowmen=2)  # the second Bowman keeps the turn going, so the view shows the bonus
    worker, bowman = one(s, "Worker", 1), find(s, "Bowman", 0)[0]
    play(s, f"shoot {bowman} at {worker}", "pass")
    assert alive(s, worker) and s.battle is None
    assert s.view(1)["table"][worker]["bonus"] == 1 and s.view(0)["table"]["Bank1"]["bonus_placed"] is True


def test_ruling_r18_option_target_bonus_only_when_the_territory_is_attacked() -> None:
    """Ruling R18, option ``civilian_bonus="target"``: the +0/1 counts only in a battle aimed at its
    territory or City, so the same shot kills the Worker."""
    s = _shot_at_forest({"civilian_bonus": "target"})
    worker = one(s, "Worker", 1)
    play(s, f"shoot {one(s, 'Bowman', 0)} at {worker}")
    assert not alive(s, worker)


def test_civilian_bonus_holds_for_the_turn_once_placed() -> None:
    """§4.8 "the player decides each turn how it will be applied": the bonus placed at the first shot stays
    on that Worker for the turn; a second shot (2 damage on 1/2) kills it."""
    s = _shot_at_forest(bowmen=2)
    worker = one(s, "Worker", 1)
    b1, b2 = find(s, "Bowman", 0)
    play(s, f"shoot {b1} at {worker}")
    assert alive(s, worker)
    play(s, f"shoot {b2} at {worker}")
    assert not alive(s, worker)


def test_civilian_bonus_with_two_guards_is_placed_by_their_owner_after_a_shot() -> None:
    """§4.8 "If the defensive bonus can be applied to more than one card, the player decides": after a shot
    at one of two guards, the guards' owner (not the shooter) places the Bank's +0/1, then the powers window
    opens as usual (ruling R26)."""
    s = _shot_at_forest(forest={"face": "Forest", "troops": ["Worker", "Soldier"], "buildings": ["Bank"]})
    worker, soldier = one(s, "Worker", 1), one(s, "Soldier", 1)
    play(s, f"shoot {one(s, 'Bowman', 0)} at {worker}")
    assert s.to_move == (1,) and s.view(1)["pending"] == {"decision": "bonus", "seat": 1}
    assert sorted(legal(s)) == sorted([f"bolster {worker}", f"bolster {soldier}"])
    play(s, f"bolster {soldier}")
    assert s.battle is None and not alive(s, worker)  # the bonus went to the Soldier: the Worker falls
    assert last(s, "bolster") == {"kind": "bolster", "seat": 1, "card": soldier}


def test_civilian_bonus_counts_in_a_battle_elsewhere() -> None:
    """§4.8 during war: in a battle aimed at another territory, a Bowman outside the battle shoots the guard
    of the Forest with a Bank in the powers window; the bonus saves it."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [{"face": "Field"}, FOREST_BANK]}},
             away={"F1": {"0": ["Soldier"]}, "I01": {"0": ["Bowman"]}})
    worker, bowman = one(s, "Worker", 1), one(s, "Bowman", 0)
    field = one(s, "Field", 1)
    play(s, "attack 1 at F1", f"enlist {one(s, 'Soldier', 0)}", f"aim at {field}")
    assert s.battle is not None and f"shoot {bowman} at {worker}" in legal(s)
    play(s, f"shoot {bowman} at {worker}")
    while s.battle is not None:
        play(s, "pass")
    assert alive(s, worker) and not alive(s, field)


def test_civilian_bonus_unplaced_when_no_damage_comes() -> None:
    """§4.8 and ruling R18: a battle that brings no damage to the guarded Forest (a Priest, 0 attack, aims
    at it) leaves the Bank's bonus free for the turn; a later shot at the guard then takes it."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD, FOREST_BANK]}},
             away={"F1": {"0": ["Priest"]}, "I01": {"0": ["Bowman", "Bowman"]}})
    worker, forest = one(s, "Worker", 1), one(s, "Forest", 1)
    play(s, "attack 1 at F1", f"enlist {one(s, 'Priest', 0)}", f"aim at {forest}")
    while s.battle is not None:
        play(s, "pass")
    assert s.view(1)["table"]["Bank1"]["bonus_placed"] is False
    play(s, f"shoot {find(s, 'Bowman', 0)[0]} at {worker}")
    assert alive(s, worker) and s.view(1)["table"][worker]["bonus"] == 1


def test_city_fights_back_and_falls_to_enough_damage() -> None:
    """§6.2: the City fights like a troop when attacked; destroying the last enemy City is a military
    victory (§10.2)."""
    city_def = DEF[cid("City2")]
    s = _fight_at_f1({"territories": [FIELD]}, ["Knight", "Knight"])
    assert 4 < city_def <= 8
    play(s, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "military" and s.outcome.winners == (0,)


def test_ruling_r32_intermediate_battle_takes_every_troop() -> None:
    """§7.1 / ruling R32: in an intermediate Fief both sides fight as one army each, used troops too."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD, FIELD]}},
             away={"I01": {"0": ["Soldier", {"face": "Worker", "rotated": True}],
                           "1": [{"face": "Soldier", "rotated": True}, "Worker"]}})
    play(s, "attack 1 at I01")
    groups = s.battle["units"] if s.battle else []
    assert [len(u["cards"]) for u in groups] == [2, 2]
    assert [u["in"] for u in groups] == [3, 3]


def test_ruling_r36_each_attacking_troop_fights_once_per_turn() -> None:
    """§6.3 step 6 / ruling R36: several battles are possible, on different fronts with different troops."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD, FIELD]}},
             away={"I01": {"0": ["Soldier"], "1": ["Worker"]}, "F1": {"0": ["Knight"]}})
    assert set(m for m in legal(s) if m.startswith("attack")) == {"attack 1 at I01", "attack 1 at F1"}
    play(s, "attack 1 at I01")
    assert s.battle is None
    assert [m for m in legal(s) if m.startswith("attack")] == ["attack 1 at F1"]


def test_ruling_r16_one_target_per_army_and_bands_engage_one_army() -> None:
    """§6.3.3 (ruling R16): a band engages one army; an unengaged army picks one target not picked by another;
    a band hit by a second army strikes only the army it engages."""
    s = _fight_at_f1({"territories": [FIELD], "free": ["Soldier"]}, ["Soldier", "Soldier"])
    a1, a2 = find(s, "Soldier", 0)
    d = one(s, "Soldier", 1)
    play(s, "attack 1 at F1", f"enlist {a1}", "new army", f"enlist {a2}", f"engage 1 with {d}")
    assert legal(s) == ["aim at City2", f"aim at {one(s, 'Field', 1)}", "aim at band 1", "stand"]
    play(s, "aim at band 1")
    fight = last(s, "fight")
    assert [u["damage"] for u in fight["units"]] == [2, 0, 4]  # army 1, army 2 untouched, the band hit by both


def test_ruling_r17_overkill_stays_on_the_last_card() -> None:
    """§6.3.4 (ruling R17): each card in the owner's order absorbs up to its defence, the last takes the rest."""
    s = _fight_at_f1({"territories": [FIELD], "free": ["Worker"]}, ["Knight"])
    play(s, "attack 1 at F1", "enlist Knight1", f"engage 1 with {one(s, 'Worker', 1)}")
    assert last(s, "damage")["damage"] == {one_dead(s): 4}


def one_dead(s: Medievalia2007State) -> str:
    return str(last(s, "casualties")["cards"][0])


def test_ruling_r26_a_shot_from_afar_lets_the_target_side_answer() -> None:
    """§6.1 (ruling R26): a Bowman's shot outside a battle opens the Priest/Bowman window of both sides."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [FIELD, FIELD], "free": ["Worker", "Priest"]}},
             away={"I01": {"0": ["Bowman"]}})
    worker, priest = one(s, "Worker", 1), one(s, "Priest", 1)
    play(s, f"shoot {one(s, 'Bowman', 0)} at {worker}")
    assert s.to_move == (1,) and f"heal {priest} on {worker}" in legal(s)
    play(s, f"heal {priest} on {worker}")
    assert alive(s, worker)


def test_ruling_r19_losing_the_city_defeats_a_player_in_a_bigger_game() -> None:
    """§10.2 (ruling R19): in a 3-player game the player whose City falls is out; the others play on."""
    s = scen(players=3, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD]}, "2": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight", "Knight"]}})
    play(s, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert not s.is_over and s.alive == [True, False, True]
    assert s.tables[1] == [] and cid("City2") in s.removed
    assert s.active == 2  # seat 1 is skipped


def test_ruling_r35_defender_deploys_at_will_at_home_and_everything_away() -> None:
    """§6.3 / ruling R35: at home the defender deploys what he likes (or nothing); a defender who is
    not in his own Fief must deploy all his available troops."""
    home = _fight_at_f1({"territories": [FIELD], "free": ["Soldier", "Worker"]}, ["Knight"])
    play(home, "attack 1 at F1", "enlist Knight1")
    assert "hold" in legal(home)
    play(home, f"engage 1 with {one(home, 'Soldier', 1)}")
    assert "hold" in legal(home)  # the Worker may stay out
    away = scen(phase="war", fiefs={"0": {"territories": [FIELD], "free": ["Knight"]},
                                    "1": {"territories": [FIELD, FIELD]}},
                away={"F0": {"1": ["Soldier", "Worker"]}})
    play(away, "attack 1 at F0", "enlist Knight1")
    assert "hold" not in legal(away)


def test_ruling_r39_military_buildings_are_not_troops() -> None:
    """§4.6 (ruling R39): a military building guards like a troop but never moves, fights only when its
    territory is attacked, eats no food and produces nothing."""
    s = scen(phase="move", fiefs={"0": {"territories": [{"face": "Field", "buildings": ["Tower", "Castle"]}],
                                        "free": ["Soldier"]}})
    assert all("Tower" not in m and "Castle" not in m for m in legal(s))
    assert upkeep(s, 0) == 1 and production(s, cid(one(s, "Field", 0))) == 1


def test_ruling_r40_a_territory_falls_to_one_point_the_city_to_its_defence() -> None:
    """§6.4 (ruling R40): an unguarded territory (0/0) falls to any troop with 1 attack; the City needs damage
    equal to its defence once its guards are dead."""
    s = _fight_at_f1({"territories": [FIELD, {"face": "Forest"}]}, ["Worker"])
    forest = one(s, "Forest", 1)
    play(s, "attack 1 at F1", f"enlist {one(s, 'Worker', 0)}", f"aim at {forest}")
    assert not alive(s, forest)
    city_def = DEF[cid("City2")]
    s2 = _fight_at_f1({"territories": [FIELD]}, ["Knight"])
    play(s2, "attack 1 at F1", "enlist Knight1", "aim at City2")
    assert alive(s2, "City2") and city_def > 4
