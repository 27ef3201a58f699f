"""The rulebook's three combat examples (Combat Examples) and its food example (Limits to Characters),
played as stories with the same outcomes."""

from __future__ import annotations

from medieval.games.medievalia2007 import Medievalia2007State
from medieval.games.medievalia2007.upkeep import food_capacity, upkeep
from tests.games.medievalia2007.helpers import FIELD, alive, find, one, scen
from tests.support import last, legal, play


def test_example_1_single_troop_attacking() -> None:
    """§6.5 Combat Examples, Example 1: A's Soldier goes to the intermediate Fief, next turn into B's Fief;
    B deploys his available Farmer: the Soldier takes 1 and survives, the Farmer takes 2 and dies."""
    s = scen(phase="move",
             fiefs={"0": {"territories": [FIELD], "free": ["Soldier"]},
                    "1": {"territories": [FIELD], "free": ["Worker"]}})
    soldier = one(s, "Soldier", 0)
    farmer = one(s, "Worker", 1)
    play(s, f"march {soldier} to I01")
    assert s.active == 1  # no other move, nothing to fight in the intermediate Fief: the turn passed
    play(s, "draw territory", "end actions", "end moves")  # B keeps his Farmer home; no war: turn over
    play(s, "draw territory", "end actions", f"march {soldier} to F1", "attack 1 at F1")
    assert legal(s) == [f"enlist {soldier}"]  # not in his own Fief: all troops must fight
    play(s, f"enlist {soldier}")
    assert s.to_move == (1,)
    assert set(legal(s)) == {f"engage 1 with {farmer}", "hold"}
    play(s, f"engage 1 with {farmer}")
    assert s.battle is None
    assert damage_taken(s) == {soldier: 1, farmer: 2}
    assert alive(s, soldier) and not alive(s, farmer)
    assert last(s, "casualties")["cards"] == [farmer]
    assert s.active == 1  # the battle was the attacker's last option: his turn ended


def damage_taken(s: Medievalia2007State) -> dict[str, int]:
    """Damage dealt in the last battle, from the log."""
    ev = s.events(None)
    start = max(i for i, e in enumerate(ev) if e["kind"] == "fight")
    out: dict[str, int] = {}
    for e in ev[start:]:
        if e["kind"] == "damage":
            out.update(e["damage"])
    return out


def _example_2_and_3_defender() -> dict[str, object]:
    return {"territories": [{"face": "Field", "troops": ["Worker"]}, FIELD, FIELD],
            "free": [{"face": "Worker", "rotated": True}, {"face": "Priest", "rotated": True}, "Soldier",
                     "Worker"]}


def test_example_2_army_attacking() -> None:
    """§6.5 Combat Examples, Example 2: a Knight and a Soldier form an army (6 attack, 4 defence). The
    defender has a used Farmer and Priest, an available Soldier and Farmer, and a guarding Farmer; he
    deploys both available troops (3 attack, 3 defence). One attacker dies absorbing 2, the other
    takes the last point and survives; both defenders die."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]}, "1": _example_2_and_3_defender()},
             away={"F1": {"0": ["Knight", "Soldier"]}})
    knight, soldier = one(s, "Knight", 0), one(s, "Soldier", 0)
    d_soldier = one(s, "Soldier", 1)
    play(s, "attack 1 at F1", f"enlist {knight}", f"enlist {soldier}")
    # only the available Soldier and Farmer may be deployed (not the used ones, not the guard)
    assert set(legal(s)) == {f"engage 1 with {d_soldier}", "engage 1 with Worker3", "hold"}
    play(s, f"engage 1 with {d_soldier}", "engage 1 with Worker3")
    # the attacker orders the damage on his army: the Knight first absorbs 2 and dies
    assert s.to_move == (0,) and set(legal(s)) == {f"first {knight}", f"first {soldier}"}
    play(s, f"first {knight}")
    play(s, f"first {d_soldier}")  # 6 damage on 3 defence: both die whatever the order
    assert s.battle is None
    assert damage_taken(s)[knight] == 2 and damage_taken(s)[soldier] == 1  # absorbing 2, then 1
    assert not alive(s, knight) and alive(s, soldier)
    assert not alive(s, d_soldier) and not alive(s, "Worker3")
    assert alive(s, "Worker1") and alive(s, "Worker2") and alive(s, one(s, "Priest", 1))


def test_example_2_other_damage_order() -> None:
    """§6.5 Example 2, the owner's other choice: the Soldier absorbs first and dies, the Knight survives."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]}, "1": _example_2_and_3_defender()},
             away={"F1": {"0": ["Knight", "Soldier"]}})
    knight, soldier = one(s, "Knight", 0), one(s, "Soldier", 0)
    d_soldier = one(s, "Soldier", 1)
    play(s, "attack 1 at F1", f"enlist {knight}", f"enlist {soldier}",
         f"engage 1 with {d_soldier}", "engage 1 with Worker3", f"first {soldier}", f"first {d_soldier}")
    assert alive(s, knight) and not alive(s, soldier)


def test_example_3_separated_troops_attacking() -> None:
    """§6.5 Combat Examples, Example 3: three troops attack separately, the defender's two troops engage
    separately. Soldier v Soldier: both die. Soldier v Farmer: the Soldier survives, the Farmer dies.
    The unengaged Knight destroys a Forest with a building on it (unguarded: no +0/1 bonus)."""
    s = scen(phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD]},
                    "1": {"territories": [FIELD, {"face": "Forest", "buildings": ["Bank"]}],
                          "free": ["Soldier", "Worker"]}},
             away={"F1": {"0": ["Soldier", "Soldier", "Knight"]}})
    s1, s2 = find(s, "Soldier", 0)
    knight = one(s, "Knight", 0)
    d_soldier, farmer = one(s, "Soldier", 1), one(s, "Worker", 1)
    forest, bank = one(s, "Forest", 1), one(s, "Bank", 1)
    play(s, "attack 1 at F1", f"enlist {s1}", "new army", f"enlist {s2}", "new army", f"enlist {knight}",
         f"engage 1 with {d_soldier}", f"engage 2 with {farmer}")
    assert s.to_move == (0,) and f"aim at {forest}" in legal(s)
    play(s, f"aim at {forest}")
    assert s.battle is None
    assert not alive(s, s1) and not alive(s, d_soldier)  # pairing 1: both die
    assert alive(s, s2) and not alive(s, farmer)  # pairing 2
    assert alive(s, knight) and not alive(s, forest) and not alive(s, bank)  # pairing 3


def test_food_example_three_food_keep_six_characters() -> None:
    """§12.1 Limits to Characters, example: 3 food on the board (1 from a building, 2 from two Fields)
    maintain at most 6 characters."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "buildings": ["Church"]}, FIELD],
                          "free": ["Worker"] * 5}},
             hands={"0": ["Worker", "Worker"]})
    assert food_capacity(s, 0) == 3
    assert "play Worker" in legal(s)  # the 6th fits
    play(s, "play Worker", "produce Field1")
    assert upkeep(s, 0) == 6
    assert "play Worker" not in legal(s)  # a 7th could not be fed


def test_food_example_seven_characters_force_a_disband() -> None:
    """§12.3 Limits to Characters: a player who cannot maintain all his characters removes the excess at once."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "buildings": ["Church"]}, FIELD],
                          "free": ["Worker"] * 7}})
    assert s.excess[0] == 1 and s.to_move == (0,)
    assert all(a.startswith("disband ") for a in legal(s))
    play(s, legal(s)[0])
    assert s.excess[0] == 0 and upkeep(s, 0) == 6
