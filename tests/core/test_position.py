"""The position declared once (core/position.py): a field declared ``"shared"`` is shared by a clone and its
original until either writes to it through its generated ``own_<field>()``, and then only the writer's
copy changes."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import pytest

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State


class _Board(State):
    """A position with two shared containers beside an ordinary field (no rules: only its copies matter)."""

    squares: Annotated[list[int], "shared"]
    marks: Annotated[dict[str, int], "shared"]
    rows: Annotated[list[list[int]], 2]
    own_squares: Callable[[], list[int]]
    own_marks: Callable[[], dict[str, int]]

    @property
    def to_move(self) -> tuple[int, ...]:
        return ()

    def _legal_actions(self, seat: int) -> list[Action]:
        return []

    def _apply(self, seat: int, action: Action) -> None:
        raise AssertionError("no moves")

    @property
    def outcome(self) -> Outcome | None:
        return None

    def view(self, seat: int | None) -> Mapping[str, Any]:
        return {}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        pass


def _board() -> _Board:
    state = _Board(None, 1)  # type: ignore[arg-type]  # the copies never read the game
    state.squares, state.marks, state.rows = [0, 0, 0], {"a": 1}, [[1], [2]]
    return state


def test_a_clone_shares_a_shared_field_until_either_side_writes() -> None:
    original = _board()
    assert original.FIELDS == ("squares", "marks", "rows")
    assert original.own_squares() is original.squares  # never cloned: nothing to copy
    twin = original.clone()
    assert twin.squares is original.squares and twin.marks is original.marks
    assert twin.rows is not original.rows and twin.rows[0] is not original.rows[0]  # depth 2, as declared

    twin.own_squares()[1] = 7  # the clone writes first: it copies
    assert twin.squares == [0, 7, 0] and original.squares == [0, 0, 0]
    kept = original.own_squares()  # the original copies too: the clone may still hold its old list
    kept[2] = 5
    assert original.squares == [0, 0, 5] and twin.squares == [0, 7, 0]
    assert original.own_squares() is kept  # written once, it is its own from then on

    original.own_marks()["b"] = 2
    assert original.marks == {"a": 1, "b": 2} and twin.marks == {"a": 1}
    assert original.position_json() == {"squares": [0, 0, 5], "marks": {"a": 1, "b": 2}, "rows": [[1], [2]]}
    assert original.position_json()["squares"] is not original.squares


def test_a_chain_of_clones_never_sees_another_ones_writes() -> None:
    states = [_board()]
    for i in range(4):
        states.append(states[-1].clone())
        states[-1].own_squares()[0] = i + 1
    assert [s.squares[0] for s in states] == [0, 1, 2, 3, 4]
    states[1].own_squares()[2] = 9
    assert [s.squares[2] for s in states] == [0, 9, 0, 0, 0]


def test_only_a_container_can_be_shared_until_written() -> None:
    with pytest.raises(TypeError, match="only a list or a dict can be 'shared' until written, not int"):
        class _Bad(State):
            count: Annotated[int, "shared"]
    with pytest.raises(TypeError, match="copy depth must be an integer >= 0, 'json' or 'shared'"):
        class _Worse(State):
            count: Annotated[list[int], "sometimes"]
