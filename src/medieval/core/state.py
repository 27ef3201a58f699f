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
from contextvars import ContextVar
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Generic, Self, TypeVar

from medieval.core import events as entries
from medieval.core.action import Action as Action
from medieval.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
    unquoted,
)
from medieval.core.events import BUILDER_NUMBERS, Entry, Event, Payloads
from medieval.core.outcome import Outcome
from medieval.core.position import copy_json as copy_json
from medieval.core.position import declared_fields, equip, make_base_copy
from medieval.core.rng import Rng, chance, derive, fresh_seed
from medieval.core.spec import GameSpec, OptionValue

STATE_FORMAT = "medieval/state@2"
RECORD_FORMAT = "medieval/record@2"
#: The formats of the first chance generator (``core/rng.derive``): their records and states still replay
#: and restore exactly, and keep their format when written again.
STATE_FORMAT_1 = "medieval/state@1"
RECORD_FORMAT_1 = "medieval/record@1"


def _mute(*args: Any, **kwargs: Any) -> None:
    """The ``_emit`` of a state whose log is muted (``State.mute_log``)."""


#: What a clone copies of the base class's own attributes (statements over ``self`` and ``new``); the
#: generated ``clone`` of every game starts with them.
_BASE_CLONE = (
    "new.game = self.game",
    "new._origin = self._origin",
    "new._seed = self._seed",
    "new._chance = self._chance",
    "new._history = self._history",
    "new._log = self._log",
    "new._shared = self._shared = True",
    "new._faithful = self._faithful",
    "new._chance_1 = self._chance_1",
    "new._legal_seat = -1",
    "new._legal = None",
    "new._notation_index = None",
)


class State(ABC):
    """One position of a game. See ARCHITECTURE.md §2 for the contract.

    A game declares its position once, as annotated attributes with their copy depths
    (``hands: Annotated[list[list[int]], 2]``, see ``core/position.py``); ``FIELDS``, ``clone`` and
    ``position_json`` are derived from that declaration when the class is created."""

    #: Names of the game-specific attributes that make up the position, derived from the declaration.
    #: Their values must be JSON-native (int, str, bool, None, list, dict with str keys); the base class
    #: serialises them generically.
    FIELDS: ClassVar[tuple[str, ...]] = ()

    game: Game[Any]
    _origin: dict[str, Any]
    _seed: int
    _chance: int
    _history: list[tuple[int, Action]]
    _log: list[Entry]  # (plain tuples: ``core/events.py``, "log entries")
    #: Whether ``_history`` and ``_log`` may be shared with a clone (copied before the next append): clones
    #: share them, so that a clone costs the same whatever the length of the game, and a search's playout
    #: (which neither records nor logs) never copies them.
    _shared: bool
    _faithful: bool
    #: Whether chance follows the first record format (``derive``): a game replayed from such a record.
    _chance_1: bool
    _legal_seat: int
    _legal: list[Action] | None
    _notation_index: tuple[list[Action], dict[str, Action]] | None

    #: Whether ``_legal_actions`` itself answers [] to a seat not to move (``legal_actions`` skips ``to_move``).
    _LEGAL_ASKS_SEAT: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = declared_fields(cls)
        if not fields:
            return
        equip(cls, fields, list(_BASE_CLONE))

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.game = game
        self._origin = {"seed": seed}
        self._seed = seed
        self._chance = 0
        self._history = []
        self._log = []
        self._shared = False
        self._faithful = True
        self._chance_1 = _FIRST_CHANCE.get()
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
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """JSON-safe dict of exactly what ``seat`` may know (None: a spectator). Each game types its view
        (a ``TypedDict``); it is a plain dict at run time."""

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal, in place, everything ``seat`` cannot see, consistently with ``view(seat)``."""

    def undo_barrier(self, seat: int, action: Action) -> bool:
        """Whether the game makes ``action`` (just applied for ``seat``) final even where the generic undo
        policy would allow taking it back (``core/undo.py``). Default: no such action."""
        return False

    def components(self) -> Counter[Hashable]:
        """Every physical component in play, wherever it is; constant over a game (conservation)."""
        return Counter()

    def render(self, seat: int | None, width: int = 100) -> str:
        """Plain-text picture of ``view(seat)`` (for ``render_mode='ansi'`` and logs): the game's terminal
        renderer (``GameSpec.parts.render``) drawn without colours, or the view as JSON if it has none."""
        import json

        module = self.game.spec.load("render")
        draw = getattr(module, "render", None)
        if draw is None:
            return json.dumps(self.view(seat), indent=1, sort_keys=True)
        import io

        from rich.console import Console

        buffer = io.StringIO()
        Console(width=width, color_system=None, file=buffer, legacy_windows=False).print(draw(self.view(seat)))
        return buffer.getvalue()

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
        if not self._LEGAL_ASKS_SEAT and seat not in self.to_move:
            return []
        legal = self._legal_actions(seat)
        self._legal_seat = seat
        self._legal = legal
        return legal

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``. Refused actions raise and leave the state untouched."""
        legal = self._legal
        # The usual case first: the legal actions of this seat are known (so it is a seat to move) and the
        # action is one of them (actions are interned: found by identity, in C).
        if (legal is None or self._legal_seat != seat or type(seat) is not int
                or not any(map(is_, legal, repeat(action)))):
            self._check_action(seat, action)
        self._legal = None
        self._apply(seat, action)
        if self._shared:
            self._unshare()
        self._history.append((seat, action))

    def _check_action(self, seat: int, action: Action) -> None:
        """Raise unless ``action`` is legal for ``seat`` (apply's checks beyond its fast path)."""
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"{action!r} is not an action of {self.game.spec.display_name}; parse text with "
                f"parse_action(seat, text)", self.legal_actions(seat) if isinstance(seat, int) else ())
        self._check_seat(seat)
        legal = self.legal_actions(seat)
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            if self.is_over:
                raise IllegalActionError("the game is over")
            if seat not in self.to_move:
                raise IllegalActionError(
                    f"P{seat} is not to move (to move: {', '.join(f'P{s}' for s in self.to_move)})")
            raise IllegalActionError(f"{action} is not legal for P{seat} now", legal)

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
            raise InvalidActionError(f"cannot read {text!r}: {unquoted(e.reason, text, norm)}", legal) from None
        if action in legal:
            return action
        if self.is_over:
            raise IllegalActionError(f"{text!r}: the game is over")
        if seat not in self.to_move:
            raise IllegalActionError(f"{text!r}: P{seat} is not to move", legal)
        raise IllegalActionError(f"{text!r} is not legal for P{seat} now", legal)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The log as ``seat`` sees it (None: a spectator), oldest first."""
        if seat is not None:
            self._check_seat(seat)
        out = []
        for e in self._log:
            d = entries.entry_for_seat(e, seat)
            if d is not None:
                out.append(d)
        return out

    def clone(self) -> Self:
        """An independent copy. Games get a generated one from their position's declaration; this
        generic version serves states that declare no fields."""
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
            "format": RECORD_FORMAT_1 if self._chance_1 else RECORD_FORMAT,
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
            "format": STATE_FORMAT_1 if self._chance_1 else STATE_FORMAT,
            "game": self.game.spec.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "origin": copy_json(self._origin),
            "faithful": self._faithful,
            "chance": [self._seed, self._chance],
            "history": [[s, str(a)] for s, a in self._history],
            "log": [entries.to_event(e).to_json() for e in self._log],
            "state": self.position_json(),
        }

    def position_json(self) -> dict[str, Any]:
        """The position alone (the game's fields), without history and log: cheap to compare."""
        return {name: copy_json(getattr(self, name)) for name in self.FIELDS}

    def fingerprint(self) -> str:
        """A cheap value that changes whenever the state does (position, chance, history length)."""
        return repr(([getattr(self, name) for name in self.FIELDS], self._seed, self._chance,
                     len(self._history), len(self._log)))

    # ----------------------------------------------------------------- for searches and adapters
    def mute_log(self) -> None:
        """Stop keeping the log on this state (a search's playouts, which nobody reads): emitting
        becomes a no-op on this state only; clones made afterwards keep logging. Only games whose rules
        never read their own log may be muted (searches check that per game: ``plays_the_same_muted``)."""
        self._emit = self._emit_lazy = _mute  # type: ignore[method-assign]
        self._log_on = False

    def legal_actions_fast(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, which must be to move, computed afresh (no cache, no checks):
        for playouts that pair it with :meth:`apply_fast`."""
        return self._legal_actions(seat)

    def apply_fast(self, seat: int, action: Action) -> None:
        """Apply an action known to be legal without checking it and without recording it in the history
        (the state then has no faithful record): for search playouts and nothing else."""
        self._legal = None
        self._apply(seat, action)

    @property
    def log_size(self) -> int:
        """The number of log entries so far (all seats' events, unfiltered)."""
        return len(self._log)

    def log_since(self, start: int) -> list[Event]:
        """The log's events from index ``start`` on (each with its audience and redacted form), for
        searches that follow what each seat observes."""
        return [entries.to_event(e) for e in self._log[start:]]

    # ----------------------------------------------------------------- helpers for games
    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise InvalidActionError(f"no seat {seat!r}: seats are 0 to {self.game.players - 1}")

    def _check_view_seat(self, seat: int | None) -> None:
        if seat is not None:
            self._check_seat(seat)

    def _emit(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
              redacted: dict[str, Any] | None = None) -> None:
        if self._shared:
            self._unshare()
        self._log.append((kind, to, data, redacted))

    def _emit_lazy(self, kind: str, build: Payloads, args: tuple[Any, ...],
                   to: tuple[int, ...] | None = None) -> None:
        """``_emit`` with payloads built when read: ``build(*args)`` gives ``(data, redacted)`` from ``args``."""
        if self._shared:
            self._unshare()
        self._log.append((kind, to, BUILDER_NUMBERS[build], args))

    #: Whether ``_emit`` still records (false once ``mute_log`` was called on this state): rules may skip
    #: building costly log payloads when it does not.
    _log_on: bool = True

    def _unshare(self) -> None:
        """Own copies of the history and the log, before appending to them (see ``_shared``)."""
        self._history = self._history[:]
        self._log = self._log[:]
        self._shared = False

    def _rng(self) -> Rng:
        """A generator for the next chance event (shuffle, roll, draw)."""
        n = self._chance
        self._chance = n + 1
        if self._chance_1:
            return derive(self._seed, n)
        return chance(self._seed, n)

    def _shallow_clone(self) -> Self:
        """A copy of the base attributes only (the game's fields still to be set)."""
        new = object.__new__(type(self))
        copy_base(self, new)
        return new

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied with the log's lazy entries built (``core/events.py``, "log entries")."""
        return {**self.__dict__, "_log": [entries.eager_entry(e) for e in self._log]}

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.spec.name} players={self.game.players} "
                f"moves={len(self._history)} to_move={self.to_move}>")


S = TypeVar("S", bound=State)

#: Set while a game of the first record format is being set up (``Game.new_game(first_chance=True)``), so
#: that ``State.__init__`` gives it the first chance generator before its setup draws anything.
_FIRST_CHANCE: ContextVar[bool] = ContextVar("medieval_first_chance", default=False)

#: ``copy_base(self, new)``: the base attributes copied (``_shallow_clone``), from the same lines as the
#: generated clones.
copy_base = make_base_copy(_BASE_CLONE)


class Game(ABC, Generic[S]):
    """A game configured with a player count and rule options; makes and restores states of type ``S``."""

    spec: ClassVar[GameSpec]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.players, self.options = self.spec.validate(players, options)
        self._setup()

    def _setup(self) -> None:
        """Precompute per-configuration tables (action objects, card data). Optional."""

    @abstractmethod
    def _initial_state(self, seed: int) -> S:
        """The position at the start of a game, all setup chance resolved from ``seed``."""

    @abstractmethod
    def parse_notation(self, text: str) -> Action:
        """Read notation into an action value (syntax only; legality is the state's business).
        Raise InvalidActionError on text that is not an action of this game."""

    def new_game(self, seed: int | None = None, *, first_chance: bool = False) -> S:
        """A new game. The seed makes the whole game reproducible; None picks a fresh one. ``first_chance``:
        chance as in the first record format (``medieval/record@1``), to replay such a record."""
        if seed is None:
            seed = fresh_seed()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
        if not first_chance:
            return self._initial_state(seed)
        token = _FIRST_CHANCE.set(True)
        try:
            return self._initial_state(seed)
        finally:
            _FIRST_CHANCE.reset(token)

    # ------------------------------------------------------------------ what the spec declares
    @classmethod
    def has_hidden_information(cls) -> bool:
        """Whether some seat may ever not know something (``GameSpec.hidden_information``)."""
        return cls.spec.hidden_information

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, OptionValue]]]:
        """(players, options) pairs the test suites spread over (``GameSpec.test_configurations``)."""
        return cls.spec.configurations()

    @classmethod
    def has_heuristic(cls) -> bool:
        """Whether the game has its own heuristic policy (``GameSpec.parts.heuristic``)."""
        return cls.spec.has("heuristic")

    @classmethod
    def has_evaluation(cls) -> bool:
        """Whether the game has its own position evaluation (``GameSpec.parts.evaluation``)."""
        return cls.spec.has("evaluation")

    def heuristic_action(self, state: S, seat: int, rng: random.Random) -> Action:
        """The game's heuristic policy, used by the ``heuristic`` bot. It decides from
        ``state.view(seat)`` and ``state.legal_actions(seat)`` only, never from hidden cards."""
        choose = self.spec.load("heuristic")
        if choose is None:
            raise NotImplementedError(f"{self.spec.display_name} has no heuristic policy")
        action: Action = choose(state, seat, rng)
        return action

    def evaluate(self, state: S) -> list[float] | None:
        """An estimate of each seat's reward (``Outcome.reward``: 1 for a win, 1/k for a win shared by k)
        from a position that is not over, for searches that stop their playouts early. Searches call it
        on *determinized* worlds, so it may read the whole state. None: the game (or this configuration
        of it) has no evaluation."""
        evaluate = self.spec.load("evaluation")
        if evaluate is None:
            return None
        result: list[float] | None = evaluate(state)
        return result

    def round_number(self, state: S) -> int | None:
        """The round a position is in, for games played in rounds whose ``evaluate`` is surest at a round's
        start (the standing is known, a fresh deal is fair to all): a search with ``depth=round`` plays
        each playout to the end of its round and asks ``evaluate`` there. None: the game (or this
        configuration) has no such rounds, and those playouts run to the end of the game."""
        rounds = self.spec.load("rounds")
        if rounds is None:
            return None
        result: int | None = rounds(state)
        return result

    def scenario(self, **setup: Any) -> S:
        """Build a position for tests and tutorials (per game; documented in its rules doc)."""
        raise NotImplementedError(f"{self.spec.display_name} has no scenario builder")

    def from_json(self, data: Mapping[str, Any]) -> S:
        """Restore a state written by ``State.to_json``."""
        first = self._check_header(data, STATE_FORMAT, STATE_FORMAT_1)
        try:
            state = self._blank_state()
            state._chance_1 = first
            state._origin = copy_json(data["origin"])
            state._seed, state._chance = (int(x) for x in data["chance"])
            state._faithful = bool(data["faithful"])
            state._history = [(int(s), self.parse_notation(str(t))) for s, t in data["history"]]
            state._log = [entries.entry_of(Event.from_json(e)) for e in data["log"]]
            fields = data["state"]
            for name in state.FIELDS:
                setattr(state, name, copy_json(fields[name]))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a valid {self.spec.name} state: {e}") from e
        return state

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> S:
        """Rebuild the state of a record (optionally after only its first ``upto`` actions)."""
        first = self._check_header(record, RECORD_FORMAT, RECORD_FORMAT_1)
        origin = record.get("origin", {})
        if "seed" in origin:
            state = self.new_game(int(origin["seed"]), first_chance=first)
        elif "scenario" in origin:
            token = _FIRST_CHANCE.set(first)
            try:
                state = self.scenario(**origin["scenario"])
            finally:
                _FIRST_CHANCE.reset(token)
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

    def _check_header(self, data: Mapping[str, Any], fmt: str, first: str) -> bool:
        """Check a record's or a state's header (``fmt``, or the first format ``first``); returns whether it
        is of the first format."""
        if not isinstance(data, Mapping):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format") not in (fmt, first):
            raise RecordError(f"expected format {fmt!r} (or {first!r}), got {data.get('format')!r}")
        if data.get("game") != self.spec.name:
            raise RecordError(f"this is a {data.get('game')!r} file, not {self.spec.name!r}")
        players, options = self.spec.validate(data.get("players"), data.get("options", {}))
        if players != self.players or options != self.options:
            raise RecordError(f"file is for {players} players with options {options}; this game is "
                              f"{self.players} players with {self.options}")
        return data.get("format") == first

    def _blank_state(self) -> S:
        """A state object with base fields set, to be filled by ``from_json``."""
        state = object.__new__(self.state_class())
        State.__init__(state, self, 0)
        return state

    @classmethod
    @abstractmethod
    def state_class(cls) -> type[S]:
        """The State subclass of this game."""

    def describe(self) -> dict[str, Any]:
        return {"game": self.spec.name, "players": self.players, "options": dict(self.options)}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"make({self.spec.name!r}, players={self.players}{opts})"


OptionsDict = dict[str, OptionValue]
