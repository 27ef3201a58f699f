"""The heuristic bot: it beats random play and decides from what its seat may know."""

from __future__ import annotations

import random

from medieval.agents import make_agent, play_match
from medieval.core.state import Action, State
from medieval.games.medievalia2007 import Medievalia2007State
from tests.games.medievalia2007.helpers import make


def test_heuristic_beats_random() -> None:
    """Components (rules.md, our design), balance: over seeded 2-player games, seats alternating, the
    heuristic wins nearly every game."""
    game = make(2)
    wins = 0.0
    games = 20
    for seed in range(games):
        h = seed % 2
        agents = [make_agent("random", seed), make_agent("random", seed)]
        agents[h] = make_agent("heuristic", seed)
        result = play_match(game, agents, seed)
        if h in result.outcome.winners:
            wins += 1 / len(result.outcome.winners)
    assert wins >= 18


def test_heuristic_uses_only_what_its_seat_knows() -> None:
    """View (rules.md): the heuristic decides from what its seat may know: on a determinized copy (other
    hands and decks re-dealt) it chooses the same action."""
    game = make(2)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    checked = 0

    def hook(state: State, seat: int, action: Action) -> None:
        nonlocal checked
        assert isinstance(state, Medievalia2007State)
        if len(state.history) % 7 == 0:
            twin = state.determinize(seat, random.Random(len(state.history)))
            assert game.heuristic_action(twin, seat, random.Random(5)) == game.heuristic_action(
                state, seat, random.Random(5))
            checked += 1

    play_match(game, agents, 3, on_step=hook)
    assert checked > 5


def test_heuristic_plays_every_configuration() -> None:
    """§13 and Options (rules.md): the heuristic plays 3, 4 and allied games to the end."""
    for players, opts in [(3, {}), (4, {}), (4, {"allied": True})]:
        game = make(players, **opts)
        result = play_match(game, [make_agent("heuristic", s) for s in range(players)], 11)
        assert result.outcome.winners
