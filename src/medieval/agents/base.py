"""Agents choose actions for one seat. Bots are named by a spec string: ``random``, ``heuristic``,
``ismcts:iters=2000`` — the same names everywhere a seat is chosen (CLI, simulator, server)."""

from __future__ import annotations

import contextlib
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.state import Action, Game, State


class Agent(ABC):
    """Chooses an action for ``seat`` from what that seat may know."""

    name: str = "agent"
    #: False for agents that need a person (the terminal UI and the server treat them specially).
    automatic: bool = True

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """Return one of ``state.legal_actions(seat)``."""

    def prepare(self, game: Game[Any]) -> None:
        """Get ready to play ``game``: one-off work (caches, self-tests) that a first move should not pay
        for. Match runners call it before the first move; a bot that is not prepared still plays."""

    def budget(self, game: Game[Any]) -> tuple[float, str] | None:
        """The time a move of this bot may take in ``game``: seconds, and the clock they are measured on
        (``"cpu"``: the thread's CPU time, ``"wall"``); None for a bot without a time budget."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


class HeuristicAgent(Agent):
    """The game's own heuristic policy (``Game.heuristic_action``); with ``eps`` > 0, a uniformly random
    legal move instead with that chance (``heuristic:eps=0.3``, a deliberately weaker player)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, eps: float = 0.0) -> None:
        if not 0.0 <= eps <= 1.0:
            raise InvalidOptionError(f"heuristic: eps must be between 0 and 1, got {eps}")
        self.rng = random.Random(seed)
        self.eps = eps

    def choose(self, state: State, seat: int) -> Action:
        if self.eps > 0.0 and self.rng.random() < self.eps:
            return self.rng.choice(state.legal_actions(seat))
        return state.game.heuristic_action(state, seat, self.rng)


def _heuristic(params: dict[str, str], seed: int | None) -> Agent:
    unknown = sorted(set(params) - {"eps"})
    if unknown:
        raise InvalidOptionError(f"heuristic has no parameter {unknown[0]!r} (parameters: eps)")
    text = params.get("eps", "0")
    try:
        eps = float(text)
    except ValueError:
        raise InvalidOptionError(f"heuristic: eps must be a number, got {text!r}") from None
    if eps != eps:  # NaN
        raise InvalidOptionError("heuristic: eps must be a number, got nan")
    return HeuristicAgent(seed, eps)


_PLUGIN_MODULES = ("medieval.agents.ismcts",)

AgentFactory = Callable[[dict[str, str], int | None], Agent]
_AGENTS: dict[str, AgentFactory] = {
    "random": lambda params, seed: RandomAgent(seed),
    "heuristic": _heuristic,
}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make a bot available by name (``factory(params, seed)``)."""
    _AGENTS[name] = factory


def _load_plugins() -> None:
    # Bots living in their own modules register themselves when imported.
    for module in _PLUGIN_MODULES:
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(module)


def available_agents() -> list[str]:
    """Names of every bot, plugin bots included."""
    _load_plugins()
    return sorted(_AGENTS)


def agent_names() -> list[str]:
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=2000,c=0.7"`` -> ``("ismcts", {"iters": "2000", "c": "0.7"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.replace(";", ",").split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise InvalidOptionError(f"bot parameter {part!r} in {spec!r} is not KEY=VALUE")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def resolve_level(spec: str, game: Game[Any] | None = None) -> str:
    """A level name (``easy``, ``medium``, ``hard``, ``expert``) as its bot spec, in ``game`` if given
    (a game may define its own levels); any other spec as it is."""
    from medieval.agents.levels import level_spec

    return level_spec(spec, game) or spec


def make_agent(spec: str, seed: int | None = None, game: Game[Any] | None = None) -> Agent:
    """Build a bot from its spec string or a level name; unknown names get a clear error. A level is
    built as ``game`` defines it, or, without a game, as the game of its first move does."""
    from medieval.agents.levels import LevelAgent, level_spec

    if game is None and level_spec(spec) is not None:
        level = LevelAgent(spec.strip().lower(), seed)
        level.name = spec.strip()
        return level
    resolved = resolve_level(spec, game)
    name, params = parse_spec(resolved)
    if name not in _AGENTS:
        _load_plugins()
    factory = _AGENTS.get(name)
    if factory is None:
        raise InvalidOptionError(f"unknown bot {spec!r} (bots: {', '.join(agent_names())}; levels: easy, medium, "
                                 f"hard, expert)")
    agent = factory(params, seed)
    agent.name = spec.strip()
    return agent
