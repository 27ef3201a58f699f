"""Agents choose actions for one seat. Bots are named by a spec string: ``random``, ``heuristic``,
``ismcts:iters=2000`` — the same names everywhere a seat is chosen (CLI, simulator, server)."""

from __future__ import annotations

import contextlib
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from medieval.core.errors import InvalidOptionError
from medieval.core.state import Action, State


class Agent(ABC):
    """Chooses an action for ``seat`` from what that seat may know."""

    name: str = "agent"
    #: False for agents that need a person (the terminal UI and the server treat them specially).
    automatic: bool = True

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """Return one of ``state.legal_actions(seat)``."""

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
    """The game's own heuristic policy (``Game.heuristic_action``)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return state.game.heuristic_action(state, seat, self.rng)


_PLUGIN_MODULES = ("medieval.agents.ismcts",)

AgentFactory = Callable[[dict[str, str], int | None], Agent]
_AGENTS: dict[str, AgentFactory] = {
    "random": lambda params, seed: RandomAgent(seed),
    "heuristic": lambda params, seed: HeuristicAgent(seed),
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


def resolve_level(spec: str) -> str:
    """A level name (``easy``, ``medium``, ``hard``, ``expert``) as its bot spec; any other spec as it is."""
    from medieval.agents.levels import level_spec

    return level_spec(spec) or spec


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build a bot from its spec string or a level name; unknown names get a clear error."""
    resolved = resolve_level(spec)
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
