"""The engine contract: ``Game`` (a configured game) and ``State`` (one position of it).

Every game subclasses both. The base classes own everything that is the same for all games —
checked ``apply``, error messages, the history and the record, the log and its per-seat filter,
chance streams, JSON round-trips — so a game only writes its rules: ``to_move``,
``_legal_actions``, ``_apply``, ``view``, ``determinize`` and its outcome.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Self

from medieval.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
)
from medieval.core.events import Event
from medieval.core.outcome import Outcome
from medieval.core.rng import derive, fresh_seed
from medieval.core.spec import GameSpec, OptionValue

STATE_FORMAT = "medieval/state@1"
RECORD_FORMAT = "medieval/record@1"


class Action:
    """Base of every game's actions: small frozen values that name things by identity.

    ``str(action)`` is the action's notation; ``State.parse_action`` reads it back. Games define
    their actions as ``@dataclass(frozen=True, slots=True)`` subclasses."""

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError


def copy_json(value: Any) -> Any:
    """Deep copy of a JSON-native value (dicts, lists, scalars); tuples become lists."""
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value



def _mute(*args: Any, **kwargs: Any) -> None:
    """The ``_emit`` of a state whose log is muted (``State._mute_log``)."""
    return None

class State(ABC):
    """One position of a game. See ARCHITECTURE.md §2 for the contract."""

    #: Names of the game-specific attributes that make up the position. Their values must be
    #: JSON-native (int, str, bool, None, list, dict with str keys); the base class serialises and
    #: clones them generically. Games may override ``clone`` for speed.
    FIELDS: ClassVar[tuple[str, ...]] = ()

    game: Game
    _origin: dict[str, Any]
    _seed: int
    _chance: int
    _history: list[tuple[int, Action]]
    _log: list[Event]
    _faithful: bool
    _legal_seat: int
    _legal: list[Action] | None
    _notation_index: tuple[list[Action], dict[str, Action]] | None

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self._origin = {"seed": seed}
        self._seed = seed
        self._chance = 0
        self._history = []
        self._log = []
        self._faithful = True
        self._legal_seat = -1
        self._legal = None
        self._notation_index = None

    # ----------------------------------------------------------------- the rules (per game)
    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats who must decide now; () once the game is over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of a seat that is in ``to_move``: stable order, no duplicates."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of exactly what ``seat`` may know (None: a spectator)."""

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal, in place, everything ``seat`` cannot see, consistently with ``view(seat)``."""

    def components(self) -> Counter[Hashable]:
        """Every physical component in play, wherever it is; constant over a game (conservation)."""
        return Counter()

    def render(self, seat: int | None) -> str:
        """Plain-text picture of ``view(seat)`` (used for ``render_mode='ansi'`` and logs)."""
        import json

        return json.dumps(self.view(seat), indent=1, sort_keys=True)

    # ----------------------------------------------------------------- the contract
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def players(self) -> int:
        return self.game.players

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now (empty if it is not to move). Stable order, no duplicates."""
        if self._legal is not None and self._legal_seat == seat:
            return self._legal
        if seat not in self.to_move:
            return []
        legal = self._legal_actions(seat)
        self._legal_seat = seat
        self._legal = legal
        return legal

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``. Refused actions raise and leave the state untouched."""
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"{action!r} is not an action of {self.game.spec.display_name}; parse text with "
                f"parse_action(seat, text)", self.legal_actions(seat) if isinstance(seat, int) else ())
        self._check_seat(seat)
        legal = self.legal_actions(seat)
        if action not in legal:
            if self.is_over:
                raise IllegalActionError("the game is over")
            if seat not in self.to_move:
                raise IllegalActionError(
                    f"seat {seat} is not to move (to move: {', '.join(map(str, self.to_move))})")
            raise IllegalActionError(f"{action} is not legal for seat {seat} now", legal)
        self._legal = None
        self._apply(seat, action)
        self._history.append((seat, action))

    def parse_action(self, seat: int, text: str) -> Action:
        """Read an action's notation for ``seat``; the result is legal or an error is raised."""
        self._check_seat(seat)
        if not isinstance(text, str):
            raise InvalidActionError(f"notation must be text, got {type(text).__name__}",
                                     self.legal_actions(seat))
        norm = " ".join(text.split())
        legal = self.legal_actions(seat)
        index = self._notation_index
        if index is None or index[0] is not legal:
            index = (legal, {str(a): a for a in legal})
            self._notation_index = index
        found = index[1].get(norm)
        if found is not None:
            return found
        try:
            action = self.game.parse_notation(norm)
        except InvalidActionError as e:
            raise InvalidActionError(f"cannot read {text!r}: {e.reason}", legal) from None
        if action in legal:
            return action
        if self.is_over:
            raise IllegalActionError(f"{text!r}: the game is over")
        if seat not in self.to_move:
            raise IllegalActionError(f"{text!r}: seat {seat} is not to move", legal)
        raise IllegalActionError(f"{text!r} is not legal for seat {seat} now", legal)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The log as ``seat`` sees it (None: a spectator), oldest first."""
        if seat is not None:
            self._check_seat(seat)
        out = []
        for e in self._log:
            d = e.for_seat(seat)
            if d is not None:
                out.append(d)
        return out

    def clone(self) -> Self:
        """An independent copy. Generic version; games override it with a faster one."""
        new = self._shallow_clone()
        for name in self.FIELDS:
            setattr(new, name, copy_json(getattr(self, name)))
        return new

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state that ``seat`` cannot tell from this one: whatever it cannot see re-dealt
        with ``rng`` and future chance re-seeded. The result has no faithful record."""
        self._check_seat(seat)
        new = self.clone()
        new._determinize(seat, rng)
        new._seed = rng.getrandbits(63)
        new._chance = 0
        new._faithful = False
        new._legal = None
        return new

    @property
    def history(self) -> list[tuple[int, str]]:
        return [(s, str(a)) for s, a in self._history]

    def record(self) -> dict[str, Any]:
        """Origin (seed or scenario) + options + actions: ``Game.replay`` rebuilds this state."""
        if not self._faithful:
            raise RecordError("a determinized state is a guess about hidden cards and has no faithful record")
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.spec.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "origin": copy_json(self._origin),
            "actions": [[s, str(a)] for s, a in self._history],
        }
        out = self.outcome
        if out is not None:
            rec["outcome"] = out.to_json()
        return rec

    def to_json(self) -> dict[str, Any]:
        """Lossless JSON-safe snapshot; ``Game.from_json`` restores a state that continues identically."""
        return {
            "format": STATE_FORMAT,
            "game": self.game.spec.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "origin": copy_json(self._origin),
            "faithful": self._faithful,
            "chance": [self._seed, self._chance],
            "history": [[s, str(a)] for s, a in self._history],
            "log": [e.to_json() for e in self._log],
            "state": self.position_json(),
        }

    def position_json(self) -> dict[str, Any]:
        """The position alone (the game's fields), without history and log: cheap to compare."""
        return {name: copy_json(getattr(self, name)) for name in self.FIELDS}

    def fingerprint(self) -> str:
        """A cheap value that changes whenever the state does (position, chance, history length)."""
        return repr(([getattr(self, name) for name in self.FIELDS], self._seed, self._chance,
                     len(self._history), len(self._log)))

    # ----------------------------------------------------------------- helpers for games
    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise InvalidActionError(f"no seat {seat!r}: seats are 0 to {self.game.players - 1}")

    def _check_view_seat(self, seat: int | None) -> None:
        if seat is not None:
            self._check_seat(seat)

    def _emit(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
              redacted: dict[str, Any] | None = None) -> None:
        self._log.append(Event(kind, data, to, redacted))

    def _mute_log(self) -> None:
        """Stop keeping the log on this state (searches' playouts, which nobody reads): ``_emit`` becomes
        a no-op on this state only; its clones made afterwards keep logging. Only games whose rules never
        read their own log may be muted (the search checks that per game)."""
        self._emit = _mute  # type: ignore[method-assign]

    @property
    def _log_on(self) -> bool:
        """Whether ``_emit`` still records: rules may skip building costly log payloads when it does not."""
        return "_emit" not in self.__dict__

    def _rng(self) -> random.Random:
        """A generator for the next chance event (shuffle, roll, draw)."""
        rng = derive(self._seed, self._chance)
        self._chance += 1
        return rng

    def _shallow_clone(self) -> Self:
        new = object.__new__(type(self))
        new.game = self.game
        new._origin = self._origin
        new._seed = self._seed
        new._chance = self._chance
        new._history = self._history[:]
        new._log = self._log[:]
        new._faithful = self._faithful
        new._legal_seat = -1
        new._legal = None
        new._notation_index = None
        return new

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.spec.name} players={self.game.players} "
                f"moves={len(self._history)} to_move={self.to_move}>")


class Game(ABC):
    """A game configured with a player count and rule options; makes and restores states."""

    spec: ClassVar[GameSpec]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.players, self.options = self.spec.validate(players, options)
        self._setup()

    def _setup(self) -> None:
        """Precompute per-configuration tables (action objects, card data). Optional."""

    @abstractmethod
    def _initial_state(self, seed: int) -> State:
        """The position at the start of a game, all setup chance resolved from ``seed``."""

    @abstractmethod
    def parse_notation(self, text: str) -> Action:
        """Read notation into an action value (syntax only; legality is the state's business).
        Raise InvalidActionError on text that is not an action of this game."""

    def new_game(self, seed: int | None = None) -> State:
        """A new game. The seed makes the whole game reproducible; None picks a fresh one."""
        if seed is None:
            seed = fresh_seed()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
        return self._initial_state(seed)

    @classmethod
    def has_hidden_information(cls) -> bool:
        """Whether some seat may ever not know something (the conformance suite then expects
        ``determinize`` to re-deal something)."""
        return True

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """(players, options) pairs the conformance suite spreads its random games over. Default: every
        player count with default options; games add their important variants."""
        return [(n, {}) for n in cls.spec.player_counts]

    @classmethod
    def has_heuristic(cls) -> bool:
        """Whether the game defines its own heuristic policy."""
        return cls.heuristic_action is not Game.heuristic_action

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """The game's heuristic policy, used by the ``heuristic`` bot. It decides from
        ``state.view(seat)`` and ``state.legal_actions(seat)`` only, never from hidden cards."""
        raise NotImplementedError(f"{self.spec.display_name} has no heuristic policy")

    @classmethod
    def has_evaluation(cls) -> bool:
        """Whether the game defines its own position evaluation (``evaluate``)."""
        return cls.evaluate is not Game.evaluate

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of each seat's reward (``Outcome.reward``: 1 for a win, 1/k for a win shared by k)
        from a position that is not over, for searches that stop their playouts early. Searches call it
        on *determinized* worlds, so it may read the whole state. None: the game has no evaluation."""
        return None

    def round_number(self, state: State) -> int | None:
        """The round a position is in, for games played in rounds whose ``evaluate`` is surest at a round's
        start (the standing is known, a fresh deal is fair to all): a search with ``depth=round`` plays
        each playout to the end of its round and asks ``evaluate`` there. None (the default): the game
        has no such rounds, and those playouts run to the end of the game."""
        return None

    def scenario(self, **setup: Any) -> State:
        """Build a position for tests and tutorials (per game; documented in its rules doc)."""
        raise NotImplementedError(f"{self.spec.display_name} has no scenario builder")

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Restore a state written by ``State.to_json``."""
        self._check_header(data, STATE_FORMAT)
        try:
            state = self._blank_state()
            state._origin = copy_json(data["origin"])
            state._seed, state._chance = (int(x) for x in data["chance"])
            state._faithful = bool(data["faithful"])
            state._history = [(int(s), self.parse_notation(str(t))) for s, t in data["history"]]
            state._log = [Event.from_json(e) for e in data["log"]]
            fields = data["state"]
            for name in state.FIELDS:
                setattr(state, name, copy_json(fields[name]))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a valid {self.spec.name} state: {e}") from e
        return state

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> State:
        """Rebuild the state of a record (optionally after only its first ``upto`` actions)."""
        self._check_header(record, RECORD_FORMAT)
        origin = record.get("origin", {})
        if "seed" in origin:
            state = self.new_game(int(origin["seed"]))
        elif "scenario" in origin:
            state = self.scenario(**origin["scenario"])
        else:
            raise RecordError("record has no origin (seed or scenario)")
        actions = record.get("actions", [])
        for i, entry in enumerate(actions[:upto]):
            try:
                seat, text = int(entry[0]), str(entry[1])
                state.apply(seat, state.parse_action(seat, text))
            except (ValueError, TypeError, IndexError) as e:
                raise RecordError(f"action {i} {entry!r} does not replay: {e}") from e
        return state

    def _check_header(self, data: Mapping[str, Any], fmt: str) -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format") != fmt:
            raise RecordError(f"expected format {fmt!r}, got {data.get('format')!r}")
        if data.get("game") != self.spec.name:
            raise RecordError(f"this is a {data.get('game')!r} file, not {self.spec.name!r}")
        players, options = self.spec.validate(data.get("players"), data.get("options", {}))
        if players != self.players or options != self.options:
            raise RecordError(
                f"file is for {players} players with options {options}; this game is "
                f"{self.players} players with {self.options}"
            )

    def _blank_state(self) -> State:
        """A state object with base fields set, to be filled by ``from_json``."""
        state_cls = self.state_class()
        state = object.__new__(state_cls)
        State.__init__(state, self, 0)
        return state

    @classmethod
    @abstractmethod
    def state_class(cls) -> type[State]:
        """The State subclass of this game."""

    def describe(self) -> dict[str, Any]:
        return {"game": self.spec.name, "players": self.players, "options": dict(self.options)}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"make({self.spec.name!r}, players={self.players}{opts})"


OptionsDict = dict[str, OptionValue]
