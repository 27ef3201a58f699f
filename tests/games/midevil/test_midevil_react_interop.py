"""MidEvil's reaction windows (§8.1, R7) through the research adapters: the PettingZoo AEC environment
hands the turn to the asked seat alone, and OpenSpiel's state, its resampling and its ISMCTS bot handle a
window — random games seeded to reach one."""

from __future__ import annotations

import random
from typing import Any

from medieval.games.midevil import MidEvilState, react
from tests.interop.extras import need

np = need("numpy")
need("pettingzoo")
pyspiel = need("pyspiel")
mo = need("medieval.interop.openspiel")

from medieval.interop.pettingzoo import env  # noqa: E402


def test_pettingzoo_gives_a_window_to_the_asked_seat_only() -> None:
    """The AEC environment selects the asked seat; its mask holds its reactions and ``pass``, every other
    agent's mask is empty; passing or playing goes on with the game."""
    e = env("midevil", players=4)
    rng = random.Random(0)
    windows = 0
    for episode in range(6):
        e.reset(seed=episode)
        while not any(e.terminations.values()) and windows < 3:
            s = e.engine_state
            assert isinstance(s, MidEvilState)
            mask = e.action_mask()
            if s.phase == "react":
                asked = s.react_seats[0]
                assert e.agent_selection == e.possible_agents[asked]
                legal = {str(a) for a in s.legal_actions(asked)}
                assert {str(a) for a in e.legal().values()} == legal and "pass" in legal and len(legal) >= 2
                assert int(mask.sum()) == len(legal)
                for agent in e.possible_agents:
                    if agent != e.agent_selection:
                        assert int(e.action_mask(agent).sum()) == 0
                windows += 1
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
        if windows >= 3:
            break
    assert windows >= 3


def _openspiel_window(seed: int) -> Any:
    game = mo.load("midevil", players=4, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_terminal():
            break
        if state.engine.phase == "react":
            return game, state
        state.apply_action(rng.choice(state.legal_actions()))
    return game, None


def test_openspiel_state_resampling_and_ismcts_in_a_window() -> None:
    """OpenSpiel: the current player is the asked seat, the others have no legal action; a state resampled
    for any player keeps the asked seat able to react; OpenSpiel's ISMCTS bot picks a legal answer."""
    found = None
    for seed in range(20):
        game, state = _openspiel_window(seed)
        if state is not None:
            found = game, state
            break
    assert found is not None
    game, state = found
    engine = state.engine
    asked = engine.react_seats[0]
    assert state.current_player() == asked and len(state.legal_actions()) >= 2
    for p in range(4):
        if p != asked:
            assert state.legal_actions(p) == []
        resampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert resampled.current_player() == asked
        assert react.reactions(resampled.engine, asked)
    bot = mo.ismcts_bot(game, simulations=8, seed=1, rollout_length=40)
    action = bot.step(state)
    assert action in state.legal_actions()
    state.apply_action(action)
    assert not state.is_terminal() or state.returns()
