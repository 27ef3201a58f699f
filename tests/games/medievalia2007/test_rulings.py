"""Rulings without a better home (docs/rules/medievalia2007.md, Rulings)."""

from __future__ import annotations

from medieval.games.medievalia2007 import components as C
from medieval.games.medievalia2007.fief import add_mark, production
from tests.games.medievalia2007.helpers import FIELD, cid, find, one, scen
from tests.support import legal, play


def test_ruling_r7_one_production_per_card() -> None:
    """§4.2 (ruling R7, "1 production = 1 card"): each card produces one resource, once per turn; raised only
    by linked cards and Artists."""
    for f in range(C.NFACES):
        if C.F_PROD[f] >= 0:
            assert C.F_KIND[f] in (C.CITY, C.TERR, C.TROOP)
    s = scen(fiefs={"0": {"territories": [FIELD, FIELD]}}, hands={"0": ["Worker", "Worker"]})
    f1, f2 = find(s, "Field", 0)
    play(s, "play Worker", f"produce {f1}")
    play(s, "play Worker")
    assert f"produce {f1}" not in legal(s) and f"produce {f2}" in legal(s)


def test_ruling_r12_two_troops_per_territory_and_artist_groups_of_three() -> None:
    """§4.3, §11.7 (ruling R12): a territory or City holds at most 2 troops (its two small symbols); an Artist doubles
    at most three cards of a group."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker", "Worker"],
                                           "buildings": ["Church", "Stable"]}, FIELD],
                          "free": ["Worker"]}})
    field = find(s, "Field", 0)[0]
    free = next(w for w in find(s, "Worker", 0) if s.host[cid(w)] < 0)
    assert f"move {free} to {field}" not in legal(s)
    add_mark(s, cid(field), 4, 1)
    assert production(s, cid(field)) == 3 * 2 + 2  # 5 linked cards: 3 doubled, 2 as they are


def test_ruling_r18_bonus_placed_automatically_when_no_damage_comes() -> None:
    """§4.8 (ruling R18): the +0/1 placement is asked only of a group that takes damage."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD, {"face": "Forest"}]}},
             away={"F1": {"0": ["Infantry", "Worker", "Bowman"]}})
    play(s, "attack 1 at F1", "enlist Infantry1", f"enlist {one(s, 'Worker', 0)}", "enlist Bowman1",
         f"aim at {one(s, 'Forest', 1)}")
    # the unguarded Forest strikes nothing back: the Infantry's bonus went without a question
    assert s.battle is None and "bolster" not in [e["kind"] for e in s.events(None)]


def test_ruling_r37_priests_heal_only_their_own_side() -> None:
    """§11.1 (ruling R37): a Priest reduces damage on a troop of its own side (or an ally's), never an enemy's."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD], "free": []},
                                 "1": {"territories": [FIELD, FIELD], "free": ["Soldier", "Priest"]}},
             away={"F1": {"0": ["Soldier"]}})
    a, d = one(s, "Soldier", 0), one(s, "Soldier", 1)
    play(s, "attack 1 at F1", f"enlist {a}", f"engage 1 with {d}", "hold")
    heals = [m for m in legal(s) if m.startswith("heal ")]
    assert heals == [f"heal {one(s, 'Priest', 1)} on {d}"]
