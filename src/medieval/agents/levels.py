"""Bot levels for people: ``easy``, ``medium``, ``hard``, ``expert``, each a bot spec with a fixed budget
per move, accepted wherever a seat is chosen (``make_agent("hard")``, the CLI's ``--seats``, the server,
the browser lobby).

:data:`LEVELS` holds the spec of each level for every game. A game whose levels need other specs (a
weaker or stronger "easy", say) names them in its search table (``data/search.json``, the spec's
``search`` part) under ``"levels"``: ``{"levels": {"easy": "heuristic:eps=0.1"}}``; the levels it does
not name keep the common spec. The ladder (``medieval ladder GAME``, docs/bots.md) measures that each
level is stronger than the one below.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from medieval.agents.base import Agent, make_agent
from medieval.core.errors import InvalidOptionError
from medieval.core.spec import GameSpec
from medieval.core.state import Action, Game, State


@dataclass(frozen=True)
class Level:
    name: str
    spec: str
    title: str
    description: str


LEVELS: tuple[Level, ...] = (
    Level("easy", "heuristic:eps=0.25", "Easy",
          "The rule-of-thumb player with some moves at random: it sees the obvious, and misses a lot."),
    Level("medium", "heuristic", "Medium", "The game's rule-of-thumb player: sound, quick and predictable."),
    Level("hard", "ismcts:time=1,clock=cpu", "Hard", "A search of up to one second a move."),
    Level("expert", "ismcts:time=3,clock=cpu", "Expert", "The strongest search we offer: up to three seconds a move."),
)
BY_NAME = {level.name: level for level in LEVELS}
NAMES = tuple(level.name for level in LEVELS)


def _level_table(where: str, table: object) -> dict[str, str]:
    if not isinstance(table, dict):
        raise InvalidOptionError(f"{where}: 'levels' must map level names to bot specs")
    out: dict[str, str] = {}
    for name, spec in table.items():
        if name.startswith("_") or name.isdigit():
            continue
        if name not in BY_NAME or not isinstance(spec, str):
            raise InvalidOptionError(f"{where}: 'levels' has {name!r}: {spec!r}; levels are "
                                     f"{', '.join(NAMES)}, each a bot spec")
        out[name] = spec
    return out


@cache
def _own_levels(package: str, path: str | None) -> dict[int | None, dict[str, str]]:
    """A game's own levels from its search table: None -> those of every player count, N -> those of N
    players (over the others)."""
    if path is None:
        return {}
    from importlib import resources

    data = json.loads(resources.files(package).joinpath(path).read_text("utf-8"))
    table = data.get("levels", {}) if isinstance(data, dict) else {}
    where = f"{package}/{path}"
    out: dict[int | None, dict[str, str]] = {}
    common = _level_table(where, table)
    if common:
        out[None] = common
    for key, counted in table.items():  # "2": {"hard": ...}: the levels of one player count
        if key.isdigit():
            out[int(key)] = _level_table(f"{where}, levels for {key} players", counted)
    return out


def own_levels(spec: GameSpec) -> dict[int | None, dict[str, str]]:
    """The levels a game defines for itself (not the common ones): ``None`` maps those of every player
    count, a number those of that many players, which take precedence."""
    return _own_levels(spec.package, spec.parts.search) if spec.package else {}


def game_levels(game: Game[Any]) -> dict[str, str]:
    """The levels ``game`` defines for itself at its player count (level name -> bot spec), from its
    search table: the table's ``"levels"``, with those under the player count's key (``"2": {...}``) over
    them."""
    return _levels_at(game.spec, game.players)


def _levels_at(spec: GameSpec, players: int) -> dict[str, str]:
    """The levels the game of ``spec`` defines for itself at ``players`` seats (see ``game_levels``)."""
    own = own_levels(spec)
    return {**own.get(None, {}), **own.get(players, {})}


def level_spec(name: str, game: Game[Any] | None = None) -> str | None:
    """The bot spec of a level name (case-insensitive) in ``game`` (the common one without a game), or
    None if ``name`` is no level."""
    level = BY_NAME.get(name.strip().lower())
    if level is None:
        return None
    if game is not None:
        own = game_levels(game).get(level.name)
        if own is not None:
            return own
    return level.spec


class LevelAgent(Agent):
    """A level chosen without knowing the game: it becomes the bot the level is in the game of its first
    move (and in any other game it is handed later)."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in BY_NAME:
            raise InvalidOptionError(f"unknown level {level!r} (levels: {', '.join(NAMES)})")
        self.level = level
        self.name = level
        self.seed = seed
        self._agents: dict[str, Agent] = {}

    def agent_for(self, game: Game[Any]) -> Agent:
        key = repr(game)
        agent = self._agents.get(key)
        if agent is None:
            agent = self._agents[key] = make_agent(self.level, self.seed, game)
            agent.name = self.name
        return agent

    def choose(self, state: State, seat: int) -> Action:
        return self.agent_for(state.game).choose(state, seat)

    def prepare(self, game: Game[Any]) -> None:
        self.agent_for(game).prepare(game)

    def budget(self, game: Game[Any]) -> tuple[float, str] | None:
        return self.agent_for(game).budget(game)


def _seconds(t: float) -> str:
    """A budget in words: 0.1 -> "a tenth of a second", 1 -> "one second", 3 -> "three seconds"."""
    words = {0.1: "a tenth of a second", 0.25: "a quarter of a second", 0.5: "half a second", 1.0: "one second",
             2.0: "two seconds", 3.0: "three seconds", 5.0: "five seconds", 10.0: "ten seconds"}
    return words.get(t, f"{t:g} seconds")


def describe_level(level: Level, spec: str, search: dict[str, str] | None = None) -> str:
    """What ``level`` is when it stands for bot ``spec`` in a game whose tuned search values (its search
    table at the player count: ``GameSpec.search_defaults``) are ``search``: the level's own words,
    with the budget and the share of random moves the spec really has. A spec of another kind keeps the
    level's common description."""
    from medieval.agents.base import parse_spec
    from medieval.agents.ismcts.config import ISMCTSConfig

    kind, params = parse_spec(spec)
    if kind == "heuristic":
        eps = float(params.get("eps", "0"))
        if eps <= 0:
            return BY_NAME["medium"].description
        n = max(2, round(1 / eps))
        words = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
        often = f"about one move in {words[n - 2] if n <= 10 else n} at random"
        if n >= 10:  # one slip in ten moves or fewer: sound on the whole
            return f"The rule-of-thumb player with {often}: it plays soundly, and slips now and then."
        return f"The rule-of-thumb player with {often}: it sees the obvious, and misses a lot."
    if kind != "ismcts":
        return level.description
    cfg = ISMCTSConfig.from_params(params)
    if cfg.tuned and search:  # as the search itself reads them (``ISMCTSConfig.for_game``)
        cfg = cfg.with_tuned(search)
    iters, time = cfg.iters, cfg.time
    if iters is not None and time is not None:
        budget = f"{iters:,} iterations a move, within {_seconds(time)}"
    elif iters is not None:
        budget = f"{iters:,} iterations a move"
    elif time is not None:
        budget = f"up to {_seconds(time)} a move"
    else:
        return level.description
    if level.name == "expert":
        return f"The strongest search we offer: {budget}."
    return f"A search of {budget}."


def levels_for(spec: GameSpec, players: int) -> list[tuple[Level, str, str]]:
    """Every level of the game of ``spec`` at ``players`` seats: the level, the bot spec it stands for
    there, and its description there (``describe_level``)."""
    table = _levels_at(spec, players)
    search = spec.search_defaults(players) if spec.package else {}
    out = []
    for level in LEVELS:
        bot = table.get(level.name, level.spec)
        out.append((level, bot, describe_level(level, bot, search)))
    return out
