"""Box Contents and Card Layout: the 110 cards, with the values the rulebook prints kept exact."""

from __future__ import annotations

from collections import Counter

from medieval.games.medievalia2007 import components as C


def _count(*faces: str) -> int:
    return sum(C.F_COUNT[C.FACE_INDEX[f]] for f in faces)


def test_box_contents_counts() -> None:
    """§1.1 Box Contents: 4 City, 2 Memo, 17 buildings, 38 territories, 20 military, 29 character = 110."""
    assert C.NCARDS == 110
    assert _count("City") == 4 and _count("Memo") == 2
    assert _count("Bank", "School", "Church", "Stable", "Blacksmith", "Carpenter", "Workshop") == 14
    assert all(C.F_COUNT[C.FACE_INDEX[f]] == 2 for f in ("Bank", "School", "Church", "Stable", "Blacksmith",
                                                        "Carpenter", "Workshop"))
    assert _count("Tower") == _count("Fortress") == _count("Castle") == 1
    assert (_count("Field"), _count("Farm"), _count("Forest"), _count("Mine")) == (12, 12, 7, 7)
    assert (_count("Soldier"), _count("Priest"), _count("Bowman"), _count("Knight"), _count("Infantry")) == (
        8, 3, 3, 3, 3)
    assert (_count("Worker"), _count("Merchant"), _count("Artist"), _count("Bureaucrat")) == (20, 3, 3, 3)


def test_three_decks_hold_the_right_cards() -> None:
    """§2.1 Game Preparation 1: a Territory deck, a Military deck and a Character deck."""
    by_deck = [Counter(C.FACES[C.FACE[c]] for c in ids) for ids in C.DECK_IDS]
    assert sum(by_deck[0].values()) == 38 and set(by_deck[0]) == {"Field", "Farm", "Forest", "Mine"}
    assert sum(by_deck[1].values()) == 20 and set(by_deck[1]) == {"Soldier", "Priest", "Bowman", "Knight",
                                                                  "Infantry"}
    assert sum(by_deck[2].values()) == 29 and set(by_deck[2]) == {"Worker", "Merchant", "Artist", "Bureaucrat"}


def test_rulebook_values_are_exact() -> None:
    """§1.2 The values the rulebook gives: City 1 workforce; Field costs 1 workforce and makes 1 food;
    Worker (Farmer) 1/1; Soldier 2/2; Knight 4/2; Tower 1/4; Fortress 1/5; Castle 2/6 (2 VP)."""
    f = C.FACE_INDEX
    assert C.F_PROD[f["City"]] == C.WORK
    assert C.F_COST[f["Field"]] == (0, 0, 0, 1) and C.F_PROD[f["Field"]] == C.FOOD
    assert C.F_PROD[f["Farm"]] == C.FOOD and C.F_PROD[f["Forest"]] == C.ENERGY and C.F_PROD[f["Mine"]] == C.GOLD
    strengths = {n: (C.F_ATT[f[n]], C.F_DEF[f[n]]) for n in ("Worker", "Soldier", "Knight", "Tower", "Fortress",
                                                            "Castle")}
    assert strengths == {"Worker": (1, 1), "Soldier": (2, 2), "Knight": (4, 2), "Tower": (1, 4),
                         "Fortress": (1, 5), "Castle": (2, 6)}
    assert C.F_PROD[f["Worker"]] == C.WORK  # "cards that produce workforces" raise a territory
    assert C.F_VP[f["Castle"]] == 2
    assert all(C.F_VP[i] == 1 for i in range(C.NFACES) if C.F_KIND[i] in (C.CIVIL, C.MILB) and C.FACES[i] != "Castle")


def test_building_memo_links_buildings_and_characters() -> None:
    """§4.7 Civilian Buildings: Church-Priest, Carpenter-Bowman, Stable-Knight, Blacksmith-Infantry,
    Bank-Merchant, Workshop-Artist, School-Bureaucrat."""
    links = {C.FACES[i]: C.FACES[C.F_UNLOCKS[i]] for i in range(C.NFACES) if C.F_UNLOCKS[i] >= 0}
    assert links == {"Church": "Priest", "Carpenter": "Bowman", "Stable": "Knight", "Blacksmith": "Infantry",
                     "Bank": "Merchant", "Workshop": "Artist", "School": "Bureaucrat"}
    for building, troop in links.items():
        assert C.F_NEEDS[C.FACE_INDEX[troop]] == C.FACE_INDEX[building]
    assert C.F_NEEDS[C.FACE_INDEX["Soldier"]] == -1 and C.F_NEEDS[C.FACE_INDEX["Worker"]] == -1


def test_design_values_are_marked_as_ours() -> None:
    """§1.2 Components (our design): every value the rulebook does not print is listed as designed."""
    for row in C.FACE_ROWS:
        assert isinstance(row["rulebook"], list) and isinstance(row["designed"], list)
        printed = set(row["rulebook"]) | set(row["designed"])
        for key in ("cost", "attack", "defence", "produces"):
            if key in row:
                assert key in printed, (row["face"], key)
    assert "designed" in C.DATA["about"].lower() and "our design" in C.DATA["about"].lower()


def test_ruling_r34_the_farmer_is_the_worker() -> None:
    """§6.5 (ruling R34): the examples' "Farmer" is the Worker (1/1, makes workforce); there is no Farmer card."""
    assert "Farmer" not in C.FACES and "Worker" in C.FACES
    w = C.FACE_INDEX["Worker"]
    assert (C.F_ATT[w], C.F_DEF[w], C.F_PROD[w]) == (1, 1, C.WORK)


def test_powers_belong_to_the_seven_special_cards() -> None:
    """§11 Special Powers: Priest, Bowman, Knight, Infantry, Merchant, Artist, Bureaucrat."""
    powers = {C.FACES[i]: C.F_POWER[i] for i in range(C.NFACES) if C.F_POWER[i]}
    assert powers == {"Priest": "priest", "Bowman": "bowman", "Knight": "knight", "Infantry": "infantry",
                      "Merchant": "merchant", "Artist": "artist", "Bureaucrat": "bureaucrat"}
    # the characters with a production capacity and a power (Note on Using Special Powers)
    assert all(C.F_PROD[C.FACE_INDEX[f]] >= 0 for f in ("Priest", "Merchant", "Bureaucrat", "Artist"))
    assert C.F_MOVES[C.FACE_INDEX["Knight"]] == 2 and C.F_MOVES[C.FACE_INDEX["Soldier"]] == 1
