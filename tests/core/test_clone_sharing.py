"""Clones share the history and the log until one of them appends (``State._shared``): whichever state
moves on, the other's history, log and record stay as they were."""

from __future__ import annotations

import random

import medieval
from medieval.core.events import Event
from tests.support import play_randomly


def test_a_clone_and_its_original_part_ways_on_their_next_move() -> None:
    for name in ("paladin", "midevil"):
        state = medieval.make(name).new_game(5)
        play_randomly(state, random.Random(1), 30)
        before = (state.record(), state.events(0), state.log_size)
        twin = state.clone()
        play_randomly(twin, random.Random(2), 20)  # the clone moves on: the original is untouched
        assert (state.record(), state.events(0), state.log_size) == before
        twin_after = (twin.record(), twin.events(0), twin.log_size)
        play_randomly(state, random.Random(3), 20)  # and the other way round
        assert (twin.record(), twin.events(0), twin.log_size) == twin_after
        assert len(twin.history) == len(before[0]["actions"]) + 20
        # a clone of a clone, and a muted playout that never copies, leave everyone alone
        third = twin.clone()
        third.mute_log()
        play_randomly(third, random.Random(4), 20)
        assert (twin.record(), twin.events(0), twin.log_size) == twin_after


def test_events_compare_by_value() -> None:
    a = Event("look", {"seat": 1}, (1,), {"seat": 1})
    assert a == Event("look", {"seat": 1}, (1,), {"seat": 1})
    assert a != Event("look", {"seat": 2}, (1,), {"seat": 1})
    assert Event.from_json(a.to_json()) == a
    assert "look" in repr(a)
