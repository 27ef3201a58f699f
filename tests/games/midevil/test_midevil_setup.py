"""MidEvil §2 components and §3 game setup (docs/rules/midevil.md)."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

import medieval
from medieval.core.errors import InvalidOptionError
from medieval.games.midevil import MidEvilState
from medieval.games.midevil.components import CARDS, EVENT_DECK, LEAVE_OUT, TILES, tile_by_name
from tests.games.midevil.helpers import ALTAR_CENTRE, pawn_xy


def _new(players: int, seed: int = 1) -> MidEvilState:
    s = medieval.make("midevil", players).new_game(seed)
    assert isinstance(s, MidEvilState)
    return s


def test_components_base_set_counts() -> None:
    """§2.1: 40 white, 40 red, 20 blue skeletons, 50 Humans, 30 tiles, 50 event cards, pawns."""
    s = _new(4)
    c = s.components()
    assert (c[("skeleton", "white")], c[("skeleton", "red")], c[("skeleton", "blue")]) == (40, 40, 20)
    assert c["human"] == 50
    assert c["pawn"] == 4
    assert sum(v for k, v in c.items() if isinstance(k, tuple) and k[0] == "tile") == 30
    assert sum(v for k, v in c.items() if isinstance(k, tuple) and k[0] == "card") == 50
    assert len(TILES) == 30
    assert sum(card.copies for card in CARDS) == 50


def test_components_rulebook_names_kept() -> None:
    """§2/§4/§7: the Altar and the Graveyard have centre squares, the Bridge has water around its deck,
    the Smith has a furnace; the Necronomicon, the Horse and the Catapult are event cards."""
    altar, grave = tile_by_name("Altar"), tile_by_name("Graveyard")
    assert altar.start and altar.centre == "altar" and altar.grid[1][1] == "A"
    assert grave.centre == "graveyard" and grave.grid[1][1] == "C"
    bridge = tile_by_name("Bridge")
    assert all(row[0] == "~" and row[2] == "~" and row[1] == "=" for row in bridge.grid)
    assert "F" in "".join(tile_by_name("Smith").grid)
    names = {c.name for c in CARDS}
    assert {"Necronomicon", "Horse", "Catapult"} <= names
    assert [c.copies for c in CARDS if c.name == "Necronomicon"] == [1]


def test_option_leave_out_for_the_design_review() -> None:
    """Option ``leave_out`` (the design review of our content, not a way to play): every copy of one event
    card, one named tile or one shape of unnamed tile is out of the game; the Necronomicon, the Altar and
    the Graveyard cannot be left out."""
    s = medieval.make("midevil", 4, leave_out="Healing Herbs").new_game(1)
    c = s.components()
    assert c[("card", "Healing Herbs")] == 0 and sum(v for k, v in c.items() if isinstance(k, tuple)
                                                     and k[0] == "card") == 46
    s = medieval.make("midevil", 4, leave_out="fork tiles").new_game(1)
    assert sum(v for k, v in s.components().items() if isinstance(k, tuple) and k[0] == "tile") == 25
    assert LEAVE_OUT["bend tiles"][1] and not {"Necronomicon", "Altar", "Graveyard"} & set(LEAVE_OUT)
    with pytest.raises(InvalidOptionError):
        medieval.make("midevil", 4, leave_out="Graveyard")


def test_components_designed_content_marked_ours() -> None:
    """§2.1, Components: the tile and card lists are not public; the data files say they are our
    design."""
    for name in ("tiles.json", "cards.json"):
        data = json.loads(resources.files("medieval.games.midevil").joinpath("data", name).read_text())
        assert data["design"] == "ours"
        assert "OUR DESIGN" in data["about"]
        items = data.get("tiles") or data.get("cards")
        assert all("source" in item for item in items)
    assert all(t.source for t in TILES) and all(c.source for c in CARDS)
    assert sum(1 for t in TILES if t.named) == 14


def test_setup_necronomicon_set_aside_and_deck_shuffled() -> None:
    """§2.2: the Necronomicon is taken out of the event deck; the rest is shuffled."""
    a, b = _new(3, 1), _new(3, 2)
    for s in (a, b):
        assert all(CARDS[c].name != "Necronomicon" for c in s.deck + [x for h in s.hands for x in h])
        assert len(s.deck) + sum(len(h) for h in s.hands) == 49
        assert s.view(None)["book"] == {"status": "set_aside", "holder": None, "square": None}
    assert a.deck != b.deck
    assert Counter(a.deck + [x for h in a.hands for x in h]) == Counter(EVENT_DECK)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_each_player_three_humans_three_cards(players: int) -> None:
    """§2.3: each player takes a pawn, 3 Humans and 3 event cards; the other Humans form the supply."""
    s = _new(players)
    assert s.humans == [3] * players
    assert [len(h) for h in s.hands] == [3] * players
    assert s.supply == 50 - 3 * players


def test_setup_altar_in_the_middle_pawns_on_its_centre() -> None:
    """§2.5: the Altar tile is in the middle of the table, every pawn on its middle square."""
    s = _new(4)
    assert s.tiles[0] == [tile_by_name("Altar").index, 0, 0, 0]
    assert all(pawn_xy(s, p) == ALTAR_CENTRE for p in range(4))
    assert s.view(None)["altar"] == ALTAR_CENTRE


def test_setup_skeleton_pools_by_colour() -> None:
    """§2.4: the skeletons, separated by colour, form the pool."""
    s = _new(2)
    assert s.pool == [40, 40, 20]
    assert s.view(None)["pool"] == {"white": 40, "red": 40, "blue": 20}


def test_setup_tiles_shuffled_and_random_first_player() -> None:
    """§2.6-§2.7: the other tiles are shuffled; a random player goes first (and draws the first tile)."""
    firsts = set()
    drawn = set()
    for seed in range(40):
        s = _new(4, seed)
        firsts.add(s.first)
        assert s.turn == s.first
        assert s.phase == "place" and s.drawn >= 0
        assert len(s.tile_deck) == 28
        drawn.add(s.drawn)
    assert firsts == {0, 1, 2, 3}
    assert len(drawn) > 5
