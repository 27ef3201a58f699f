"""OpenSpiel: every game is registered as ``python_medieval_<game>`` with a GameType derived from its spec,
passes ``pyspiel.random_sim_test`` for every player count, serializes and restores its states, resamples
through ``determinize``, and OpenSpiel's ISMCTS bot plays full games of each."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.interop.cases import configurations, first_configuration, game_names, player_counts
from tests.interop.extras import need

np = need("numpy")
pyspiel = need("pyspiel")
mo = need("medieval.interop.openspiel")

#: Random simulations per game and player count (each checks clone, serialization, observations... at every step).
SIMS = 1
#: ISMCTS: simulations per decision of the searching seat, and the length of its random rollouts.
ISMCTS_SIMULATIONS = 6
ROLLOUT_LENGTH = 40


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    for name in game_names():
        assert mo.short_name(name) in registered


@pytest.mark.parametrize("name", game_names())
def test_the_game_type_follows_the_spec(name: str) -> None:
    """Chance is sampled inside the engine (two initial states deal differently): SAMPLED_STOCHASTIC;
    hidden information or simultaneous moves: IMPERFECT_INFORMATION."""
    import medieval

    spec = medieval.make(name).spec
    kind = mo.load(name, players=spec.min_players, seed=1).get_type()
    sampled = pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert (kind.chance_mode == sampled) == (spec.chance == "sampled")
    imperfect = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.information == imperfect) == (spec.hidden_information or spec.simultaneous)
    game = mo.load(name, players=spec.min_players, seed=1)
    if spec.chance == "sampled":
        assert str(game.new_initial_state()) != str(game.new_initial_state())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options"), player_counts())
def test_random_sim_test(name: str, players: int, options: dict[str, Any]) -> None:
    """(OpenSpiel serializes sampled-stochastic games with the game's RNG state, which Python games do not
    expose: serialization has its own test below.)"""
    game = mo.load(name, players=players, seed=players, **options)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=False, verbose=False)


@pytest.mark.parametrize("name", game_names())
def test_states_serialize_and_restore_at_every_step(name: str) -> None:
    players, options = first_configuration(name)
    game = mo.load(name, players=players, seed=3, **options)
    state = game.new_initial_state()
    rng = random.Random(name)
    while not state.is_terminal():
        restored = game.deserialize_state(state.serialize())
        assert restored.history() == state.history() and str(restored) == str(state)
        assert restored.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
    assert game.deserialize_state(state.serialize()).returns() == state.returns()


def _variant_configurations() -> list[Any]:
    """The rule variants not already covered by test_random_sim_test."""
    covered = [c.values for c in player_counts()]
    return [c for c in configurations() if c.values[2] and c.values not in covered]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options"), _variant_configurations())
def test_random_sim_test_with_options(name: str, players: int, options: dict[str, Any]) -> None:
    game = mo.load(name, players=players, seed=1, **options)
    assert game.get_parameters()["players"] == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", game_names())
def test_resampling_keeps_the_information_state(name: str) -> None:
    players, options = first_configuration(name)
    game = mo.load(name, players=players, seed=5, **options)
    state = game.new_initial_state()
    rng = random.Random(name)
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, rng.random)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.current_player() == state.current_player()
                assert other.history() == state.history()
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_ismcts_plays_a_full_game(name: str) -> None:
    players, options = first_configuration(name)
    game = mo.load(name, players=players, seed=11, **options)
    n = game.num_players()
    bot = mo.ismcts_bot(game, simulations=ISMCTS_SIMULATIONS, seed=3, rollout_length=ROLLOUT_LENGTH)
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            action = bot.step(state)
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert decisions > 0
    returns = state.returns()
    assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)
    assert state.engine.outcome is not None


def test_game_parameters_and_strings() -> None:
    game = mo.load("paladin", players=5, seed=9, next_dealer="fewest")
    assert game.num_players() == 5
    assert game.get_parameters()["next_dealer"] == "fewest"
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().engine.to_json() == game.new_initial_state().engine.to_json()
    state = game.new_initial_state()
    assert state.engine.game.options["next_dealer"] == "fewest"
    for a in state.legal_actions():
        assert state.action_to_string(state.current_player(), a) in {str(x) for x in
                                                                      state.engine.legal_actions(state.current_player())}
    s1, s2 = game.new_initial_state(), game.new_initial_state()
    assert s1.engine.to_json() != s2.engine.to_json(), "each new initial state is a new deal"


# ---------------------------------------------------------------------------------------------- arena bot
def test_openspiels_ismcts_is_an_arena_bot_with_a_budget() -> None:
    """``openspiel-ismcts`` plays our match loop through the adapter: from a world its seat cannot tell
    from the real one, reading the real state only for its own legal actions and a determinization (the
    guard fails on anything else), within a budget of simulations or time."""
    import medieval
    from medieval.agents import make_agent, play_match
    from medieval.core.errors import InvalidOptionError
    from tests.agents.test_ismcts import RealStateGuard

    game = medieval.make("medievallons", 2)
    bot = make_agent("openspiel-ismcts:simulations=5,length=30", 3)
    assert isinstance(bot, mo.OpenSpielISMCTSAgent) and bot.budget(game) is None
    assert make_agent("openspiel-ismcts:time=0.5,clock=wall").budget(game) == (0.5, "wall")
    assert make_agent("openspiel-ismcts").budget(game) == (1.0, "cpu")
    state = game.new_game(seed=2)
    while len(state.legal_actions(state.to_move[0])) < 2:
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    seat = state.to_move[0]
    guard = RealStateGuard(state, seat)
    assert bot.choose(guard, seat) in state.legal_actions(seat)
    assert guard.determinized == 1 and bot.last_simulations == 5
    result = play_match(game, [bot, make_agent("heuristic", 4)], seed=6)
    assert result.state.is_over
    for spec in ("openspiel-ismcts:time=0", "openspiel-ismcts:simulations=lots", "openspiel-ismcts:depth=3",
                 "openspiel-ismcts:clock=sundial", "openspiel-ismcts:time=inf"):
        with pytest.raises(InvalidOptionError):
            make_agent(spec)
