"""Bot levels (easy, medium, hard, expert): names people choose, each a bot spec with a fixed budget, the
same in every game unless the game's search table names its own."""

from __future__ import annotations

import pytest

import medieval
from medieval.agents.base import HeuristicAgent, make_agent, resolve_level
from medieval.agents.ismcts import ISMCTSAgent
from medieval.agents.levels import (
    BY_NAME,
    LEVELS,
    LevelAgent,
    describe_level,
    game_levels,
    level_spec,
    levels_for,
    own_levels,
)
from medieval.agents.match import play_match
from medieval.core.errors import InvalidOptionError

GAMES = [spec.name for spec in medieval.list_games()]


@pytest.mark.parametrize("name", GAMES)
def test_every_level_is_a_bot_with_a_budget_in_every_game(name: str) -> None:
    game = medieval.make(name)
    assert [lv.name for lv in LEVELS] == ["easy", "medium", "hard", "expert"]
    for lv in LEVELS:
        agent = make_agent(lv.name, 1, game)
        assert agent.name == lv.name
        if isinstance(agent, ISMCTSAgent):
            budget = agent.budget(game)
            assert budget is not None and budget[1] == "cpu" and budget[0] <= 3.0
        else:  # the levels below the search are the heuristic, at most weakened: a move in milliseconds
            assert isinstance(agent, HeuristicAgent)
    assert isinstance(make_agent("easy", 1, game), HeuristicAgent)
    assert isinstance(make_agent("expert", 1, game), ISMCTSAgent)


def test_a_game_may_define_its_own_levels() -> None:
    """Medievalia's easy bot makes fewer random moves than the common one, Paladin's more (their search
    tables say so); Medievallons keeps the common levels."""
    medievalia, paladin = medieval.make("medievalia"), medieval.make("paladin", 3)
    medievallons = medieval.make("medievallons")
    assert game_levels(medievalia) == {"easy": "heuristic:eps=0.15"}
    assert game_levels(paladin) == {"easy": "heuristic:eps=0.35"} and game_levels(medievallons) == {}  # 4 players
    assert level_spec("easy", medievalia) == "heuristic:eps=0.15"
    assert level_spec("Easy ", medievallons) == level_spec("easy") == "heuristic:eps=0.25"
    assert level_spec("HARD ") == "ismcts:time=1,clock=cpu" and level_spec("nonsense") is None
    assert resolve_level("random") == "random"
    assert resolve_level("easy", paladin) == "heuristic:eps=0.35"
    easy = make_agent("easy", 1, medievalia)
    assert isinstance(easy, HeuristicAgent) and easy.eps == 0.15 and easy.name == "easy"


def test_a_game_may_define_levels_for_one_player_count() -> None:
    """Two-player Medievallons plays hard with a tenth of a second of search, so that expert's three
    seconds stand apart from it (docs/bots.md, 'Levels'); at four players the common levels hold."""
    two, four = medieval.make("medievallons", 2), medieval.make("medievallons", 4)
    assert game_levels(two) == {"hard": "ismcts:time=0.1,clock=cpu"} and game_levels(four) == {}
    assert level_spec("hard", two) == "ismcts:time=0.1,clock=cpu"
    assert level_spec("hard", four) == level_spec("hard") == "ismcts:time=1,clock=cpu"
    assert level_spec("expert", two) == level_spec("expert", four) == "ismcts:time=3,clock=cpu"
    assert make_agent("hard", 1, two).budget(two) == (0.1, "cpu")
    assert make_agent("hard", 1).budget(two) == (0.1, "cpu")  # chosen without the game: the game's on its move
    assert own_levels(two.spec) == {2: {"hard": "ismcts:time=0.1,clock=cpu"}}
    assert own_levels(medieval.make("paladin", 3).spec) == {None: {"easy": "heuristic:eps=0.35"}}


def test_a_level_table_with_an_unknown_level_is_refused_with_its_place() -> None:
    from medieval.agents.levels import _level_table

    assert _level_table("here", {"_why": "a note", "2": {"hard": "x"}, "easy": "heuristic"}) == {"easy": "heuristic"}
    with pytest.raises(InvalidOptionError, match="here, levels for 2 players: 'levels' has 'master'"):
        _level_table("here, levels for 2 players", {"master": "ismcts"})
    with pytest.raises(InvalidOptionError, match="must map level names"):
        _level_table("here", ["hard"])


def test_a_level_chosen_without_its_game_becomes_the_games_level_on_its_first_move() -> None:
    agent = make_agent("easy", 1)
    assert isinstance(agent, LevelAgent) and agent.name == "easy"
    medievalia, paladin = medieval.make("medievalia"), medieval.make("paladin", 3)
    inner = agent.agent_for(medievalia)
    assert isinstance(inner, HeuristicAgent) and inner.eps == 0.15
    other = agent.agent_for(paladin)
    assert isinstance(other, HeuristicAgent) and other.eps == 0.35
    assert agent.agent_for(medievalia) is inner
    assert make_agent("hard", 1).budget(paladin) == (1.0, "cpu")


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_level_plays_a_whole_game(level: str) -> None:
    game = medieval.make("paladin", 3)
    result = play_match(game, [make_agent(level, 1), make_agent("random", 2), make_agent("random", 3)], seed=4)
    assert result.state.is_over


def test_the_weakened_heuristic_plays_random_moves_as_often_as_asked() -> None:
    game = medieval.make("paladin", 3)
    state = game.new_game(seed=2)
    seat = state.to_move[0]
    plain = HeuristicAgent(1)
    always = make_agent("heuristic:eps=1", 1)
    assert isinstance(always, HeuristicAgent) and always.eps == 1.0
    picks = {str(always.choose(state, seat)) for _ in range(60)}
    assert len(picks) > 1 and picks <= {str(a) for a in state.legal_actions(seat)}
    assert {str(plain.choose(state, seat)) for _ in range(5)} == {str(game.heuristic_action(state, seat, plain.rng))}


@pytest.mark.parametrize("spec", ["heuristic:eps=2", "heuristic:eps=-0.1", "heuristic:eps=often",
                                  "heuristic:eps=nan", "heuristic:depth=3"])
def test_bad_heuristic_parameters_are_refused(spec: str) -> None:
    with pytest.raises(InvalidOptionError):
        make_agent(spec)


def test_the_server_builds_a_level_as_the_game_defines_it() -> None:
    pytest.importorskip("fastapi")
    from medieval.interfaces.server.bots import bounded_spec

    assert bounded_spec("easy", 5.0, 1000, medieval.make("medievalia")) == "heuristic:eps=0.15"
    assert bounded_spec("easy", 5.0, 1000, medieval.make("medievallons")) == "heuristic:eps=0.25"
    assert bounded_spec("hard", 5.0, 1000, medieval.make("midevil")) == "ismcts:time=1.0,clock=wall"


def test_a_level_is_described_as_it_is_in_its_game_at_its_player_count() -> None:
    """What people read when they choose a level says the budget the level really has there: 2-player
    Medievallons' hard thinks a tenth of a second, Medievalia 2007's searches stop at a number of
    iterations (its search table's cap for expert) and its hard is the heuristic, Paladin's easy plays one move
    in three at random."""
    def described(name: str, players: int) -> dict[str, tuple[str, str]]:
        spec = medieval.make(name, players).spec
        return {lv.name: (bot, text) for lv, bot, text in levels_for(spec, players)}

    two, four = described("medievallons", 2), described("medievallons", 4)
    assert two["hard"] == ("ismcts:time=0.1,clock=cpu", "A search of up to a tenth of a second a move.")
    assert four["hard"] == ("ismcts:time=1,clock=cpu", "A search of up to one second a move.")
    assert two["expert"][1] == four["expert"][1] == "The strongest search we offer: up to three seconds a move."
    assert two["medium"][1] == BY_NAME["medium"].description
    assert four["easy"][1].startswith("The rule-of-thumb player with about one move in four at random")

    m07 = described("medievalia2007", 2)
    cap = int(medieval.make("medievalia2007", 2).spec.search_defaults(2)["iters"])
    # its search plays no better past a few hundred iterations, so its levels spread over the heuristic
    assert m07["medium"] == ("heuristic:eps=0.1", "The rule-of-thumb player with about one move in ten at random: "
                                                  "it plays soundly, and slips now and then.")
    assert m07["hard"] == ("heuristic", BY_NAME["medium"].description)
    assert m07["expert"] == ("ismcts:time=3,clock=cpu",
                             f"The strongest search we offer: {cap:,} iterations a move, within three seconds.")
    paladin_easy = described("paladin", 3)["easy"][1]
    assert paladin_easy.startswith("The rule-of-thumb player with about one move in three at random")
    assert [name for name in described("midevil", 4)] == [lv.name for lv in LEVELS]


def test_a_level_description_reads_the_spec_over_the_games_tuned_values() -> None:
    expert = BY_NAME["expert"]
    tuned = {"iters": "1000", "c": "1.4"}
    assert describe_level(expert, "ismcts:time=3", tuned) == \
        "The strongest search we offer: 1,000 iterations a move, within three seconds."
    assert describe_level(expert, "ismcts:time=3,iters=50", tuned) == \
        "The strongest search we offer: 50 iterations a move, within three seconds."
    assert describe_level(expert, "ismcts:time=3,tuned=0", tuned) == \
        "The strongest search we offer: up to three seconds a move."
    assert describe_level(BY_NAME["hard"], "ismcts:time=1.5") == "A search of up to 1.5 seconds a move."
    assert describe_level(BY_NAME["hard"], "random") == BY_NAME["hard"].description
