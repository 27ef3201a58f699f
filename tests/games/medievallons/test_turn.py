"""§3 Course of play and §4 The possible actions (docs/rules/medievallons.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from medieval.core.errors import IllegalActionError
from tests.games.medievallons.helpers import guilds, hand, stacked
from tests.support import do, legal


def test_course_of_play_one_action_then_draw_then_next_seat() -> None:
    """§3.1: one action, then the first card of the draw pile, then the turn passes on."""
    s = stacked(3, hands=[["Monk", "Knight"], [], []], draw=["Artisan", "Beggar", "Star"], discard=["Noble"])
    do(s, "0 play Monk")
    assert hand(s, 0) == Counter({"Knight": 1, "Artisan": 1, "Beggar": 1, "Star": 1})
    assert s.to_move == (1,)
    assert s.view(None)["turn"] == 2
    with pytest.raises(IllegalActionError):
        do(s, "0 play Knight")  # no second action


def test_course_of_play_no_hand_limit() -> None:
    """§3.1: there is no limit to the number of cards in hand."""
    big = ["Monk"] * 8 + ["Knight"] * 8 + ["Noble"] * 8
    s = stacked(3, hands=[big, [], []])
    do(s, "0 play Monk")
    assert sum(hand(s, 0).values()) == 24 - 1 + 2 + 1


def test_play_a_card_power_first_then_discard() -> None:
    """§4.1: the card is revealed, its power resolved, and only then put on the discard pile
    (so an Artisan takes the card that was on top before it)."""
    s = stacked(3, hands=[["Artisan"], [], []], discard=["Witch"], draw=["Star"])
    do(s, "0 play Artisan")
    assert hand(s, 0) == Counter({"Witch": 1, "Star": 1})
    assert s.view(None)["discard"][-1:] == ["Artisan"]


def test_lay_a_guild_three_alike_and_its_power() -> None:
    """§4.2: three or more cards of a kind are laid as a guild, and laying activates its power."""
    s = stacked(3, hands=[["Monk", "Monk", "Monk", "Knight"], [], []], draw=["Star", "Beggar", "Noble"])
    assert "lay Monk Monk Monk" in legal(s, 0)
    do(s, "0 lay Monk Monk Monk")
    assert [(g["label"], g["cards"]) for g in guilds(s, 0)] == [("Monk#1", ["Monk"] * 3)]
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Beggar": 1, "Noble": 1})


def test_lay_a_guild_jesters_join_any_guild() -> None:
    """§4.2: Jesters can be included in any guild (Knight, Knight, Jester); R22: one card of the kind
    and two Jesters make a guild of that kind too."""
    s = stacked(3, hands=[["Knight", "Knight", "Jester", "Jester"], [], []])
    moves = legal(s, 0)
    assert {"lay Knight Knight Jester", "lay Knight Jester Jester", "lay Knight Knight Jester Jester"} <= set(moves)
    assert "lay Knight Knight" not in moves
    do(s, "0 lay Knight Jester Jester")
    assert guilds(s, 0)[0]["kind"] == "Knight"


def test_lay_a_guild_needs_three_cards() -> None:
    """§4.2: two cards of a kind are not a guild."""
    s = stacked(3, hands=[["Knight", "Knight", "Monk"], [], []])
    assert not [m for m in legal(s, 0) if m.startswith("lay")]


def test_lay_a_guild_several_of_one_kind_no_size_limit() -> None:
    """§4.2: several guilds of the same kind, and no limit to a guild's size (four Knights and two
    Jesters)."""
    s = stacked(3, hands=[["Knight"] * 4 + ["Jester"] * 2, [], []],
             guilds=[{"owner": 0, "cards": ["Knight"] * 3}])
    do(s, "0 lay Knight Knight Knight Knight Jester Jester")
    g = guilds(s, 0)
    assert [x["kind"] for x in g] == ["Knight", "Knight"]
    assert g[1]["size"] == 6


def test_lay_a_guild_of_two_goes_back_to_hand() -> None:
    """§4.2: a guild reduced to two cards goes back to its owner's hand."""
    s = stacked(3, hands=[["Assassin"], [], []], guilds=[{"owner": 1, "cards": ["Knight"] * 3}])
    do(s, "0 play Assassin")
    do(s, "0 assassinate Knight#1 Knight")
    assert guilds(s) == []
    assert hand(s, 1) == Counter({"Knight": 2})


def test_use_a_guild_laid_on_an_earlier_turn() -> None:
    """§4.3: a guild laid on an earlier turn activates its power without spending a card."""
    s = stacked(3, hands=[["Knight"], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3, "laid": 4}], turn=5,
             draw=["Star", "Beggar", "Noble"])
    do(s, "0 use Monk#1")
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Beggar": 1, "Noble": 1})
    assert guilds(s, 0)[0]["size"] == 3


def test_use_a_guild_not_the_turn_it_was_laid() -> None:
    """§4.3: a guild laid this turn cannot be used (it is not 'laid on a previous turn')."""
    s = stacked(3, hands=[["Knight"], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3, "laid": 5}], turn=5)
    assert "use Monk#1" not in legal(s, 0)
    assert s.view(0)["guilds"][0]["usable"] is False


def test_use_a_guild_only_your_own() -> None:
    """§4.3: you use a guild you laid."""
    s = stacked(3, hands=[["Knight"], [], []], guilds=[{"owner": 1, "cards": ["Monk"] * 3}])
    assert not [m for m in legal(s, 0) if m.startswith("use")]


def test_reinforce_a_guild_adds_cards_and_activates_power() -> None:
    """§4.4: add one or more compatible cards (same kind or Jesters) and activate the guild's power."""
    s = stacked(3, hands=[["Monk", "Jester", "Knight"], [], []], guilds=[{"owner": 0, "cards": ["Monk"] * 3}],
             draw=["Star", "Beggar", "Noble"])
    moves = legal(s, 0)
    assert {"reinforce Monk#1 Monk", "reinforce Monk#1 Jester", "reinforce Monk#1 Monk Jester"} <= set(moves)
    assert not [m for m in moves if m.startswith("reinforce") and "Knight" in m]
    do(s, "0 reinforce Monk#1 Monk Jester")
    assert guilds(s, 0)[0]["cards"] == ["Monk"] * 4 + ["Jester"]
    assert hand(s, 0) == Counter({"Knight": 1, "Star": 1, "Beggar": 1, "Noble": 1})


def test_reinforce_a_guild_resists_assassins() -> None:
    """§4.4: a reinforced guild survives losing a card."""
    s = stacked(3, hands=[["Assassin"], [], []], guilds=[{"owner": 1, "cards": ["Knight"] * 4}])
    do(s, "0 play Assassin")
    do(s, "0 assassinate Knight#1 Knight")
    assert guilds(s, 1)[0]["size"] == 3


def test_turn_actions_in_notation_order() -> None:
    """§4: the four actions are all offered when possible: play, lay, use, reinforce."""
    s = stacked(3, hands=[["Monk"] * 3, [], []], guilds=[{"owner": 0, "cards": ["Star"] * 3}])
    moves = legal(s, 0)
    assert moves == ["play Monk", "lay Monk Monk Monk", "use Star#1"]
    s = stacked(3, hands=[["Star"], [], []], guilds=[{"owner": 0, "cards": ["Star"] * 3}])
    assert legal(s, 0) == ["play Star", "use Star#1", "reinforce Star#1 Star"]


def test_example_laying_the_knights_guild_activates_the_knight() -> None:
    """§4.2 worked example: 'when you lay the Knights guild, you also activate the power of the Knight'."""
    s = stacked(3, hands=[["Knight", "Knight", "Knight"], ["Monk"], []], draw=["Star"])
    do(s, "0 lay Knight Knight Knight")
    assert s.view(0)["pending"] == {"decision": "knight", "seat": 0}
    do(s, "0 ask 1 for Monk")
    do(s, "1 give Monk")
    assert hand(s, 0) == Counter({"Monk": 1, "Star": 1})


def test_example_using_the_knights_guild_instead_of_playing_cards() -> None:
    """§4.3 worked example: a Knights guild laid on a previous turn is used instead of playing cards."""
    s = stacked(3, hands=[["Star"], ["Monk"], []], guilds=[{"owner": 0, "cards": ["Knight"] * 3, "laid": 1}], turn=4,
             draw=["Noble"])
    do(s, "0 use Knight#1")
    do(s, "0 ask 1 for Monk")
    do(s, "1 give Monk")
    assert hand(s, 0) == Counter({"Star": 1, "Monk": 1, "Noble": 1})
    assert guilds(s, 0)[0]["size"] == 3


def test_example_reinforcing_the_knights_guild_activates_the_knight() -> None:
    """§4.4 worked example: 'by reinforcing a guild of Knights, you must also activate its power'."""
    s = stacked(3, hands=[["Knight"], ["Monk"], []], guilds=[{"owner": 0, "cards": ["Knight"] * 3}], draw=["Noble"])
    do(s, "0 reinforce Knight#1 Knight")
    assert s.view(0)["pending"] == {"decision": "knight", "seat": 0}
    assert guilds(s, 0)[0]["size"] == 4
