"""Time budgets: how the arena times bots' moves, and how the search keeps its deadline, checked with
fake clocks (each playout costs a fixed amount of fake time), never by timing real runs; successive
halving in the paired root search."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import medieval
from medieval.agents import make_agent, play_match
from medieval.agents.arena import ArenaConfig, run, summarize
from medieval.agents.base import Agent
from medieval.agents.ismcts import ISMCTSAgent
from medieval.agents.ismcts.playout import CHECK_EVERY
from medieval.agents.timing import MoveTimes, TimedAgent
from medieval.core.state import Action, State
from medieval.interfaces.bench import decision_points
from tests.agents.toygames import DiceEdgeGame, Pick


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def costly(agent: ISMCTSAgent, clock: FakeClock, seconds: float) -> list[int]:
    """Make every playout of ``agent`` cost ``seconds`` on ``clock`` (its CPU and wall clocks); return
    the list that counts the playouts."""
    agent.cpu_clock = clock
    agent.wall_clock = clock
    played = [0]
    rollout = agent._rollout

    def slow(*args: Any, **kwargs: Any) -> list[float]:
        clock.now += seconds
        played[0] += 1
        return rollout(*args, **kwargs)

    agent._rollout = slow  # type: ignore[method-assign]
    return played


def ismcts(spec: str, seed: int = 1) -> ISMCTSAgent:
    agent = make_agent(spec, seed)
    assert isinstance(agent, ISMCTSAgent)
    return agent


# ------------------------------------------------------------------------------------ deadlines
def test_the_paired_search_stops_inside_a_sample_at_its_deadline() -> None:
    """A sample plays every legal move: 20 moves at 0.125 s a playout are 2.5 s, more than twice a 1 s
    budget. The deadline is checked before every playout, so the move ends within one playout of it."""
    state = DiceEdgeGame(players=2, step=2, picks=20).new_game(seed=1)
    clock = FakeClock()
    agent = ismcts("ismcts:time=1,clock=cpu,paired=1")
    played = costly(agent, clock, 0.125)
    agent.choose(state, 0)
    assert played[0] == agent.last.iterations == 8
    assert clock.now == 1.0


def test_the_tree_search_stops_within_one_playout_of_its_deadline() -> None:
    state = DiceEdgeGame(players=2, step=2, picks=20).new_game(seed=1)
    clock = FakeClock()
    agent = ismcts("ismcts:time=1,clock=wall")
    played = costly(agent, clock, 0.375)
    agent.choose(state, 0)
    assert played[0] == agent.last.iterations == 3  # 0.375, 0.75, then 1.125 > 1: stop
    assert clock.now == 1.125


@pytest.mark.parametrize("spec", ["ismcts:time=1,clock=cpu,paired=1,depth=end",
                                  "ismcts:time=1,clock=cpu,paired=0,rollout=heuristic,depth=end,settle=off",
                                  "ismcts:time=1,clock=cpu,paired=0,rollout=random,fast=0,depth=end,settle=off"])
def test_a_playout_is_given_up_at_the_deadline(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long playout is not played out past the deadline: each step of a Medievallons game costs 1 ms of
    fake time, so a playout to the end of the match (``depth=end``), tens of steps, could overrun a 1 s
    budget by tens of ms (27 to 61 ms at these points before playouts were given up). The playouts read
    the clock every CHECK_EVERY steps and give up once it has passed, so a move (the tree's whole budget:
    ``settle=off``) ends within that many steps, plus the tree's few steps above the playout, of its
    deadline."""
    game = medieval.make("medievallons", 2)
    points = decision_points(game, 6, seed=31, per_game=1)
    agents = [ismcts(spec, seed=i) for i in range(len(points))]
    agents[0].prepare(game)  # (the fast paths' self-tests, cached, before the steps cost anything)
    cls = type(points[0][0])
    clock = FakeClock()
    steps = [0]
    for name in ("apply", "apply_fast"):
        method = getattr(cls, name)

        def costly_step(self: State, seat: int, action: Action, _method: Any = method) -> None:
            clock.now += 0.001
            steps[0] += 1
            _method(self, seat, action)

        monkeypatch.setattr(cls, name, costly_step)
    for i, (agent, (state, seat)) in enumerate(zip(agents, points, strict=True)):
        agent.cpu_clock = agent.wall_clock = clock
        start, steps[0] = clock.now, 0
        move = agent.choose(state, seat)
        assert move in state.legal_actions(seat)
        spent = clock.now - start
        assert agent.last.iterations >= 1
        assert 1.0 <= spent <= 1.0 + (CHECK_EVERY + 8) * 0.001, (spec, i, spent)
        # (without giving up, the last playout would run on to the end of the match)
        assert steps[0] * 0.001 == pytest.approx(spent)


def test_the_budget_counts_from_the_start_of_the_move() -> None:
    """Time spent before the search proper (here: a heuristic that takes 0.9375 s to propose its move) is
    part of the move: what is left of the budget is 0.0625 s, one playout."""
    state = DiceEdgeGame(players=2, step=2, picks=20).new_game(seed=1)
    clock = FakeClock()
    agent = ismcts("ismcts:time=1,clock=cpu,paired=1")
    played = costly(agent, clock, 0.125)
    heuristic = agent._heuristic

    def slow_heuristic(game: Any) -> Any:
        h = heuristic(game)
        assert h is not None

        def propose(state: State, seat: int, rng: random.Random) -> Action:
            clock.now += 0.9375
            return h(state, seat, rng)
        return propose

    agent._heuristic = slow_heuristic  # type: ignore[method-assign]
    assert agent.choose(state, 0) == Pick(0)  # no evidence against the heuristic's move: it stays
    assert played[0] == 1
    assert clock.now == 1.0625


def test_an_iteration_budget_keeps_whole_samples() -> None:
    state = DiceEdgeGame(players=2, step=2, picks=6).new_game(seed=1)
    agent = ismcts("ismcts:iters=40,paired=1")
    agent.choose(state, 0)
    assert agent.last.iterations == 42  # 7 samples of 6 playouts: a sample's playouts are not split


def test_the_budget_of_each_bot() -> None:
    game = medieval.make("paladin", 3)
    assert make_agent("ismcts:time=1.5,clock=cpu").budget(game) == (1.5, "cpu")
    assert make_agent("ismcts:time=2").budget(game) == (2.0, "wall")
    assert make_agent("ismcts:iters=20").budget(game) is None
    assert make_agent("heuristic").budget(game) is None
    assert make_agent("hard").budget(game) == (1.0, "cpu")
    assert make_agent("expert", 1, game).budget(game) == (3.0, "cpu")


# --------------------------------------------------------------------------------- move timing
class Sleeper(Agent):
    """Plays the first legal move and spends ``costs[i]`` seconds of fake CPU (and twice that of fake
    wall) on its i-th call."""

    def __init__(self, cpu: FakeClock, wall: FakeClock, costs: list[float]) -> None:
        self.cpu, self.wall, self.costs = cpu, wall, costs
        self.calls = 0
        self.choices = 0
        self.spent = 0.0

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        cost = self.costs[self.calls % len(self.costs)]
        self.calls += 1
        if len(legal) > 1:
            self.choices += 1
            self.cpu.now += cost
            self.wall.now += 2 * cost
            self.spent += cost
        return legal[0]


def test_timed_agents_count_each_decision_with_a_choice() -> None:
    cpu, wall = FakeClock(), FakeClock()
    costs = [0.5, 1.0, 0.25, 2.0, 0.125]
    game = medieval.make("medievallons", 2)
    sleepers = [Sleeper(cpu, wall, costs) for _ in range(2)]
    timed = [TimedAgent(s, cpu, wall) for s in sleepers]
    play_match(game, timed, seed=5)
    for s, t in zip(sleepers, timed, strict=True):
        assert s.calls > s.choices > 0
        assert t.times.moves == s.choices
        assert t.times.cpu_total == pytest.approx(s.spent) and t.times.wall_total == pytest.approx(2 * s.spent)
    merged = MoveTimes()
    for t in timed:
        merged.merge(t.times)
    assert merged.moves == sum(s.choices for s in sleepers)
    assert merged.cpu_max == 2.0 and merged.wall_max == 4.0
    assert merged.cpu_quantile(0.0) == 0.125 and merged.cpu_quantile(1.0) == 2.0
    assert merged.wall_quantile(0.5) == 2 * merged.cpu_quantile(0.5)
    assert MoveTimes.from_json(merged.to_json()) == merged


def test_quantiles_of_move_times() -> None:
    times = MoveTimes()
    for k in range(1, 101):
        times.add(k / 100, k / 50)
    assert times.moves == 100
    assert times.cpu_quantile(0.95) == 0.95 and times.cpu_quantile(0.5) == 0.5
    assert times.wall_quantile(0.95) == 1.9
    assert times.cpu_max == 1.0 and times.cpu_mean == pytest.approx(0.505)
    times.add(1.2345678, 0.0)
    assert times.cpu_max == 1.2345678 and times.cpu_quantile(1.0) == 1.23  # three significant digits


def test_the_arena_reports_move_times_and_budgets(tmp_path: Path) -> None:
    config = ArenaConfig("paladin", 3, {}, ("ismcts:time=0.01", "heuristic", "random"), 3, seed=2)
    report = run(config, tmp_path, jobs=1)
    assert all(len(r["times"]) == 3 for r in report.results)
    rows = {r.bot: r for r in summarize(config, report.results).rows}
    search = rows["ismcts:time=0.01"]
    assert search.budget == (0.01, "wall") and rows["random"].budget is None
    assert search.times.moves > 0 and search.times.cpu_quantile(0.95) <= search.times.cpu_max
    over = search.over_budget
    assert over is not None and over == pytest.approx(search.times.wall_max / 0.01)
    data = search.to_json()["move_times"]
    assert data["moves"] == search.times.moves and data["budget"] == [0.01, "wall"]


# ---------------------------------------------------------------------------- successive halving
def test_successive_halving_spends_the_budget_on_the_best_moves() -> None:
    """16 picks, each 1% better than the one before, under a d100: evenly spread, 1,600 playouts give
    each pick 100; successive halving drops the weaker half of the challengers four times and gives the
    last two most of the budget, enough to leave the heuristic's pick 0 for the best pick."""
    state = DiceEdgeGame(players=2, step=1, picks=16).new_game(seed=1)
    even = ismcts("ismcts:iters=1600,paired=1", seed=3)
    even.choose(state, 0)
    assert {v for v, _ in even.last.root.values()} == {100}
    halving = ismcts("ismcts:iters=1600,paired=1,halving=8", seed=3)
    assert halving.choose(state, 0) == Pick(15)
    visits = {a: v for a, (v, _) in halving.last.root.items()}
    assert visits["pick 15"] > 2.5 * 100
    assert visits["pick 0"] == max(visits.values())  # the reference is played in every sample
    assert min(visits.values()) < 100
    assert halving.last.iterations <= 1600 + 16


def test_halving_applies_only_to_decisions_that_large() -> None:
    state = DiceEdgeGame(players=2, step=1, picks=6).new_game(seed=1)
    agent = ismcts("ismcts:iters=600,paired=1,halving=8", seed=3)
    agent.choose(state, 0)
    assert {v for v, _ in agent.last.root.values()} == {100}


def test_halving_rounds_follow_a_time_budget() -> None:
    """On a time budget the rounds are shares of the time: with 15 challengers, four rounds of 0.25 s."""
    state = DiceEdgeGame(players=2, step=1, picks=16).new_game(seed=1)
    clock = FakeClock()
    agent = ismcts("ismcts:time=1,clock=cpu,paired=1,halving=8", seed=3)
    played = costly(agent, clock, 0.001)
    assert agent.choose(state, 0) == Pick(15)
    assert played[0] == 1000 and clock.now == pytest.approx(1.0)
    visits = {a: v for a, (v, _) in agent.last.root.items()}
    assert visits["pick 15"] > 2 * 1000 // 16 > visits["pick 1"]


# ------------------------------------------------------------------------------- a decided move
def lead(agent: ISMCTSAgent) -> int:
    visits = [*sorted((v for v, _ in agent.last.root.values()), reverse=True), 0]
    return visits[0] - visits[1]


def test_a_search_that_settles_plays_the_move_of_its_whole_budget() -> None:
    """Each iteration adds one visit to one root action: once the most visited leads every other by more
    than the iterations left, the rest of the budget could not change the move. With the same seed, the
    settled search and the whole one choose the same move at every decision, the settled one in fewer
    iterations wherever it stopped."""
    game = medieval.make("medievallons", 4)
    stopped = 0
    for i, (state, seat) in enumerate(decision_points(game, 16, seed=21, per_game=1)):
        settled, whole = ismcts("ismcts:iters=240,settle=on", seed=i), ismcts("ismcts:iters=240,settle=off", seed=i)
        assert settled.choose(state.clone(), seat) == whole.choose(state.clone(), seat)
        assert whole.last.iterations == 240 and not whole.last.settled
        if settled.last.settled:
            stopped += 1
            assert settled.last.iterations < 240 and settled.last.iterations % 16 == 0
            assert lead(settled) > 240 - settled.last.iterations
        else:
            assert settled.last.iterations == 240
    assert stopped >= 4


def test_a_time_budget_settles_on_the_rate_so_far() -> None:
    """At 1 ms of (fake) CPU a playout a one-second budget is 1,000 iterations. Pick 15 is far ahead: the
    search stops once its lead exceeds what the time left could still give at the rate so far (with a
    margin), and chooses as the whole second does."""
    state = DiceEdgeGame(players=2, step=2, picks=16).new_game(seed=1)
    moves = []
    for spec in ("ismcts:time=1,clock=cpu", "ismcts:time=1,clock=cpu,settle=off"):
        clock = FakeClock()
        agent = ismcts(spec, seed=3)
        played = costly(agent, clock, 0.001)
        moves.append(agent.choose(state, 0))
        if agent.last.settled:
            assert played[0] == agent.last.iterations < 1000
            left = (1.0 - clock.now) * 1000  # iterations the time left would give, at this rate
            assert left * 1.25 < lead(agent) <= (left + 16) * 1.25 + 16  # checked every 16 iterations
        else:
            assert spec.endswith("off") and played[0] == 1000
    assert moves[0] == moves[1] == Pick(15)


def test_which_searches_settle() -> None:
    """``settle=auto`` (the default) with a time budget alone: an iteration budget keeps the bot's random
    draws where a seeded run expects them. Several trees and the paired search spend their whole budget."""
    def settles(spec: str) -> bool:
        agent = ismcts(spec)
        return agent.config.settles
    assert settles("ismcts:time=1") and settles("ismcts:iters=100,settle=on")
    assert not settles("ismcts:iters=100") and not settles("ismcts:iters=100,time=1")
    assert not settles("ismcts:time=1,settle=off")
    state = DiceEdgeGame(players=2, step=2, picks=16).new_game(seed=1)
    for spec in ("ismcts:iters=2000,settle=on,trees=2", "ismcts:iters=2000,settle=on,paired=1"):
        agent = ismcts(spec, seed=3)
        agent.choose(state, 0)
        assert not agent.last.settled and agent.last.iterations >= 2000, spec
    with pytest.raises(medieval.InvalidOptionError):
        ismcts("ismcts:settle=maybe")
