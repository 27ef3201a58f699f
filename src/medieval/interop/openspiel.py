"""Every registered game as an OpenSpiel Python game, ``python_medieval_<game>`` (optional extra:
``pip install 'medieval[interop]'``).

>>> import pyspiel
>>> import medieval.interop.openspiel              # registers every game that has an encoding
>>> game = pyspiel.load_game("python_medieval_<game>", {"players": 4, "seed": 7})  # <game>: see 'medieval games'
>>> state = game.new_initial_state()

How our engine maps onto OpenSpiel:

- **Sequential, imperfect information.** The player to move is the first seat of the engine's ``to_move``;
  simultaneous secret choices are made one seat at a time (the engine keeps the earlier ones secret), so the
  game is declared ``SEQUENTIAL``.
- **Chance is sampled inside the engine** (each state carries its seed and draws its shuffles and rolls
  from it within ``apply``; there is no chance player), so a game whose spec declares sampled chance is
  ``SAMPLED_STOCHASTIC``, and one without chance ``DETERMINISTIC``: ``new_initial_state()`` starts a game
  whose seed is the next draw of a stream seeded by the game parameter ``seed`` (default 0). Two calls
  give two different deals; the same ``seed`` gives the same sequence of games.
- **Information**: imperfect where the spec declares hidden information or simultaneous moves, perfect
  otherwise.
- **Resampling** (``resample_from_infostate``, used by ISMCTS) is the engine's ``determinize``: hidden cards
  re-dealt consistently with the player's view, future chance re-seeded.
- **Actions** are the game's action codec indices (docs/interop.md), the same numbers as the PettingZoo
  environments. **Observation and information-state tensors** are the game's fixed-size encoding of
  ``view(player)`` (a Markov encoding of what the seat knows, not a history). The **observation string** is
  the view as canonical JSON; the **information-state string** adds the seat's log (``events(player)``), so it
  has perfect recall.
- **Utility**: general sum in [0, 1]: ``outcome.reward(seat)`` (1 for a sole win, 1/k shared by k).
- Game parameters: ``players``, ``seed`` and every rule option of the game (same names and defaults).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from medieval.agents.base import Agent, register_agent
from medieval.core.errors import InvalidOptionError
from medieval.core.registry import list_games, make
from medieval.core.spec import GameSpec
from medieval.core.state import Action, Game, State
from medieval.interop.codec import EXTRA_HINT, GameCodec, MissingEncodingError, MissingExtraError, bind
from medieval.interop.encodings import encoding_for

try:
    import numpy as _np
    import pyspiel
except ImportError as _e:  # pragma: no cover - depends on the installation
    raise MissingExtraError(f"medieval.interop.openspiel needs numpy and open_spiel: {EXTRA_HINT}") from _e

PREFIX = "python_medieval_"
_REGISTERED: dict[str, str] = {}  # short name -> medieval game name


def short_name(game: str) -> str:
    return PREFIX + game


# ---------------------------------------------------------------------------------------------- engine holder
class _Config:
    """What every state of one OpenSpiel game shares: the configured medieval game, its codec, the seed stream."""

    def __init__(self, name: str, players: int, options: dict[str, Any], seed: int) -> None:
        self.name = name
        self.game: Game[Any] = make(name, players, **options)
        self.codec: GameCodec = bind(encoding_for(name), self.game)
        self.players = self.game.players
        self.seeds = random.Random(seed)
        self.key = (name, self.game.players, tuple(sorted(self.game.options.items())))


_CONFIGS: dict[tuple[Any, ...], _Config] = {}


def _config_for(name: str, players: int, options: dict[str, Any]) -> _Config:
    """A shared config for restoring states (deserialization); its seed stream is unused."""
    key = (name, players, tuple(sorted(options.items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = _Config(name, players, options, 0)
    return cfg


class _Engine:
    """The engine state inside an OpenSpiel state (its ``__dict__`` is what OpenSpiel deep-copies on
    ``clone`` and pickles on ``serialize``), with the legal-action mapping of the position. The engine state is
    made on first use, so the throw-away initial states that OpenSpiel makes while cloning cost nothing."""

    __slots__ = ("_legal", "_legal_seat", "_state", "cfg")

    def __init__(self, cfg: _Config, state: State | None = None) -> None:
        self.cfg = cfg
        self._state = state
        self._legal: dict[int, Action] | None = None
        self._legal_seat = -1

    @property
    def state(self) -> State:
        s = self._state
        if s is None:
            s = self._state = self.cfg.game.new_game(self.cfg.seeds.getrandbits(63))
        return s

    def legal(self, seat: int) -> dict[int, Action]:
        if self._legal is None or self._legal_seat != seat:
            self._legal = self.cfg.codec.legal(self.state, seat)
            self._legal_seat = seat
        return self._legal

    def apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self._legal = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.cfg, self.state.clone())

    def __reduce__(self) -> tuple[Callable[..., _Engine], tuple[Any, ...]]:
        cfg = self.cfg
        return (_restore_engine, (cfg.name, cfg.players, dict(cfg.game.options), self.state.to_json()))


def _restore_engine(name: str, players: int, options: dict[str, Any], data: dict[str, Any]) -> _Engine:
    cfg = _config_for(name, players, options)
    return _Engine(cfg, cfg.game.from_json(data))


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------- game and state
def game_type(spec: GameSpec) -> Any:
    """The OpenSpiel ``GameType`` of a medieval game."""
    params: dict[str, Any] = {"players": spec.default_players or spec.min_players, "seed": 0}
    for opt in spec.options:
        params[opt.name] = opt.default
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=f"Medieval {spec.display_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if spec.chance == "sampled"
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if spec.hidden_information or spec.simultaneous
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class MedievalGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A medieval game as an OpenSpiel game (see the module docstring)."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.GAME
        spec = make(name).spec
        p = dict(params or {})
        players = int(p.pop("players", spec.default_players or spec.min_players))
        seed = int(p.pop("seed", 0))
        options = {k: v for k, v in p.items() if k != "name"}
        self.cfg = _Config(name, players, options, seed)
        encoding = encoding_for(name)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cfg.codec.action_size,
            max_chance_outcomes=0,
            num_players=self.cfg.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=encoding.max_game_length(self.cfg.game),
        )
        all_params = {"players": players, "seed": seed, **self.cfg.game.options}
        super().__init__(game_type(spec), info, all_params)

    @property
    def medieval_game(self) -> Game[Any]:
        return self.cfg.game

    def new_initial_state(self, *args: Any) -> MedievalState:
        if args:
            raise ValueError("medieval games start from a seed: use the 'seed' game parameter")
        return MedievalState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self.cfg.codec, iig_obs_type)


class MedievalState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """One position of a medieval game, for OpenSpiel."""

    def __init__(self, game: MedievalGame) -> None:
        super().__init__(game)
        self._m = _Engine(game.cfg)

    @property
    def engine(self) -> State:
        """The medieval engine state (``view``, ``events``, ``render``... are all there)."""
        return self._m.state

    def current_player(self) -> int:
        to_move = self._m.state.to_move
        return to_move[0] if to_move else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._m.legal(player))

    def _apply_action(self, action: int) -> None:
        m = self._m
        seat = m.state.to_move[0]
        legal = m.legal(seat)
        a = legal.get(int(action))
        if a is None:
            raise ValueError(f"action {action} ({m.cfg.codec.label(int(action))}) is not legal for player {seat}")
        m.apply(seat, a)

    def _action_to_string(self, player: int, action: int) -> str:
        m = self._m
        s = m.state
        if player >= 0 and player in s.to_move:
            a = m.legal(player).get(int(action))
            if a is not None:
                return str(a)
        return f"[{m.cfg.codec.label(int(action))}]"

    def is_terminal(self) -> bool:
        return bool(self._m.state.is_over)

    def returns(self) -> list[float]:
        s = self._m.state
        out = s.outcome
        if out is None:
            return [0.0] * s.players
        return [out.reward(p) for p in range(s.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MedievalState:
        """A state that ``player_id`` cannot tell from this one: the engine's ``determinize``. The sampler (a
        callable giving floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler``) seeds the re-deal."""
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2**53)
        else:
            seed = self._m.cfg.seeds.getrandbits(63)
        new: MedievalState = self.clone()
        new._m = _Engine(self._m.cfg, self._m.state.determinize(player_id, random.Random(seed)))
        return new

    def __str__(self) -> str:
        d = self._m.state.to_json()
        return _canonical({"chance": d["chance"], "history": d["history"], "state": d["state"],
                           "faithful": d["faithful"]})


class _Observer:
    """Observation / information-state tensors and strings of one player (see the module docstring)."""

    def __init__(self, codec: GameCodec, iig_obs_type: Any) -> None:
        self.codec = codec
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        public = bool(iig_obs_type.public_info) if iig_obs_type is not None else True
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not public:
            raise ValueError("medieval games have no private-only observations (views always include the table)")
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("medieval games have no all-players observation (views are per seat)")
        self.spectator = private == pyspiel.PrivateInfoType.NONE  # public information only: the spectator view
        self.perfect_recall = perfect_recall
        self.tensor = _np.zeros(codec.observation_size, dtype=_np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: MedievalState, player: int) -> Mapping[str, Any]:
        return state.engine.view(None if self.spectator else player)

    def set_from(self, state: MedievalState, player: int) -> None:
        self.tensor[:] = self.codec.encode_view(self._view(state, player), player)

    def string_from(self, state: MedievalState, player: int) -> str:
        view = self._view(state, player)
        if not self.perfect_recall:
            return _canonical(view)
        events = state.engine.events(None if self.spectator else player)
        return _canonical(view) + "\n" + _canonical(events)


# ---------------------------------------------------------------------------------------------- registration
def register(game: str) -> str:
    """Register one medieval game with OpenSpiel (idempotent); returns its OpenSpiel short name."""
    spec = make(game).spec
    encoding_for(spec.name)  # fail now, clearly, when the game has no encoding
    name = short_name(spec.name)
    if name not in _REGISTERED:
        # One subclass per game, registered as the game's constructor (as OpenSpiel's own Python games do):
        # OpenSpiel keeps the constructor until the process ends.
        cls = type(f"Medieval{spec.name.title()}Game", (MedievalGame,), {"GAME": spec.name, "__module__": __name__})
        _CLASSES.append(cls)
        pyspiel.register_game(game_type(spec), cls)
        _REGISTERED[name] = spec.name
    return name


_CLASSES: list[type[MedievalGame]] = []


def register_all() -> list[str]:
    """Register every registered medieval game that has an encoding; returns the OpenSpiel short names."""
    names = []
    for spec in list_games():
        try:
            names.append(register(spec.name))
        except MissingEncodingError:
            continue
    return names


def load(game: str, players: int | None = None, seed: int = 0, **options: Any) -> Any:
    """``pyspiel.load_game`` of a medieval game, registering it first."""
    name = register(game)
    params: dict[str, Any] = {"seed": seed, **options}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


def ismcts_bot(game: Any, simulations: int = 100, seed: int = 0, uct_c: float = 2.0, rollouts: int = 1,
               rollout_length: int | None = None) -> Any:
    """OpenSpiel's ISMCTS bot (its Python implementation, which resamples through our
    ``resample_from_infostate``), with random-rollout evaluation (rollouts cut after ``rollout_length`` moves
    score 0 for everyone), reproducible from ``seed``."""
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=_np.random.RandomState(seed),
                                            max_length=rollout_length)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=uct_c, max_simulations=simulations,
                           random_state=_np.random.RandomState(seed + 1))
    rng = random.Random(seed + 2)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    return bot


# ---------------------------------------------------------------------------------------------- arena bot
class OpenSpielISMCTSAgent(Agent):
    """OpenSpiel's ISMCTS through this adapter as a bot of our own match loop and arena, with a time
    budget (``openspiel-ismcts:time=1,clock=cpu``): at each decision it searches from a world its seat
    cannot tell from the real one (the engine's ``determinize``; OpenSpiel resamples from there at every
    simulation), runs simulations until the budget is spent (at least one), and plays the most visited
    action. Random rollouts (``rollouts`` per leaf, cut after ``length`` moves if given, where OpenSpiel
    scores 0 for everyone), UCT constant ``c``. The deadline is checked between simulations, so a move ends
    within one simulation of it. Import this module (``--plugin medieval.interop.openspiel``) to make it
    available by name."""

    name = "openspiel-ismcts"
    PARAMETERS = ("time", "clock", "simulations", "c", "rollouts", "length")

    def __init__(self, seconds: float | None = 1.0, clock: str = "cpu", simulations: int | None = None,
                 uct_c: float = 2.0, rollouts: int = 1, length: int | None = None, seed: int | None = None) -> None:
        if seconds is None and simulations is None:
            raise InvalidOptionError("openspiel-ismcts needs a budget: time=SECONDS or simulations=N")
        if clock not in ("cpu", "wall"):
            raise InvalidOptionError(f"openspiel-ismcts: clock must be cpu or wall, got {clock!r}")
        self.seconds = seconds
        self.clock_name = clock
        self.clock: Callable[[], float] = time.thread_time if clock == "cpu" else time.perf_counter
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        self.length = length
        self.rng = random.Random(seed)
        self._games: dict[str, MedievalGame] = {}
        #: Simulations run at the last decision.
        self.last_simulations = 0

    def _spiel_game(self, game: Game[Any]) -> MedievalGame:
        key = repr(game)
        found = self._games.get(key)
        if found is None:
            params: dict[str, Any] = {"players": game.players, "seed": 0, **game.options}
            found = self._games[key] = pyspiel.load_game(register(game.spec.name), params)
        return found

    def choose(self, state: State, seat: int) -> Action:
        start = self.clock()
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        from open_spiel.python.algorithms import ismcts, mcts

        spiel = self._spiel_game(state.game)
        root = MedievalState(spiel)
        root._m = _Engine(spiel.cfg, state.determinize(seat, random.Random(self.rng.getrandbits(63))))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, max_length=self.length,
                                                random_state=_np.random.RandomState(self.rng.getrandbits(31)))
        bot = ismcts.ISMCTSBot(game=spiel, evaluator=evaluator, uct_c=self.uct_c, max_simulations=1,
                               random_state=_np.random.RandomState(self.rng.getrandbits(31)))
        draws = random.Random(self.rng.getrandbits(63))
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, draws.random))
        bot.reset()
        node = bot.create_new_node(root)
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            if self.simulations is not None and done >= self.simulations:
                break
            if deadline is not None and done > 0 and self.clock() >= deadline:
                break
            bot.run_simulation(bot.sample_root_state(root))
            done += 1
        self.last_simulations = done
        policy = bot.get_final_policy(root, node)
        index = max(policy, key=lambda pair: pair[1])[0]
        chosen = root._m.legal(seat).get(int(index))  # (the seat's own actions are the same in every world)
        return next((a for a in legal if a == chosen), legal[0])

    def budget(self, game: Game[Any]) -> tuple[float, str] | None:
        return None if self.seconds is None else (self.seconds, self.clock_name)


def _openspiel_agent(params: dict[str, str], seed: int | None) -> Agent:
    unknown = sorted(set(params) - set(OpenSpielISMCTSAgent.PARAMETERS))
    if unknown:
        raise InvalidOptionError(f"openspiel-ismcts has no parameter {unknown[0]!r} (parameters: "
                                 f"{', '.join(OpenSpielISMCTSAgent.PARAMETERS)})")

    def number(key: str, kind: type[float] | type[int], default: float | int | None) -> Any:
        if key not in params:
            return default
        try:
            value = kind(params[key])
        except ValueError:
            raise InvalidOptionError(f"openspiel-ismcts: {key} must be a number, got {params[key]!r}") from None
        if not 0 < value < math.inf:
            raise InvalidOptionError(f"openspiel-ismcts: {key} must be a number above 0, got {params[key]!r}")
        return value

    simulations = number("simulations", int, None)
    seconds = number("time", float, None if simulations is not None else 1.0)
    return OpenSpielISMCTSAgent(seconds, params.get("clock", "cpu"), simulations, number("c", float, 2.0),
                                number("rollouts", int, 1), number("length", int, None), seed)


register_agent(OpenSpielISMCTSAgent.name, _openspiel_agent)
register_all()
