"""§1 Components and §2 Setup (docs/rules/medievallons.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from medieval.core.errors import InvalidOptionError
from medieval.games.medievallons import MedievallonsGame
from medieval.games.medievallons.components import GUILDS, KINDS
from tests.support import game


def test_components_thirteen_guilds_of_eight_and_the_end_card() -> None:
    """§1.1 / §1.2: 104 cards, 8 of each of 13 guilds, and one End of Game card."""
    assert len(KINDS) == 13
    assert set(KINDS) == {"Artisan", "Assassin", "Beggar", "Jester", "Knight", "Merchant", "Monk", "Noble",
                          "Priest", "Prowler", "Star", "Witch", "Wizard"}
    state = game(MedievallonsGame, 4).new_game(1)
    comps = state.components()
    assert comps["End of Game"] == 1
    assert {k: v for k, v in comps.items() if k != "End of Game"} == {k: 8 for k in KINDS}
    assert sum(comps.values()) == 105


def test_components_card_powers_section_is_the_reference() -> None:
    """§1.3: the summary table lists 11 guilds; the Card Powers section's 13 (with Wizard and Priest)
    are the reference, each with its power text in the data file."""
    assert all(g.power for g in GUILDS)
    assert {"Wizard", "Priest"} <= {g.name for g in GUILDS}


def test_setup_six_cards_each_first_discard_revealed_end_card_red() -> None:
    """§2.1 / §2.3 / §2.4: 6 cards each, one discard face up, the rest the draw pile on the red End card."""
    state = game(MedievallonsGame, 4).new_game(7)
    v = state.view(0)
    assert v["hand_counts"] == [6, 6, 6, 6]
    assert v["hand"] is not None and len(v["hand"]) == 6
    assert len(v["discard"]) == 1 and v["discard_top"] in KINDS
    assert v["draw_count"] == 104 - 24 - 1
    assert v["end_card"] == "red"
    assert v["pile_runs_out"] == 0
    assert v["guilds"] == [] and v["phase"] == "turn"


def test_setup_two_players_end_card_yellow_side_up() -> None:
    """§2.2: with 2 players the End of Game card starts yellow side up."""
    v = game(MedievallonsGame, 2).new_game(3).view(None)
    assert v["end_card"] == "yellow"
    assert v["draw_count"] == 104 - 12 - 1


def test_setup_random_first_player() -> None:
    """§2.5: the first player is drawn at random (reproducibly from the seed)."""
    firsts = {game(MedievallonsGame, 4).new_game(seed).view(None)["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    a, b = game(MedievallonsGame, 4).new_game(11), game(MedievallonsGame, 4).new_game(11)
    assert a.to_move == b.to_move == (a.view(None)["first_player"],)


def test_setup_hands_are_hidden() -> None:
    """§2.3: nobody sees another hand: views show counts, the deal log is redacted for others."""
    state = game(MedievallonsGame, 3).new_game(5)
    v1 = state.view(1)
    assert "hands" not in v1 and v1["hand_counts"] == [6, 6, 6]
    deal0 = [e for e in state.events(1) if e["kind"] == "deal" and e["seat"] == 0]
    assert deal0 == [{"kind": "deal", "seat": 0, "count": 6}]
    mine = [e for e in state.events(0) if e["kind"] == "deal" and e["seat"] == 0]
    assert Counter(mine[0]["cards"]) == Counter(state.view(0)["hand"])
    assert state.view(None)["hand"] is None


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts_are_two_to_six(players: int) -> None:
    """R11: 2 to 6 players."""
    with pytest.raises(InvalidOptionError):
        game(MedievallonsGame, players)


def test_options_are_validated() -> None:
    """Rules document, "Options": rule options are checked: unknown names and values are refused with a clear error."""
    with pytest.raises(InvalidOptionError, match="no option"):
        game(MedievallonsGame, 3, nonsense=True)
    with pytest.raises(InvalidOptionError, match="must be one of"):
        game(MedievallonsGame, 3, alt_ranking="sideways")
