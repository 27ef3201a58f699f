"""Search bots and endless turns (agents/ismcts/loops.py): a bot never brings its own turn back to a
position it has already been in."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from medieval.agents import play_match
from medieval.agents.ismcts import ISMCTSAgent, ISMCTSConfig, SearchStats
from medieval.agents.ismcts.loops import LoopGuard
from medieval.agents.match import MatchAborted
from medieval.core.state import Action, State
from tests.agents.toygames import LampsGame, LampsState, Pick


class _Switcher(ISMCTSAgent):
    """A search that always rates switching the lamp above ending the turn (the loop of Medievalia 2007's
    internal moves, where a one-second search moved a Merchant on and off its City for ever)."""

    def search(self, state: State, seat: int, legal: Sequence[Action],
               started: tuple[float, float] | None = None) -> Action:
        self.last = SearchStats(2, 0.0, {"pick 1": (9, 0.6), "pick 0": (3, 0.4)})
        return Pick(1)


class _NoGuard(LoopGuard):
    def choose(self, state: State, seat: int, legal: Sequence[Action], best: Action,
               rank: Callable[[Action], Any]) -> Action:
        return best


def test_a_bot_never_brings_its_turn_back_to_a_position_it_has_had() -> None:
    """Switching a lamp twice in one turn brings the turn back where it was: the search's favourite is then
    refused, and its next best move (ending the turn) played. Each turn is one switch and the end; without
    the guard the game never ends."""
    game = LampsGame(players=2, turns=6)
    moves: list[tuple[int, str]] = []
    result = play_match(game, [_Switcher(seed=1), _Switcher(seed=2)], seed=3,
                        on_step=lambda s, seat, a: moves.append((seat, str(a))), max_decisions=200)
    assert cast(LampsState, result.state).turn == 6 and result.decisions == 12
    assert moves == [(t % 2, m) for t in range(6) for m in ("pick 1", "pick 0")]
    assert result.outcome.winners == (0, 1)  # each lamp switched 3 times: both on
    unguarded = _Switcher(seed=1)
    unguarded.loops = _NoGuard()
    with pytest.raises(MatchAborted):
        play_match(game, [unguarded, _Switcher(seed=2)], seed=3, max_decisions=200)


def test_the_loop_guard_leaves_moves_that_reach_new_positions_alone() -> None:
    """A real search switches its lamp on once (a lamp on wins) and ends its turn: no move of it was
    refused, the guard only remembered the views."""
    game = LampsGame(players=2, turns=2)
    state = game.new_game(seed=1)
    agent = ISMCTSAgent(ISMCTSConfig(iters=300), seed=3)
    first = agent.choose(state, 0)
    assert first == Pick(1) and not agent.loops.closes_loop(state, 0, first)
    state.apply(0, first)
    assert agent.choose(state, 0) == Pick(0)
    assert agent.loops.closes_loop(state, 0, Pick(1))  # switching back: the view of the turn's start
