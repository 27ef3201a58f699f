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
    own = own_levels(game.spec)
    return {**own.get(None, {}), **own.get(game.players, {})}


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

