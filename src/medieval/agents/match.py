"""The match loop: every interface (terminal, simulator, server, tests) plays games through it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from medieval.agents.base import Agent
from medieval.core.outcome import Outcome
from medieval.core.state import Action, Game, State

#: The match loop's decision cap: a game still going after this many decisions is a bug in its rules.
MAX_DECISIONS = 1_000_000


class MatchAborted(RuntimeError):
    """A game went past its decision cap (a bug in a game's rules: every game must end)."""


@dataclass(frozen=True)
class MatchResult:
    state: State
    outcome: Outcome
    decisions: int


StepHook = Callable[[State, int, Action], None]


def play_match(game: Game[Any], agents: Sequence[Agent], seed: int | None = None, *,
               state: State | None = None, on_step: StepHook | None = None,
               max_decisions: int = MAX_DECISIONS) -> MatchResult:
    """Play one game to the end. ``agents[i]`` plays seat i. ``on_step(state, seat, action)`` is
    called before each action is applied."""
    if len(agents) != game.players:
        raise ValueError(f"{game.spec.display_name} with {game.players} players needs {game.players} "
                         f"agents, got {len(agents)}")
    if state is None:
        state = game.new_game(seed)
    decisions = 0
    while not state.is_over:
        for seat in state.to_move:
            action = agents[seat].choose(state, seat)
            if on_step is not None:
                on_step(state, seat, action)
            state.apply(seat, action)
            decisions += 1
            if state.is_over:
                break
        if decisions > max_decisions:
            raise MatchAborted(f"{game!r} seed {seed}: no end after {max_decisions} decisions")
    outcome = state.outcome
    assert outcome is not None
    return MatchResult(state, outcome, decisions)
