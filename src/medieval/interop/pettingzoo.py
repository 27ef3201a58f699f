"""PettingZoo AEC environments for every registered game (optional extra: ``pip install 'medieval[interop]'``).

>>> from medieval.interop.pettingzoo import env
>>> e = env(name, players=4, render_mode="ansi")     # name: a registered game (medieval.list_games())
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].shape      # float32 in [0, 1], int8

Agents are ``player_0`` .. ``player_{n-1}`` (seat i). The agent to act is the first seat of the engine's
``to_move``; simultaneous secret choices are made one seat at a time (the engine keeps the earlier ones
secret). Observations are ``{"observation": float32[obs_size], "action_mask": int8[action_size]}``, both from
``view(seat)`` through the game's encoding (egocentric: seats relative to the observer). The action is the
index of a legal action (its mask entry is 1); an illegal index raises ``IllegalActionError``. Rewards come at
the end: ``outcome.reward(seat)`` (1 for a sole win, 1/k for a win shared by k, 0 otherwise), and every agent
is terminated then. Chance lives inside the engine: ``reset(seed=s)`` makes the whole episode reproducible.
"""

from __future__ import annotations

import random
from typing import Any

from medieval.core.errors import IllegalActionError
from medieval.core.registry import make
from medieval.core.state import Action, State
from medieval.interop.codec import EXTRA_HINT, EncodingError, GameCodec, MissingExtraError, bind
from medieval.interop.encodings import encoding_for

try:
    import gymnasium.spaces as _spaces
    import numpy as _np
    from pettingzoo import AECEnv
except ImportError as _e:  # pragma: no cover - depends on the installation
    raise MissingExtraError(f"medieval.interop.pettingzoo needs numpy, gymnasium and pettingzoo: {EXTRA_HINT}") from _e

RENDER_MODES = ("ansi",)


def env(game: str, players: int | None = None, render_mode: str | None = None,
        render_seat: int | str | None = "current", **options: Any) -> MedievalEnv:
    """An AEC environment of ``game`` (registry name) for ``players`` seats with rule ``options``."""
    return MedievalEnv(game, players, render_mode=render_mode, render_seat=render_seat, **options)


raw_env = env


class MedievalEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """AEC environment over the engine contract; see the module docstring."""

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 render_seat: int | str | None = "current", **options: Any) -> None:
        super().__init__()
        self.game = make(game, players, **options)
        name = self.game.spec.name
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
        if not (render_seat is None or render_seat == "current"
                or (isinstance(render_seat, int) and 0 <= render_seat < self.game.players)):
            raise ValueError(f"render_seat must be 'current', a seat 0-{self.game.players - 1} or None (spectator)")
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.metadata = {"name": f"medieval_{name}_v0", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.codec: GameCodec = bind(encoding_for(name), self.game)
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = _spaces.Dict({
            "observation": _spaces.Box(0.0, 1.0, (self.codec.observation_size,), dtype=_np.float32),
            "action_mask": _spaces.Box(0, 1, (self.codec.action_size,), dtype=_np.int8),
        })
        act_space = _spaces.Discrete(self.codec.action_size)
        # one space object per agent, returned as is (seeding a space must stick)
        self.observation_spaces = {a: obs_space if i == 0 else _spaces.Dict(dict(obs_space.spaces))
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: act_space if i == 0 else _spaces.Discrete(self.codec.action_size)
                              for i, a in enumerate(self.possible_agents)}
        self._rng = random.Random()
        self.state_: State | None = None
        self._legal: dict[int, Action] | None = None  # index -> action of the selected seat, this position
        self._legal_seat = -1
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    @property
    def engine_state(self) -> State:
        """The engine state of the current episode (reset first)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds this environment's stream of game seeds (so ``reset(seed=s)`` then
        plain ``reset()`` calls give a reproducible sequence of games)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state_ = self.game.new_game(self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._legal = None
        self._select()

    def _select(self) -> None:
        s = self.engine_state
        to_move = s.to_move
        if to_move:
            self.agent_selection = self.possible_agents[to_move[0]]

    def seat_of(self, agent: str) -> int:
        return self.agent_name_mapping[agent]

    def legal(self, agent: str | None = None) -> dict[int, Action]:
        """Index -> engine action of an agent's legal actions now (empty if it is not to act)."""
        seat = self.agent_name_mapping[agent or self.agent_selection]
        s = self.engine_state
        if seat == self._legal_seat and self._legal is not None:
            return self._legal
        legal = self.codec.legal(s, seat)
        self._legal, self._legal_seat = legal, seat
        return legal

    def action_mask(self, agent: str | None = None) -> Any:
        """The int8 legal-action mask of an agent (all 0 when it is not to act or the game is over)."""
        return self.codec.mask_of(self.legal(agent))

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.agent_name_mapping[agent]
        s = self.engine_state
        return {"observation": self.codec.observe(s, seat), "action_mask": self.codec.mask_of(self.legal(agent))}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.engine_state
        seat = self.agent_name_mapping[agent]
        legal = self.legal(agent)
        try:
            engine_action = legal[int(action)]
        except (KeyError, TypeError, ValueError):
            if isinstance(action, int | _np.integer) and 0 <= int(action) < self.codec.action_size:
                raise IllegalActionError(
                    f"{agent}: action {int(action)} ({self.codec.label(int(action))}) is not legal now "
                    f"(legal: {sorted(legal)})") from None
            raise EncodingError(f"{agent}: {action!r} is not an action index 0..{self.codec.action_size - 1}") from None
        self._cumulative_rewards[agent] = 0.0
        s.apply(seat, engine_action)
        self._legal = None
        rewards = self.rewards
        out = s.outcome
        if out is None:
            for a in rewards:
                rewards[a] = 0.0
            self._select()
        else:
            for a in self.agents:
                rewards[a] = out.reward(self.agent_name_mapping[a])
                self.terminations[a] = True
                self.infos[a] = {"outcome": out.to_json()}
            self._accumulate_rewards()

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        if self.render_mode is None:
            import warnings

            warnings.warn("render() called without a render_mode (use render_mode='ansi')", stacklevel=2)
            return None
        s = self.engine_state
        seat: int | None
        if self.render_seat == "current":
            seat = s.to_move[0] if s.to_move else None
        else:
            seat = self.render_seat if isinstance(self.render_seat, int) else None
        return render_text(s, seat)

    def close(self) -> None:
        self._legal = None


def render_text(state: State, seat: int | None, width: int = 100) -> str:
    """The terminal picture of ``state.view(seat)`` as plain text (the game's renderer, drawn without
    colours)."""
    return state.render(seat, width)
