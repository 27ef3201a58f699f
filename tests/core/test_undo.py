"""Undo by Board Game Arena's policy (core/undo.py): only your own action, within your turn, never past
a reveal, a chance event or another seat's decision; taking it back restores exactly the earlier state."""

from __future__ import annotations

import random

import pytest

import medieval
from medieval.core import conformance
from medieval.core.conformance import ContractViolation, check_undo, play_checked
from medieval.core.undo import can_undo, reveals_nothing, undo_record
from tests.games.paladin.helpers import HANDS_3P, QUESTS_3P, stacked
from tests.support import do


def test_paladin_a_look_is_final_but_looking_at_nothing_is_not() -> None:
    """§5.1: a secret look reveals a card to the looker, so it cannot be taken back; 'nolook' reveals
    nothing and the turn goes on (the card is still to be placed), so it can; a placement ends the turn."""
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0)
    do(s, "0 first 0", "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7")
    before = s.clone()
    do(s, "0 look K1:1")
    assert not can_undo(before, 0, s.game.parse_notation("look K1:1"), s)
    assert not reveals_nothing(before, 0, s.game.parse_notation("look K1:1"), s)
    s = before.clone()
    do(s, "0 nolook")
    assert can_undo(before, 0, s.game.parse_notation("nolook"), s)
    placed = s.clone()
    do(s, "0 place 5 K1")
    assert not can_undo(placed, 0, s.game.parse_notation("place 5 K1"), s)  # the turn has passed


@pytest.mark.parametrize("name", [spec.name for spec in medieval.list_games()])
def test_a_chance_event_or_a_private_message_is_final(name: str) -> None:
    """Whatever drew on the seeded stream (a shuffle, a roll) or told one seat something the others were
    not told (a card drawn, a card looked at) cannot be taken back."""
    players, options = medieval.make(name).spec.configurations()[0]
    s = medieval.make(name, players, **options).new_game(seed=1)
    rng = random.Random(1)
    while not s.is_over:
        seat = s.to_move[0]
        before = s.clone()
        action = rng.choice(s.legal_actions(seat))
        s.apply(seat, action)
        private = any(e.to is not None and e.data != e.redacted for e in s.log_since(before.log_size))
        if s._chance != before._chance or private:
            assert not can_undo(before, seat, action, s)
        if len(s.history) > 300:
            break


@pytest.mark.parametrize("name", [spec.name for spec in medieval.list_games()])
def test_an_undo_restores_exactly_the_earlier_state(name: str) -> None:
    """Wherever the policy allows an undo in random games, replaying the record without the action gives
    back the earlier state exactly (position, history, log, chance)."""
    players, options = medieval.make(name).spec.configurations()[0]
    g = medieval.make(name, players, **options)
    undone = 0
    rng = random.Random(name)
    for seed in range(3):
        s = g.new_game(seed)
        while not s.is_over and len(s.history) < 400:
            seat = s.to_move[0]
            before = s.clone()
            action = rng.choice(s.legal_actions(seat))
            s.apply(seat, action)
            if can_undo(before, seat, action, s):
                undone += 1
                back = g.replay(undo_record(s.record()))
                assert back.to_json() == before.to_json()
    assert undone > 0, f"{name}: no action of random play could be taken back"


@pytest.mark.parametrize("name", [spec.name for spec in medieval.list_games()])
def test_the_conformance_suite_checks_undo(name: str) -> None:
    """The conformance suite (core/conformance.py ``check_undo``) takes back an action the policy allows at
    sampled steps of its random games and checks that nothing of it remains."""
    players, options = medieval.make(name).spec.configurations()[0]
    g = medieval.make(name, players, **options)
    assert sum(play_checked(g, seed, full=False)["undone"] for seed in range(3)) > 0


def test_the_conformance_undo_check_catches_an_undo_that_leaves_a_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    """An undo that did not restore the earlier state exactly (here: one that takes back two actions) is a
    contract violation."""
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0)
    do(s, "0 first 0", "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7")
    before = s.clone()
    do(s, "0 nolook")
    nolook = s.game.parse_notation("nolook")
    assert check_undo(before, 0, nolook, s)
    monkeypatch.setattr(conformance, "undo_record", lambda r: {**r, "actions": list(r["actions"])[:-2]})
    with pytest.raises(ContractViolation, match="does not restore"):
        check_undo(before, 0, nolook, s)
