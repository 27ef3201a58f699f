"""Lazy log events (``State._emit_lazy``, ``LazyEvent``): the payloads are built from the event's arguments
when first read, once, and the event then reads, compares and serialises as the eager ``Event`` would."""

from __future__ import annotations

import copy
import gc
import pickle
import random
from typing import Any

import medieval
from medieval.core.events import Event, LazyEvent
from tests.support import play_randomly

built: list[tuple[Any, ...]] = []


def _looked(seat: int, card: str) -> tuple[dict[str, Any], dict[str, Any]]:
    built.append((seat, card))
    return {"seat": seat, "card": card}, {"seat": seat}


def test_payloads_are_built_once_when_first_read() -> None:
    built.clear()
    lazy = LazyEvent("look", _looked, (2, "7r"), (2,))
    assert built == []
    assert lazy.for_seat(2) == {"kind": "look", "seat": 2, "card": "7r"}
    assert lazy.for_seat(0) == {"kind": "look", "seat": 2}  # the others see the redacted form
    assert lazy.for_seat(None) == {"kind": "look", "seat": 2}
    assert built == [(2, "7r")]
    assert type(lazy) is Event  # once read, a plain event


def test_a_lazy_event_equals_and_serialises_as_its_eager_twin() -> None:
    eager = Event("look", {"seat": 2, "card": "7r"}, (2,), {"seat": 2})
    lazy = LazyEvent("look", _looked, (2, "7r"), (2,))
    assert lazy == eager and eager == lazy
    assert lazy.to_json() == eager.to_json()
    assert Event.from_json(lazy.to_json()) == lazy
    assert repr(lazy) == repr(eager)
    assert LazyEvent("look", _looked, (1, "7r"), (1,)) != eager


def test_lazy_events_of_a_game_read_as_eager_ones_after_a_restore() -> None:
    # Paladin logs its placements, looks and resolutions lazily: a state restored from JSON holds eager
    # events only, and every seat reads the same log from both.
    state = medieval.make("paladin", 4).new_game(7)
    play_randomly(state, random.Random(7))
    assert any(isinstance(e, LazyEvent) for e in state.log_since(0))
    restored = state.game.from_json(state.to_json())
    assert not any(isinstance(e, LazyEvent) for e in restored.log_since(0))
    for seat in (*range(4), None):
        assert restored.events(seat) == state.events(seat)
    assert restored == state


def test_a_muted_state_emits_no_lazy_event() -> None:
    state = medieval.make("paladin", 4).new_game(3)
    state.mute_log()
    size = state.log_size
    play_randomly(state, random.Random(3), 40)
    assert state.log_size == size


def test_a_state_with_unread_lazy_events_pickles_and_deep_copies() -> None:
    # A state is a plain Python object researchers may pickle (multiprocessing) or deep-copy: its unread
    # lazy events go as the eager events they stand for, and read the same on the other side.
    state = medieval.make("paladin", 4).new_game(5)
    play_randomly(state, random.Random(5), 40)
    assert any(type(e) is LazyEvent for e in state.log_since(0))
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        for seat in (*range(4), None):
            assert other.events(seat) == state.events(seat)
        assert other.to_json() == state.to_json()
        assert other.legal_actions(other.to_move[0]) == state.legal_actions(state.to_move[0])
        # a builder's number holds in its own process only: the copy's entries carry their payloads
        assert all(type(entry[2]) is dict for entry in other._log)


def test_a_long_logs_lazy_entries_are_left_to_themselves_by_the_collector() -> None:
    # A log entry is a plain tuple; a lazy one of numbers names its payload builder by number, so that
    # CPython stops tracking it: a long game's log then adds nothing to the garbage collector's walks.
    # MidEvil logs its every-turn events (turns, rolls, moves, stops, discards, kills) lazily.
    state = medieval.make("midevil", 4).new_game(3)
    play_randomly(state, random.Random(3))
    for _ in range(3):  # (a tuple is untracked once its inner tuples are: one collection a level)
        gc.collect()
    lazy = [entry for entry in state._log if type(entry[2]) is int]
    kinds = {entry[0] for entry in lazy}
    assert {"turn", "move_roll", "skeleton_roll", "move", "skeleton_move", "stop"} <= kinds
    assert len(lazy) > 0.7 * len(state._log)
    assert not any(gc.is_tracked(entry) for entry in lazy)
