"""ISMCTS: where the playouts stop and where each line is scored (``depth``: a round, a turn, none; ``horizon``),
and how the budget is spread over trees (``trees``), checked on the games with rounds and on Medievalia
2007's many-decision turns."""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import pytest

import medieval
from medieval.agents.ismcts import ISMCTSAgent
from medieval.core.errors import InvalidOptionError
from medieval.core.state import Action, State
from tests.agents.test_ismcts import ismcts


@pytest.mark.parametrize(("name", "players", "spec"), [
    ("medievallons", 2, "ismcts:iters=30,depth=round"),  # heuristic playouts (the game's tuning)
    ("medievallons", 2, "ismcts:iters=30,depth=round,rollout=random"),  # the fast random path
    ("medievalia", 4, "ismcts:iters=30,depth=round"),
])
def test_depth_round_stops_each_playout_where_its_round_ends(
        monkeypatch: pytest.MonkeyPatch, name: str, players: int, spec: str) -> None:
    """``depth=round``: a playout runs to the end of the round it is in, and the game's evaluation scores
    the start of the next round (round 1 of these games cannot end the game, so every iteration does)."""
    game = medieval.make(name, players=players)
    state = game.new_game(seed=3)
    assert game.round_number(state) == 1
    rounds: list[int | None] = []
    real = type(game).evaluate

    def recording(self: Any, world: State) -> list[float] | None:
        rounds.append(game.round_number(world))
        return real(self, world)

    monkeypatch.setattr(type(game), "evaluate", recording)
    seat = state.to_move[0]
    agent = ismcts(spec)
    agent.search(state, seat, state.legal_actions(seat))
    assert rounds == [2] * 30
    assert sum(v for v, _ in agent.last.root.values()) == 30


def _a_real_choice() -> State:
    """A 2-player Medievalia 2007 game played by the heuristic to a real choice (three moves or more),
    early in a turn."""
    game = medieval.make("medievalia2007")
    state: State = game.new_game(seed=4)
    rng = random.Random(4)
    while len(state.legal_actions(state.to_move[0])) < 3:
        state.apply(state.to_move[0], game.heuristic_action(state, state.to_move[0], rng))
    return state


def _where_evaluated(monkeypatch: pytest.MonkeyPatch, state: State,
                     spec: str) -> tuple[list[tuple[int, ...]], ISMCTSAgent]:
    """Search the decision of the seat to move in ``state`` with ``spec``: who was to move at each
    position the game's evaluation scored, and the bot."""
    game = state.game
    evaluated: list[tuple[int, ...]] = []
    real = type(game).evaluate

    def recording(self: Any, world: State) -> list[float] | None:
        evaluated.append(world.to_move)
        return real(self, world)

    monkeypatch.setattr(type(game), "evaluate", recording)
    agent = ismcts(spec)
    seat = state.to_move[0]
    agent.search(state, seat, state.legal_actions(seat))
    return evaluated, agent


@pytest.mark.parametrize("spec", ["ismcts:iters=24,depth=turn,rollout=heuristic,paired=1,eps=0",
                                  "ismcts:iters=24,depth=turn,rollout=random"])
def test_depth_turn_evaluates_where_the_searching_seats_turn_is_over(monkeypatch: pytest.MonkeyPatch,
                                                                      spec: str) -> None:
    """``depth=turn``: in Medievalia 2007 a seat takes many decisions in its turn; the playout finishes
    the turn of the seat that took the last searched decision, and the evaluation scores the position
    where that seat is no longer to move (with the paired search: the searching seat itself)."""
    state = _a_real_choice()
    seat = state.to_move[0]
    evaluated, agent = _where_evaluated(monkeypatch, state, spec)
    assert len(evaluated) == agent.last.iterations >= 24
    if "paired" in spec:
        assert all(seat not in to_move for to_move in evaluated)
    assert any(seat not in to_move for to_move in evaluated)
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:depth=turns")


@pytest.mark.parametrize("horizon", ["end", "turn", "reply"])
def test_horizon_turn_scores_every_line_where_the_searching_seats_turn_ends(monkeypatch: pytest.MonkeyPatch,
                                                                          horizon: str) -> None:
    """``horizon=turn``: the tree stops growing where the searching seat is no longer to move, so with
    ``depth=turn`` every line of a Medievalia 2007 search is scored at the end of that seat's own turn;
    ``horizon=reply`` plays the opponent's turn on and scores every line where the searching seat is to
    move again. Without either, the tree grows into the opponent's turn and its lines are scored at
    different points: some where the searching seat's turn ends, some where the opponent's does. The
    position searched is one where the seat may end its turn or go on."""
    game = medieval.make("medievalia2007")
    state = game.new_game(seed=4)
    rng = random.Random(4)
    while not ((legal := state.legal_actions(state.to_move[0])) and len(legal) >= 3
               and any(str(a).startswith("end") for a in legal)):
        state.apply(state.to_move[0], game.heuristic_action(state, state.to_move[0], rng))
    seat = state.to_move[0]
    evaluated, agent = _where_evaluated(monkeypatch, state,
                                        f"ismcts:iters=300,depth=turn,rollout=heuristic,eps=0,horizon={horizon}")
    assert len(evaluated) == agent.last.iterations == 300
    assert all(seat not in to_move for to_move in evaluated) == (horizon == "turn")
    assert all(seat in to_move for to_move in evaluated) == (horizon == "reply")
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:horizon=round")


def _roots_searched(monkeypatch: pytest.MonkeyPatch, state: State,
                    spec: str) -> tuple[list[object], ISMCTSAgent, Action]:
    """Search the decision of the seat to move in ``state`` with ``spec``: the searching seat's root at
    each iteration (the nodes themselves, so that no id is reused), the bot and its move."""
    agent = ismcts(spec)
    grown: list[object] = []
    real = agent._iterate

    def spy(world: State, root_seat: int, roots: Any, *args: Any) -> None:
        grown.append(roots[root_seat])
        real(world, root_seat, roots, *args)

    monkeypatch.setattr(agent, "_iterate", spy)
    seat = state.to_move[0]
    best = agent.search(state, seat, state.legal_actions(seat))
    return grown, agent, best


@pytest.mark.parametrize(("spec", "trees", "each"), [("ismcts:iters=40,trees=4", 4, [10, 10, 10, 10]),
                                                    ("ismcts:iters=10,trees=4", 4, [2, 2, 3, 3]),
                                                    ("ismcts:iters=40", 1, [40])])
def test_trees_split_the_budget_among_trees_grown_one_after_another(monkeypatch: pytest.MonkeyPatch, spec: str,
                                                                    trees: int, each: list[int]) -> None:
    """``trees=K``: the iterations go to K trees in turn, each grown from a new root, and the move is
    the one with the most visits summed over them (``last.root`` holds the sums)."""
    grown, agent, best = _roots_searched(monkeypatch, _a_real_choice(), spec + ",tuned=0,depth=0")
    runs = [len(list(group)) for _, group in itertools.groupby(grown)]
    assert runs == each and len({id(r) for r in grown}) == trees
    visits = {a: v for a, (v, _) in agent.last.root.items()}
    assert sum(visits.values()) == agent.last.iterations == sum(each)
    assert visits[str(best)] == max(visits.values())


def test_trees_share_a_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time budget, each of the K trees gets its slice of the time and at least one iteration."""
    state = medieval.make("medievalia2007").new_game(seed=5)
    roots, _, _ = _roots_searched(monkeypatch, state, "ismcts:time=0.2,clock=cpu,trees=3,tuned=0,depth=0")
    assert len({id(r) for r in roots}) == 3
    with pytest.raises(InvalidOptionError):
        ismcts("ismcts:trees=0")


def test_depth_round_plays_to_the_end_where_there_are_no_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games (or configurations) without rounds play ``depth=round`` playouts to the end; an evaluation
    that has no estimate for a configuration (Medievallons at 4 players) lets ``depth=N`` play on too."""
    for name, players, spec in [("medievalia2007", 2, "ismcts:iters=6,depth=round"),
                                ("medievallons", 4, "ismcts:iters=20,depth=round"),
                                ("medievallons", 4, "ismcts:iters=20,depth=0")]:
        game = medieval.make(name, players=players)
        assert game.round_number(game.new_game(seed=1)) is None
        state = game.new_game(seed=2)
        finished: list[bool] = []
        agent = ismcts(spec)
        original = agent._rewards

        def spy(world: State, n: int, original: Any = original, finished: list[bool] = finished) -> list[float]:
            finished.append(world.is_over)
            return cast(list[float], original(world, n))

        monkeypatch.setattr(agent, "_rewards", spy)
        seat = state.to_move[0]
        agent.search(state, seat, state.legal_actions(seat))
        assert finished and all(finished), name  # every playout was scored by the game's real end
