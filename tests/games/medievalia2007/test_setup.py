"""Game Preparation (§2)."""

from __future__ import annotations

from collections import Counter

from medieval.games.medievalia2007.components import DECK, FACE, FACES, KIND, TERR
from tests.games.medievalia2007.helpers import hand_faces, make
from tests.support import events_of, legal, play


def test_ruling_r10_three_decks_with_the_first_card_face_up_underneath() -> None:
    """§2.1 (ruling R10): each deck's first card is placed face up under it, visible to all."""
    s = make(2).new_game(5)
    v = s.view(0)
    for d, deck in enumerate(s.decks):
        assert v["decks"][d]["bottom"] == FACES[FACE[deck[-1]]]
        assert all(DECK[c] == d for c in deck)
    assert [d["count"] for d in v["decks"]] == [38, 20, 29]


def test_ruling_r9_building_stacks_show_school_workshop_bank() -> None:
    """§2.3-4 (ruling R9): three roughly equal stacks, School, Workshop and Bank face up on top; their
    second copies are shuffled into the stacks."""
    for seed in range(5):
        s = make(2).new_game(seed)
        assert [FACES[FACE[st[0]]] for st in s.stacks] == ["School", "Workshop", "Bank"]
        assert sorted(len(st) for st in s.stacks) == [5, 6, 6]
        below = Counter(FACES[FACE[c]] for st in s.stacks for c in st[1:])
        assert below["School"] == below["Workshop"] == below["Bank"] == 1
        assert sum(below.values()) == 14


def test_each_player_has_a_city() -> None:
    """§2.2: each player places a City card in front of himself."""
    s = make(3).new_game(1)
    for p in range(3):
        assert [FACES[FACE[c]] for c in s.tables[p]] == ["City"]
        assert s.loc[s.tables[p][0]] == p


def test_ruling_r11_players_choose_eight_cards_one_by_one_in_turn() -> None:
    """§2.5 (ruling R11): the first player takes 8 cards one at a time from the decks of his choice,
    looking at each; then the next player does the same."""
    s = make(3).new_game(2)
    assert s.to_move == (0,) and legal(s) == ["take territory", "take military", "take character"]
    play(s, *["take military"] * 3, *["take territory"] * 5)
    assert len(s.hands[0]) == 8 and s.to_move == (1,)
    assert Counter(DECK[c] for c in s.hands[0]) == {1: 3, 0: 5}
    takes = events_of(s, "take", 1)
    assert all("card" not in e for e in takes)  # the others see only the deck
    mine = events_of(s, "take", 0)
    assert [e["card"] for e in mine] == [FACES[FACE[c]] for c in s.hands[0]]
    assert s.view(2)["players_info"][0]["hand_by_deck"] == {"territory": 5, "military": 3, "character": 0}
    play(s, *["take character"] * 8)
    play(s, *["take territory"] * 8)
    assert s.phase == "draw" and s.active == 0 and s.turn == 1
    assert all(len(h) == 8 for h in s.hands)


def test_turn_one_starts_with_the_first_player() -> None:
    """§3: after the preparation the first player starts the first turn by drawing."""
    s = make(2).new_game(3)
    play(s, *["take territory"] * 16)
    assert s.to_move == (0,) and legal(s) == ["draw territory", "draw military", "draw character"]
    assert all(KIND[c] == TERR for c in s.hands[0])
    assert hand_faces(s, 0) != []
