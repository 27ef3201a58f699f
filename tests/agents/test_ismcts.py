"""ISMCTS: budgets and parameters, the no-peeking guarantee on every registered game, simultaneous secret
choices, progressive widening, and strength against the random bot."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, cast

import pytest

import medieval
from medieval.agents import make_agent, play_match
from medieval.agents.ismcts import (
    DEFAULT_ITERS,
    ISMCTSAgent,
    ISMCTSConfig,
    OrderBlindRandom,
    fast_heuristic_ok,
    fast_path_ok,
)
from medieval.agents.levels import own_levels
from medieval.core.errors import InvalidOptionError
from medieval.core.state import Action, State
from tests.agents.toygames import (
    CloseCallGame,
    DiceEdgeGame,
    LogReadingPickGame,
    Pick,
    SecretPickGame,
)

GAMES = [spec.name for spec in medieval.list_games()]

def ismcts(spec: str = "ismcts:iters=40", seed: int = 7) -> ISMCTSAgent:
    agent = make_agent(spec, seed)
    assert isinstance(agent, ISMCTSAgent)
    return agent


# ------------------------------------------------------------------------------------- parameters
def test_budget_parsing() -> None:
    assert ismcts("ismcts").config.iteration_budget == DEFAULT_ITERS
    a = ismcts("ismcts:iters=2000")
    assert (a.config.iters, a.config.time, a.config.iteration_budget) == (2000, None, 2000)
    b = ismcts("ismcts:time=1.0")
    assert (b.config.iters, b.config.time, b.config.iteration_budget) == (None, 1.0, None)
    assert ismcts("ismcts:time=0.25").config.time == 0.25
    c = ismcts("ismcts:iters=500,time=2,c=0.5,rollout=heuristic,eps=0.2,prior=none,pw=3,alpha=0.4,obs=actions,sw=0.1")
    assert c.config == ISMCTSConfig(iters=500, time=2.0, c=0.5, rollout="heuristic", eps=0.2, prior="none",
                                    pw=3.0, alpha=0.4, obs="actions", sw=0.1)
    assert ismcts("ismcts:pw=off").config.pw == 0.0
    assert ismcts("ismcts:pw=auto").config.pw is None
    assert ismcts("ismcts:fast=0").config.fast is False
    assert ismcts("ismcts:bias=0.5,bonus=puct,gamma=0.2").config.bonus == "puct"
    assert make_agent("ismcts:iters=10").name == "ismcts:iters=10"
    assert ismcts("ismcts").config.depth is None
    assert ismcts("ismcts:depth=end").config.depth is None
    assert ismcts("ismcts:depth=0").config.depth == 0
    assert ismcts("ismcts:depth=25").config.depth == 25


@pytest.mark.parametrize("spec", [
    "ismcts:iters=0", "ismcts:iters=1.5", "ismcts:iters=lots", "ismcts:time=0", "ismcts:time=-1",
    "ismcts:time=inf", "ismcts:c=-1", "ismcts:rollout=smart", "ismcts:prior=oracle", "ismcts:eps=2",
    "ismcts:obs=all", "ismcts:sw=1.5", "ismcts:bonus=huge", "ismcts:gamma=0", "ismcts:clock=sundial",
    "ismcts:alpha=1", "ismcts:fast=maybe",
    "ismcts:tuned=perhaps", "ismcts:given=depth", "ismcts:depth=-1", "ismcts:depth=1.5", "ismcts:depth=deep",
    "ismcts:time=100s", "ismcts:time=0.5e2s", "ismcts:time=nan", "ismcts:pw=-2", "ismcts:iters=1e9x",
    "ismcts:iters",
])
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(InvalidOptionError):
        make_agent(spec)


def test_iteration_budget_is_exact_and_time_budget_is_kept() -> None:
    game = medieval.make("paladin", players=4)
    state = game.new_game(seed=3)
    seat = state.to_move[0]
    agent = ismcts("ismcts:iters=57")
    assert agent.choose(state, seat) in state.legal_actions(seat)
    assert agent.last.iterations == 57
    assert sum(v for v, _ in agent.last.root.values()) == 57
    timed = ismcts("ismcts:time=0.05")
    timed.choose(state, seat)
    assert timed.last.iterations >= 1
    assert timed.last.seconds < 0.5


# ------------------------------------------------------------------------------------- no peeking
class RealStateGuard:
    """Stands for the real state and lets the bot do only what its seat may: ask who is to move,
    whether the game is over, its own legal actions and view, a determinization from its own seat, and
    the game's configuration. Anything else (hidden fields, other seats' actions or views, the log,
    cloning) fails the test."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.determinized = 0

    @property
    def to_move(self) -> tuple[int, ...]:
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def game(self) -> Any:
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    def legal_actions(self, seat: int) -> list[Action]:
        assert seat == self._seat, f"the bot of seat {self._seat} asked for seat {seat}'s legal actions"
        return self._state.legal_actions(seat)

    def view(self, seat: int | None) -> Any:
        assert seat == self._seat, f"the bot of seat {self._seat} read the view of seat {seat}"
        return self._state.view(seat)

    def determinize(self, seat: int, rng: random.Random) -> State:
        assert seat == self._seat, f"the bot of seat {self._seat} determinized for seat {seat}"
        self.determinized += 1
        return self._state.determinize(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read state.{name}, which its seat may not use")


def decision_points(name: str, seed: int, count: int = 3) -> list[tuple[State, int]]:
    """``count`` positions spread over a random game (at 1/4, 2/4, 3/4 ... of its length), each with a
    real choice (2+ legal actions) for the seat that is to move."""
    game = medieval.make(name)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[State, int]] = []
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            seen.append((state.clone(), seat))
        state.apply(seat, rng.choice(legal))
    assert seen, f"{name}: no decision with a choice in a random game"
    return [seen[len(seen) * (k + 1) // (count + 1)] for k in range(count)]


def determinize_is_canonical(state: State, other: State, seat: int) -> bool:
    """Whether two states with the same view for ``seat`` determinize to the same world under one seed
    of the generator the bot hands to ``determinize``."""
    a = state.determinize(seat, OrderBlindRandom(5))
    b = other.determinize(seat, OrderBlindRandom(5))
    return a.position_json() == b.position_json()


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_touches_only_what_its_seat_may_see(name: str) -> None:
    points = decision_points(name, seed=11, count=2)
    for obs, (state, seat) in [("events", points[0]), ("events", points[1]), ("actions", points[1])]:
        guard = RealStateGuard(state, seat)
        agent = ismcts(f"ismcts:iters=12,obs={obs},paired=0")
        action = agent.choose(cast(State, guard), seat)
        assert action in state.legal_actions(seat)
        assert guard.determinized == 12 + 1  # and one for the loop guard's check of the move (loops.py)
    # the paired root search: one world per sample, every legal action played on it
    state, seat = points[1]
    guard = RealStateGuard(state, seat)
    agent = ismcts("ismcts:iters=12,paired=1,rollout=heuristic")
    assert agent.choose(cast(State, guard), seat) in state.legal_actions(seat)
    k = len(state.legal_actions(seat))
    assert guard.determinized == -(-12 // k) + 1


@pytest.mark.parametrize("name", GAMES)
def test_no_peeking_same_choice_when_only_hidden_information_differs(name: str) -> None:
    """Two states that differ only in what the seat cannot see (its view is the same) get the same
    search, move for move, under the same seed.

    That needs the worlds ``determinize`` makes to depend on the seat's view and the seed alone. Games
    gather the unseen cards in the order they really lie and shuffle them; the bot hands determinize an
    ``OrderBlindRandom``, which sorts such a pool before shuffling (no probability changes), so the
    order cannot show through."""
    differing = 0
    for k, (state, seat) in enumerate(decision_points(name, seed=5)):
        other = state.determinize(seat, random.Random(1000 + k))
        assert other.view(seat) == state.view(seat)
        if other.position_json() == state.position_json():
            continue
        differing += 1
        assert determinize_is_canonical(state, other, seat), (
            f"{name}: determinize(seat, rng) depends on how the hidden cards really lie, not only on view(seat) "
            f"and the seed: draw the unseen cards with rng.shuffle/sample/choice on the whole pool (which "
            f"OrderBlindRandom sorts first), or sort the pool before drawing from it")
        for spec in ("ismcts:iters=20,paired=0", "ismcts:iters=20,paired=1,rollout=heuristic"):
            first, second = ismcts(spec, seed=3), ismcts(spec, seed=3)
            assert first.choose(state, seat) == second.choose(other, seat)
            assert first.last.root == second.last.root, f"{name}: root statistics differ ({spec})"
    assert differing or not type(medieval.make(name)).has_hidden_information()


@pytest.mark.parametrize("spec", ["ismcts:iters=200", "ismcts:iters=200,paired=1"])
def test_no_peeking_at_a_secret_simultaneous_choice(spec: str) -> None:
    """Seat 0 has secretly picked; seat 1's search must be the same whatever seat 0 picked."""
    game = SecretPickGame()
    picks: list[object] = []
    for hidden in (0, 1):
        state = game.new_game(seed=1)
        state.apply(0, Pick(hidden))
        assert state.to_move == (1,)
        agent = ismcts(spec, seed=4)
        picks.append(agent.choose(state, 1))
        picks.append(agent.last.root)
    assert picks[0] == picks[2] and picks[1] == picks[3]


# ----------------------------------------------------------------------------- simultaneous moves
@pytest.mark.parametrize("obs", ["events", "actions"])
def test_simultaneous_choices_are_not_seen_by_the_other_chooser(obs: str) -> None:
    """Matching pennies: if seat 1's tree node depended on seat 0's unrevealed pick, seat 1 would always
    match it and every pick of seat 0 would look lost. Each pick is really worth about 1/2."""
    game = SecretPickGame()
    state = game.new_game(seed=2)
    assert state.to_move == (0, 1)
    agent = ismcts(f"ismcts:iters=600,obs={obs},c=1.0", seed=9)
    agent.choose(state, 0)
    values = [mean for _, mean in agent.last.root.values()]
    assert len(values) == 2
    assert all(0.3 < v < 0.7 for v in values), agent.last.root
    # seat 1, still to pick while seat 0 has not: the same holds from its side
    agent.choose(state, 1)
    assert all(0.3 < v < 0.7 for _, v in agent.last.root.values()), agent.last.root


def test_progressive_widening_limits_tried_actions_on_large_action_sets() -> None:
    game = SecretPickGame(width=200)
    state = game.new_game(seed=1)
    state.apply(1, Pick(0))  # seat 0 alone to choose now (seat 1's pick is hidden from it)
    wide = ismcts("ismcts:iters=100,pw=off,prior=none")
    wide.choose(state, 0)
    assert len(wide.last.root) == 100  # every iteration tries a new action
    narrow = ismcts("ismcts:iters=100,pw=1,alpha=0.5,prior=none")
    narrow.choose(state, 0)
    assert len(narrow.last.root) <= 11  # ceil(1 * 100 ** 0.5) + the first
    auto = ismcts("ismcts:iters=100,prior=none")  # auto: widening from 24 legal actions
    auto.choose(state, 0)
    assert len(auto.last.root) <= 21


def test_a_simultaneous_root_decision_is_a_mixed_strategy() -> None:
    game = SecretPickGame()
    state = game.new_game(seed=3)
    picks = {ismcts("ismcts:iters=200", seed=k).choose(state, 0) for k in range(12)}
    assert picks == {Pick(0), Pick(1)}


def test_games_without_a_heuristic_still_work_with_the_heuristic_options() -> None:
    game = SecretPickGame()
    state = game.new_game(seed=1)
    for spec in ("ismcts:iters=30,prior=heuristic", "ismcts:iters=30,rollout=heuristic"):
        assert ismcts(spec).choose(state, 0) in state.legal_actions(0)


# --------------------------------------------------------------------------------------- rollouts
def test_fast_rollouts_are_checked_per_game() -> None:
    assert fast_path_ok(medieval.make("paladin", players=4))
    assert fast_path_ok(SecretPickGame())


def test_heuristic_rollouts_skip_the_log_only_where_the_heuristic_plays_the_same_without_it() -> None:
    for name, players in (("medievallons", 2), ("medievalia", 4), ("paladin", 4)):
        assert fast_heuristic_ok(medieval.make(name, players=players)), name
    log_reader = LogReadingPickGame()
    assert fast_path_ok(log_reader)  # its rules do not read the log ...
    assert not fast_heuristic_ok(log_reader)  # ... but its heuristic does
    state = log_reader.new_game(seed=2)
    assert ismcts("ismcts:iters=40,rollout=heuristic").choose(state, 0) in state.legal_actions(0)


@pytest.mark.parametrize(("name", "players"), [("medievallons", 2), ("medievalia", 4)])
def test_fast_heuristic_rollouts_search_exactly_as_the_checked_ones(name: str, players: int) -> None:
    game = medieval.make(name, players=players)
    state = game.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(9):  # a little way into the game
        seat = state.to_move[0]
        state.apply(seat, game.heuristic_action(state, seat, rng))
    seat = state.to_move[0]
    roots = []
    for fast in ("1", "0"):
        agent = ismcts(f"ismcts:iters=60,rollout=heuristic,depth=end,fast={fast}", seed=5)
        agent.search(state, seat, state.legal_actions(seat))
        roots.append(agent.last.root)
    assert roots[0] == roots[1]


def test_the_same_seed_gives_the_same_game() -> None:
    game = medieval.make("paladin", players=3)
    a = play_match(game, [make_agent("ismcts:iters=20", 1), make_agent("heuristic", 2), make_agent("random", 3)], 5)
    b = play_match(game, [make_agent("ismcts:iters=20", 1), make_agent("heuristic", 2), make_agent("random", 3)], 5)
    assert a.state.history == b.state.history


@pytest.mark.parametrize("spec", ["ismcts:iters=4,rollout=heuristic,eps=0.3", "ismcts:iters=30,obs=actions,sw=0.5",
                                  "ismcts:iters=30,fast=0,prior=none", "ismcts:iters=30,paired=1,depth=5",
                                  "ismcts:iters=30,paired=1,prior=none,fast=0"])
def test_variants_play_whole_games(spec: str) -> None:
    game = medieval.make("paladin", players=3)
    result = play_match(game, [make_agent(spec, 1), make_agent("random", 2), make_agent("heuristic", 3)], 8)
    assert result.state.is_over


# ------------------------------------------------------------------------- cut-off and evaluation
def test_a_cut_off_hands_the_position_to_the_games_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    """``depth=N``: after N rollout steps the game's own evaluation gives the rewards; ``depth=0``
    evaluates the new node itself, so every iteration that does not end the game is evaluated."""
    game = medieval.make("medievalia2007", players=2)
    assert type(game).has_evaluation()
    state = game.new_game(seed=4)
    seat = state.to_move[0]
    calls: list[int] = []
    real = type(game).evaluate

    def counting(self: Any, world: State) -> list[float] | None:
        calls.append(len(world.history))
        return real(self, world)

    monkeypatch.setattr(type(game), "evaluate", counting)
    start = len(state.history)
    ismcts("ismcts:iters=30,depth=0").search(state, seat, state.legal_actions(seat))
    assert len(calls) == 30 and max(calls) - start <= 30  # evaluated at the tree's edge, no playout
    calls.clear()
    # (fast=0: the checked path keeps the history that counts the steps here)
    ismcts("ismcts:iters=30,depth=12,rollout=heuristic,fast=0").search(state, seat, state.legal_actions(seat))
    assert len(calls) == 30 and min(calls) - start >= 13  # at least one tree step and 12 playout steps
    calls.clear()
    ismcts("ismcts:iters=30,depth=end").search(state, seat, state.legal_actions(seat))
    assert calls == []  # depth=end: playouts run to the end of the game
    ismcts("ismcts:iters=30,tuned=0").search(state, seat, state.legal_actions(seat))
    assert calls == []  # and so they do by default, without the game's tuning ...
    ismcts("ismcts:iters=30").search(state, seat, state.legal_actions(seat))
    assert len(calls) == 30  # ... which for this game is depth=0


def _tuned(config: ISMCTSConfig, name: str, players: int | None = None) -> ISMCTSConfig:
    return config.for_game(medieval.make(name, players))


def test_tuned_per_game_values_fill_only_the_parameters_not_given() -> None:
    plain = ismcts("ismcts:time=1").config
    assert _tuned(plain, "medievalia2007").depth == 0
    assert _tuned(plain, "medievallons", 4) == ISMCTSConfig(time=1.0, rollout="heuristic", bias=0.5, bonus="puct",
                                                            depth="round")
    assert _tuned(plain, "medievalia").depth == "round"
    assert _tuned(plain, "paladin") is plain  # nothing tuned: the generic defaults
    assert _tuned(ismcts("ismcts:depth=end").config, "medievalia2007").depth is None
    own = _tuned(ismcts("ismcts:bias=2,rollout=random").config, "medievallons", 4)
    assert (own.bias, own.rollout, own.bonus) == (2.0, "random", "puct")
    off = ismcts("ismcts:tuned=0").config
    assert _tuned(off, "medievalia2007") is off and off.depth is None


@pytest.mark.parametrize("name", GAMES)
def test_every_games_search_defaults_are_valid_parameters(name: str) -> None:
    """The search defaults each game declares (its spec's ``data/search.json``): for every player count,
    or for one the game is played by, and valid ISMCTS parameters; and the game's own bot levels, if it
    has some, bots that can be built."""
    game = medieval.make(name)
    spec = game.spec
    assert spec.has("search")
    resource = spec.resource("search")
    assert resource is not None
    table = json.loads(resource.read_text("utf-8"))
    for key, values in table.items():
        if key.startswith("_"):
            continue
        if key == "levels":  # the common ones (None), and those of one player count
            for count, named in own_levels(spec).items():
                where = game if count is None else medieval.make(name, count)
                for level, bot in named.items():
                    assert make_agent(level, 1, where).name == level
                    make_agent(bot, 1)
            continue
        assert key == "all" or (key.isdigit() and int(key) in spec.player_counts), f"bad key {key!r}"
        ISMCTSConfig.from_params(values)
    for n in spec.player_counts:
        ISMCTSConfig.from_params(spec.search_defaults(n))


def test_tuned_values_for_a_player_count_add_to_the_games_own() -> None:
    plain = ismcts("ismcts:time=1").config
    four = _tuned(plain, "medievallons", 4)
    two = _tuned(plain, "medievallons", 2)
    assert four == _tuned(plain, "medievallons", 3) and four.paired is False
    assert two.paired is True and two.eps == 0
    assert replace(two, paired=False, eps=0.1) == four  # the game's values still hold at 2 players
    assert _tuned(ismcts("ismcts:paired=0").config, "medievallons", 2).paired is False  # the spec wins
    assert _tuned(ismcts("ismcts:tuned=0").config, "medievallons", 2).paired is False


def test_a_cut_off_is_ignored_by_games_without_an_evaluation() -> None:
    """Paladin has no evaluation: with ``depth`` its playouts still run to the end, and the search works."""
    game = medieval.make("paladin", players=4)
    assert not type(game).has_evaluation() and game.evaluate(game.new_game(seed=1)) is None
    agents = [make_agent("ismcts:iters=20,depth=0", 1)] + [make_agent("random", s) for s in (2, 3, 4)]
    result = play_match(game, agents, 9)
    assert result.state.is_over


# --------------------------------------------------------------------------------------- strength
@pytest.mark.slow
def test_ismcts_beats_random_on_paladin() -> None:
    """Seat-rotated: one ISMCTS (40 iterations a move) against three random bots, eight games. A bot no
    better than random wins 5 or more of 8 with probability 2.7%; the seeds are fixed, so this is exact."""
    game = medieval.make("paladin", players=4)
    wins = 0.0
    for i in range(8):
        seat = i % 4
        agents = [make_agent("ismcts:iters=40", 100 + i) if s == seat else make_agent("random", 10 * i + s)
                  for s in range(4)]
        wins += play_match(game, agents, 200 + i).outcome.reward(seat)
    assert wins >= 5, f"ISMCTS won only {wins} of 8 games against random bots"



@pytest.mark.slow
def test_norm_lets_small_evaluation_differences_steer_the_search() -> None:
    """``norm=1``: a node's mean rewards are rescaled to [0, 1] before the exploration term is added. An
    evaluation whose moves differ by 0.01 leaves plain UCB (c=0.7) spreading its visits almost evenly;
    rescaled, the search puts most of them on the best move."""
    state = CloseCallGame(players=2).new_game(seed=1)
    plain = ismcts("ismcts:iters=3000,depth=0,prior=none")
    scaled = ismcts("ismcts:iters=3000,depth=0,prior=none,norm=1")
    assert ismcts("ismcts:norm=0").config.norm is False and scaled.config.norm is True
    shares = []
    for agent in (plain, scaled):
        assert agent.search(state, 0, state.legal_actions(0)) == Pick(3)
        shares.append(agent.last.root["pick 3"][0] / agent.last.iterations)
    assert shares[0] < 0.5 < 0.8 < shares[1]
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:norm=sometimes")


# ------------------------------------------------------------------------------ paired root search
def test_paired_playouts_find_a_small_edge_the_heuristic_misses() -> None:
    """``paired=1``: every action is played on the same world with the same dice, so a 2% edge under a
    d100 shows in the paired differences alone (the rolls' luck cancels). The heuristic picks 0; the
    search leaves it for the best pick, 3, with a z-score far above the bar."""
    game = DiceEdgeGame(players=2, step=2)
    state = game.new_game(seed=1)
    agent = ismcts("ismcts:iters=800,paired=1,rollout=heuristic", seed=2)
    assert agent.choose(state, 0) == Pick(3)
    assert agent.last.iterations == 800  # 200 samples x 4 actions, each playout one iteration
    visits = {a: v for a, (v, _) in agent.last.root.items()}
    assert visits == {"pick 0": 200, "pick 1": 200, "pick 2": 200, "pick 3": 200}
    means = {a: m for a, (_, m) in agent.last.root.items()}
    # the same rolls for every action: the win rates are ordered exactly like the picks
    assert means["pick 0"] <= means["pick 1"] <= means["pick 2"] <= means["pick 3"]
    assert means["pick 3"] - means["pick 0"] == pytest.approx(0.06, abs=0.05)


def test_paired_search_keeps_the_heuristics_move_without_evidence() -> None:
    """No action better than the heuristic's (step 0: the pick changes nothing), or too few samples
    (``nmin``): the heuristic's move is played."""
    for seed in range(5):
        flat = DiceEdgeGame(players=2, step=0).new_game(seed=seed)
        assert ismcts("ismcts:iters=400,paired=1", seed=seed).choose(flat, 0) == Pick(0)
    edge = DiceEdgeGame(players=2, step=15).new_game(seed=1)
    assert ismcts("ismcts:iters=400,paired=1", seed=1).choose(edge, 0) == Pick(3)
    assert ismcts("ismcts:iters=400,paired=1,nmin=500", seed=1).choose(edge, 0) == Pick(0)
    assert ismcts("ismcts:iters=400,paired=1,z=1000", seed=1).choose(edge, 0) == Pick(0)


def test_paired_search_without_a_heuristic_plays_the_best_mean() -> None:
    state = DiceEdgeGame(players=2, step=15).new_game(seed=3)
    agent = ismcts("ismcts:iters=400,paired=1,prior=none", seed=3)
    assert agent.choose(state, 0) == Pick(3)
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:paired=1,z=-1")
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:paired=1,nmin=0")
