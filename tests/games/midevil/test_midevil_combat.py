"""MidEvil §5 skeleton combat (docs/rules/midevil.md)."""

from __future__ import annotations

from typing import Any

from medieval.games.midevil import MidEvilState
from medieval.games.midevil.components import CARDS
from tests.games.midevil.helpers import ALTAR_CENTRE, make, pawn_xy, skeletons
from tests.support import do, kinds, last, legal


def _fight(**setup: Any) -> MidEvilState:
    """Seat 0 starts its turn on 1,0 with a white skeleton there and no tile to draw."""
    base: dict[str, Any] = {"tile_deck": [], "pawns": [[1, 0], ALTAR_CENTRE], "skeletons": [[1, 0, "white"]]}
    base.update(setup)
    return make(**base)


def test_story_combat_example() -> None:
    """§5.3 worked example: starting the turn on a skeleton's square, a roll of 1 is raised to 4 by
    removing a white and a red skeleton killed earlier."""
    s = _fight(kills=[[1, 1, 0], [0, 0, 0]], dice=[1], humans=[3, 3])
    assert s.phase == "combat"
    assert last(s, "combat", 0)["roll"] == 1
    assert legal(s) == ["spend RW", "reroll"]
    do(s, "0 spend RW")
    assert s.kills[0] == [1, 0, 0]  # the skeleton just killed; the spent two are gone for good
    assert s.gone == [1, 1, 0]
    assert (1, 0) not in skeletons(s)
    assert s.phase == "move"


def test_combat_four_or_more_kills() -> None:
    """§5.1-§5.2: starting on a skeleton's square means combat; 4, 5 or 6 kills it."""
    for roll in (4, 5, 6):
        s = _fight(dice=[roll])
        assert s.kills[0] == [1, 0, 0]
        assert last(s, "kill", 0)["by"] == "combat"
    s = _fight(dice=[3], humans=[0, 3])
    assert s.kills[0] == [0, 0, 0]


def test_combat_spend_no_change_given() -> None:
    """§5.3: any set of killed skeletons that raises the roll to 4 may be spent; no change is given, so
    a set carrying a skeleton it does not need is not offered (R4)."""
    s = _fight(kills=[[2, 1, 1], [0, 0, 0]], dice=[3], humans=[0, 3])
    assert legal(s) == ["spend W", "spend R", "spend B"]
    do(s, "0 spend B")  # overpays: 3 points for 1, nothing back
    assert s.kills[0] == [3, 1, 0] and s.gone == [0, 0, 1]
    s = _fight(kills=[[2, 1, 1], [0, 0, 0]], dice=[1], humans=[0, 3])
    assert legal(s) == ["spend RW", "spend B"]


def test_combat_reroll_spends_a_human() -> None:
    """§5.4, R2: instead of skeletons, a Human may be spent to re-roll; it goes back to the supply."""
    s = _fight(dice=[2, 5])
    supply = s.supply
    assert legal(s) == ["reroll"]
    do(s, "0 reroll")
    assert s.humans[0] == 2 and s.supply == supply + 1
    assert s.kills[0] == [1, 0, 0]
    assert [e["roll"] for e in s.events(0) if e["kind"] in ("combat", "combat_reroll")] == [2, 5]


def test_combat_continues_until_a_kill_or_death() -> None:
    """§5.5: combat goes on until 4 or more, or the player runs out of Humans and dies."""
    s = _fight(dice=[1, 2, 3], humans=[2, 3])
    do(s, "0 reroll", "0 reroll")
    assert s.humans[0] == 0
    assert last(s, "death", 0)["cause"] == "skeleton"


def test_death_back_to_altar_loses_skeletons_and_items() -> None:
    """§5.5, §11.6: a dead player goes back to the Altar and removes from play the skeletons killed and
    the cards played in front of them; the rest of the turn is forfeited."""
    # R1: with no Human and no skeleton to spend, a weapon card is the last way out...
    s = _fight(dice=[1], humans=[0, 3], kills=[[0, 0, 0], [0, 0, 0]], in_play=[["Sword"], []],
               hands=[["Curse", "Flail"], []])
    assert legal(s) == ["play Flail"]
    # ... and with none, the player dies at once
    s = _fight(dice=[1, 4, 4], humans=[0, 3], in_play=[["Sword", "Horse"], []], hands=[["Curse"], []],
               kills=[[0, 0, 0], [0, 0, 0]], played=[True, False])
    assert pawn_xy(s, 0) == ALTAR_CENTRE
    assert s.in_play[0] == [] and sorted(CARDS[c].name for c in s.discard[-2:]) == ["Horse", "Sword"]
    assert [CARDS[c].name for c in s.hands[0]] == ["Curse"]  # R6: the hand is kept
    assert s.turn == 1  # forfeited: seat 1 plays on
    assert "move_roll" not in kinds(s, 0)[kinds(s, 0).index("death"):][:3]


def test_death_next_turn_starts_with_three_humans() -> None:
    """§5.5, R6: the dead player begins the next turn by taking three Humans."""
    s = _fight(dice=[1, 3, 3, 3], humans=[0, 3], played=[True, False])
    assert s.respawn[0] and s.humans[0] == 0
    do(s, "1 stop")  # seat 1 rolled 3, stops; skeleton phase: 3, nothing to move -> discard
    while s.turn == 1:
        do(s, f"1 {legal(s, 1)[0] if 'end' not in legal(s, 1) else 'end'}")
    assert s.turn == 0 and s.humans[0] == 3 and not s.respawn[0]
    assert last(s, "respawn", 0)["humans"] == 3


def test_spent_skeletons_leave_play_for_good() -> None:
    """§5.6, §11.6: spent skeletons are out of the game: not back in the pool."""
    s = _fight(kills=[[0, 2, 0], [0, 0, 0]], dice=[2], humans=[0, 3])
    pool = s.pool[:]
    do(s, "0 spend R")
    assert s.gone == [0, 1, 0] and s.pool == pool


def test_only_one_weapon_per_combat_roll() -> None:
    """§5.7: with a Sword (+1) and a Battle Axe (+2) in play only the better one counts: a 1 becomes 3."""
    s = _fight(dice=[1], in_play=[["Sword", "Battle Axe"], []], humans=[1, 3])
    e = last(s, "combat", 0)
    assert (e["roll"], e["bonus"]) == (1, 2)
    assert s.phase == "combat" and s.view(0)["combat"]["bonus"] == 2
    s = _fight(dice=[2], in_play=[["Sword", "Battle Axe"], []])
    assert s.kills[0] == [1, 0, 0]


def test_combat_when_landing_on_a_skeleton() -> None:
    """§5.1, §7.4: moving onto a skeleton's square starts a combat before the move goes on."""
    s = make(phase="move", roll=3, skeletons=[[1, 0, "red"]], dice=[6])
    do(s, "0 move N")
    assert s.kills[0] == [0, 1, 0]
    assert s.phase == "move" and s.moves == 4
