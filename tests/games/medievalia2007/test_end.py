"""End of the Game (§10): prestige, military and siege victories, lack of cards, tie-breaks; rulings
R2, R3, R29-R31."""

from __future__ import annotations

from typing import Any

import pytest

from medieval.core.errors import InvalidOptionError
from medieval.games.medievalia2007 import Medievalia2007State
from medieval.games.medievalia2007.end import gold_production, vp
from tests.games.medievalia2007.helpers import FIELD, alive, cid, make, one, pay, rich, scen
from tests.support import last, legal, play

SIX = {"city": ["Bank", "School"], "Field": ["Church", "Stable"], "Farm": ["Blacksmith", "Carpenter"]}


def _six_building_fief() -> dict[str, object]:
    fief = rich(city_buildings=SIX["city"])
    terrs = fief["territories"]
    assert isinstance(terrs, list)
    terrs[0]["buildings"] = SIX["Field"]
    terrs[1]["buildings"] = SIX["Farm"]
    return fief


def test_prestige_victory_at_seven_vp() -> None:
    """§10.1: each building is 1 VP; the first player to 7 VP wins."""
    s = scen(fiefs={"0": _six_building_fief()}, stacks=[["Workshop"], ["Bank"], ["Tower"]],
             hands={"0": ["Soldier"] * 6})
    assert vp(s, 0) == 6
    play(s, f"build Workshop on {one(s, 'Mine', 0)}")
    pay(s)
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "prestige" and s.outcome.winners == (0,) and s.outcome.scores[0] == 7


def test_duplicates_score_nothing_and_the_castle_two() -> None:
    """§10.1: a duplicate building in a Fief is worth 0 VP; the Castle 2 VP."""
    s = scen(fiefs={"0": {"city": {"buildings": ["Bank", "Bank"]},
                          "territories": [{"face": "Field", "buildings": ["Castle", "Church"]}]}})
    assert vp(s, 0) == 1 + 2 + 1
    assert s.view(1)["players_info"][0]["vp"] == 4


def test_military_victory_destroying_every_enemy_city() -> None:
    """§10.2: destroying all enemy Cities wins a military victory (both in one turn, 3 players)."""
    s = scen(players=3, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD, FIELD]}, "1": {"territories": [FIELD]},
                    "2": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight", "Knight"]}, "F2": {"0": ["Knight", "Soldier", "Soldier"]}})
    play(s, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert not s.is_over and not s.alive[1]
    play(s, "attack 2 at F2", "enlist Knight3", *[f"enlist {n}" for n in ("Soldier1", "Soldier2")], "aim at City3")
    while not s.is_over:
        play(s, legal(s)[0])
    assert s.outcome is not None and s.outcome.termination == "military" and s.outcome.winners == (0,)


def _besieged(siege: int, options: dict[str, Any] | None = None,
              territories: list[Any] | None = None) -> Medievalia2007State:
    return scen(options=options, phase="war",
                fiefs={"0": {"territories": [FIELD]},
                       "1": {"territories": territories if territories is not None else [
                           {"face": "Field", "troops": ["Worker"]}, FIELD]}},
                away={"F1": {"0": [{"face": "Soldier", "fought": True}]}}, siege={"1": siege})


def test_siege_three_consecutive_turns_defeats() -> None:
    """§10.2: enemy troops in the Fief and an unguarded territory at the start of his turn, three turns
    running: the player is defeated at the start of his turn."""
    s = _besieged(2)
    assert s.active == 1  # the attacker had nothing to do: the besieged player's turn began...
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "siege" and s.outcome.winners == (0,)
    s1 = _besieged(0)
    assert not s1.is_over and s1.siege[1] == 1 and s1.phase == "draw"


def test_ruling_r2_siege_literal_any_territory_unguarded() -> None:
    """§10.2 (ruling R2): condition 2 read as written - no territory left, or ANY territory unguarded; the
    option siege_rule='none_guarded' requires every territory unguarded."""
    assert _besieged(0).siege[1] == 1
    assert _besieged(0, {"siege_rule": "none_guarded"}).siege[1] == 0
    assert _besieged(0, territories=[]).siege[1] == 1  # all territories destroyed
    guarded = [{"face": "Field", "troops": ["Worker"]}, {"face": "Farm", "buildings": ["Tower"]}]
    assert _besieged(0, territories=guarded).siege[1] == 0


def test_siege_counter_resets_when_lifted() -> None:
    """§10.2: the three turns must be consecutive."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD]}}, siege={"1": 2})
    assert s.active == 1 and s.siege[1] == 0 and not s.is_over


def _almost_empty_decks(extra: dict[str, Any]) -> Medievalia2007State:
    military = ["Soldier"] * 8 + ["Priest"] * 3 + ["Bowman"] * 3 + ["Knight"] * 3 + ["Infantry"] * 2
    character = ["Worker"] * 20 + ["Merchant"] * 3 + ["Artist"] * 3 + ["Bureaucrat"] * 2
    return scen(phase="draw", hands={"1": military + character}, **extra)


def test_ruling_r3_two_empty_decks_end_the_game() -> None:
    """§10.3 / ruling R3: the game ends at once when two of the three draw decks are empty; the most VP wins."""
    s = _almost_empty_decks({"fiefs": {"0": {"territories": [{"face": "Field", "buildings": ["Bank"]}]}}})
    assert [len(d) for d in s.decks] == [37, 1, 1]
    play(s, "draw military")
    assert not s.is_over
    play(s, "end actions", "draw territory", "end actions", "draw character")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == "cards" and s.outcome.winners == (0,)


def test_the_last_building_bought_ends_the_game() -> None:
    """§10.3: the game ends when the last building card is bought."""
    s = scen(fiefs={"0": rich()}, stacks=[["Bank"], [], []], hands={"0": ["Soldier"] * 4})
    play(s, f"build Bank on {one(s, 'Farm', 0)}")
    pay(s)
    assert s.is_over and s.outcome is not None and s.outcome.termination == "cards"
    assert s.outcome.winners == (0,)


def test_ruling_r29_tie_broken_by_gold_production_then_cards_in_hand() -> None:
    """§10.3 / ruling R29: equal VP - the gold the players' cards can produce (Mines with their
    workers and buildings, gold troops at home; no powers) decides; then cards in hand; then a tie."""
    gold = _almost_empty_decks({"fiefs": {"0": {"territories": [{"face": "Mine", "buildings": ["Bank"]}]},
                                          "1": {"territories": [{"face": "Field", "buildings": ["School"]}]}}})
    assert vp(gold, 0) == vp(gold, 1) == 1
    assert gold_production(gold, 0) == 2 and gold_production(gold, 1) == 0
    play(gold, "draw military", "end actions", "draw character")
    assert gold.outcome is not None and gold.outcome.winners == (0,)
    cards = _almost_empty_decks({})
    play(cards, "draw military", "end actions", "draw character")
    assert cards.outcome is not None and cards.outcome.winners == (1,)  # seat 1 holds the most cards


def test_shared_win_when_everything_ties() -> None:
    """§10.3: equal VP, gold production and cards in hand: a tie (a shared win)."""
    m0 = ["Soldier"] * 8 + ["Priest"] * 2
    m1 = ["Priest", "Bowman", "Bowman", "Bowman", "Knight", "Knight", "Knight", "Infantry", "Infantry"]
    c0 = ["Worker"] * 14
    c1 = ["Worker"] * 6 + ["Merchant"] * 3 + ["Artist"] * 3 + ["Bureaucrat"] * 3
    s = scen(phase="draw", hands={"0": m0 + c0, "1": m1 + c1 + ["Mine"]})
    assert [len(d) for d in s.decks] == [37, 1, 0]
    play(s, "draw military")
    assert s.outcome is not None and s.outcome.termination == "cards" and s.outcome.winners == (0, 1)
    assert len(s.hands[0]) == len(s.hands[1]) == 25


def test_ruling_r30_turn_limit_option() -> None:
    """§10.3 (ruling R30): the option turn_limit ends the game after that many turns, scored as lack of cards."""
    s = make(2, turn_limit=3).new_game(1)
    play(s, *["take territory"] * 16)
    for _ in range(3):
        play(s, legal(s)[0])
        while not s.is_over and s.phase != "draw":
            play(s, next(m for m in legal(s) if m.startswith("end ")))
    assert s.is_over and s.outcome is not None and s.outcome.termination == "turn_limit"
    with pytest.raises(InvalidOptionError):
        make(2, turn_limit=-1)


def test_ruling_r31_a_defeated_players_cards_leave_the_game() -> None:
    """Ruling R31 (§13): a defeated player's table and hand go out of the game, the hand shown."""
    s = _besieged(2)
    s2 = scen(players=3, phase="war",
              fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD]},
                     "2": {"territories": [FIELD]}},
              away={"F1": {"0": ["Knight", "Knight"]}}, hands={"1": ["Mine", "Soldier"]})
    play(s2, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert s.is_over
    assert not s2.alive[1] and s2.hands[1] == [] and s2.tables[1] == []
    defeated = last(s2, "defeated", 0)
    assert defeated["hand"] == ["Mine", "Soldier"] and not alive(s2, "City2") and cid("City2") in s2.removed
