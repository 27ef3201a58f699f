"""Bot levels (easy, medium, hard, expert): names people choose, each a bot spec with a fixed budget."""

from __future__ import annotations

import pytest

import medieval
from medieval.agents.base import make_agent, resolve_level
from medieval.agents.ismcts import ISMCTSAgent
from medieval.agents.levels import LEVELS, level_spec
from medieval.agents.match import play_match


def test_every_level_is_a_bot_with_a_budget() -> None:
    assert [lv.name for lv in LEVELS] == ["easy", "medium", "hard", "expert"]
    for lv in LEVELS:
        agent = make_agent(lv.name, 1)
        assert agent.name == lv.name
        if isinstance(agent, ISMCTSAgent):
            assert agent.config.iters is not None or agent.config.time is not None
    assert level_spec("HARD ") == "ismcts:time=1,clock=cpu" and level_spec("nonsense") is None
    assert resolve_level("random") == "random"


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_level_plays_a_whole_game(level: str) -> None:
    game = medieval.make("paladin", 3)
    result = play_match(game, [make_agent(level, 1), make_agent("random", 2), make_agent("random", 3)], seed=4)
    assert result.state.is_over
