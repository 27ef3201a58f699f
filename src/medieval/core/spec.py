"""Declarative game metadata: what a game is called, who may play it, which rule options it has, what
kind of game it is (hidden information, simultaneous moves, chance), the configurations the test
suites cover, and where its parts are (heuristic, evaluation, terminal renderer, RL encoding, readable
text, search defaults, browser board, rules document). Generic layers (bots, interfaces, adapters)
find a game's parts through its spec, never by its name."""

from __future__ import annotations

import importlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any, Literal, cast

from medieval.core.errors import InvalidOptionError

OptionValue = bool | int | float | str


@dataclass(frozen=True)
class OptionSpec:
    """One option (of a game's rules, or of a bot). ``kind`` is bool, int, float or str, by default the
    type of ``default``; a ``default`` of None means "not set" (the option then needs an explicit
    ``value_type``). ``choices`` restricts the values, ``minimum``/``maximum`` bound numbers, ``pattern`` (a
    regular expression matched in full) restricts text."""

    name: str
    default: OptionValue | None
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    value_type: type | None = field(default=None, repr=False)
    pattern: str | None = None

    def __post_init__(self) -> None:
        if self.default is None and self.value_type is None:
            raise TypeError(f"option {self.name!r}: a default of None needs an explicit value_type")

    @property
    def kind(self) -> type:
        return self.value_type if self.value_type is not None else type(self.default)

    def coerce(self, value: Any) -> OptionValue:
        """Validate ``value`` (a Python value or command-line text) and return it in the option's type."""
        kind = self.kind
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text in ("1", "true", "yes", "on"):
                    value = True
                elif text in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise InvalidOptionError(f"option {self.name!r} expects true/false, got {value!r}")
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise InvalidOptionError(f"option {self.name!r} expects an integer, got {value!r}") from None
            else:
                try:
                    value = float(text)
                except ValueError:
                    raise InvalidOptionError(f"option {self.name!r} expects a number, got {value!r}") from None
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if kind in (int, float) and isinstance(value, bool):
            raise InvalidOptionError(f"option {self.name!r} expects {'an integer' if kind is int else 'a number'}, "
                                     f"got {value!r}")
        if not isinstance(value, kind):
            raise InvalidOptionError(
                f"option {self.name!r} expects {kind.__name__}, got {type(value).__name__} {value!r}"
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidOptionError(f"option {self.name!r} must be a finite number (got {value!r})")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(f"option {self.name!r} must be one of: {allowed} (got {value!r})")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptionError(f"option {self.name!r} must be >= {_num(self.minimum)} (got {value})")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptionError(f"option {self.name!r} must be <= {_num(self.maximum)} (got {value})")
        if isinstance(value, str) and self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise InvalidOptionError(f"option {self.name!r}: {value!r} is not a valid value")
        return cast(OptionValue, value)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help,
                             "type": self.kind.__name__}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = _num(self.minimum)
        if self.maximum is not None:
            d["maximum"] = _num(self.maximum)
        if self.pattern is not None:
            d["pattern"] = self.pattern
        return d


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


#: What kind of chance a game has: none (deterministic given the actions), or sampled (shuffles and
#: rolls drawn from the state's own seeded stream, inside ``apply``: no explicit chance seat).
ChanceKind = Literal["none", "sampled"]
Placings = Literal["score", "tied"]
Configuration = tuple[int, Mapping[str, OptionValue]]


@dataclass(frozen=True)
class GameParts:
    """Where a game's parts are: ``"module:attribute"`` (or a module, or a data path) relative to the
    game's package; None where the game has no such part.

    - ``heuristic``: ``choose(state, seat, rng) -> Action``, deciding from the seat's view only;
    - ``evaluation``: ``evaluate(state) -> list[float] | None``, each seat's expected reward;
    - ``rounds``: ``round_number(state) -> int | None``, for games played in rounds;
    - ``render``: a module with ``render(view)`` (a Rich renderable), the terminal's picture of a view;
    - ``encoding``: the RL observation and action layout (an ``interop.codec.Encoding``);
    - ``text``: a module with the readable text of events and cards (``describe_event``...);
    - ``search``: a JSON file of search parameters tuned for the game (``{"all": {...}, "2": {...}}``,
      values for every player count, then for one);
    - ``web``: the folder of the game's browser board;
    - ``rules``: the rules document (Markdown).
    """

    heuristic: str | None = None
    evaluation: str | None = None
    rounds: str | None = None
    render: str | None = None
    encoding: str | None = None
    text: str | None = None
    search: str | None = None
    web: str | None = None
    rules: str | None = None


@dataclass(frozen=True)
class SpeedTargets:
    """The speed a game is held to by ``medieval bench --baseline`` (a benchmark, never a test): its random
    playouts at least ``ratio`` times the decisions per second of each OpenSpiel game named in ``ratios``,
    measured beside them; a clone of a mid-game position in at most ``clone_us`` microseconds; its tuned
    search at least ``search_per_s`` iterations per CPU second. None: no such target."""

    ratios: tuple[tuple[str, float], ...] = (("python_liars_poker", 3.0),)
    clone_us: float | None = 5.0
    search_per_s: float | None = None


@dataclass(frozen=True)
class GameSpec:
    """A game, declared: registry name, display name, player counts, options, what kind of game it is,
    the configurations the test suites spread over, and where its parts are (``package`` + ``parts``)."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = field(default=())
    default_players: int | None = None
    #: The package holding the game (``parts`` are relative to it).
    package: str = ""
    parts: GameParts = field(default_factory=GameParts)
    #: Whether some seat may ever not know something (the conformance suite then expects
    #: ``determinize`` to re-deal something).
    hidden_information: bool = True
    #: Whether several seats may have to decide at once (secret simultaneous choices).
    simultaneous: bool = False
    chance: ChanceKind = "sampled"
    #: (players, options) pairs the conformance suite and the golden playthroughs spread over; empty:
    #: every player count with the default options.
    test_configurations: tuple[Configuration, ...] = field(default=(), hash=False)
    #: What ``medieval bench --baseline`` holds the game's speed to.
    speed: SpeedTargets = field(default_factory=SpeedTargets)
    #: How bot ratings (the arena's, the ladder's) place the seats that did not win: ``"score"``, by final
    #: score, where the score measures how near a seat came to winning; ``"tied"``, all level behind the
    #: winners, where it does not (MidEvil: most games are won with the Necronomicon, and the skeleton
    #: points of the others say little of who came nearest).
    placings: Placings = "score"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        """The test configurations (every player count with default options if none are declared)."""
        if not self.test_configurations:
            return [(n, {}) for n in self.player_counts]
        return [(n, dict(o)) for n, o in self.test_configurations]

    def option(self, name: str) -> OptionSpec:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise InvalidOptionError(f"{self.display_name} has no option {name!r} (options: {known})")

    def validate(self, players: int | None, options: Mapping[str, Any]) -> tuple[int, dict[str, OptionValue]]:
        """Check a player count and options; return the count and the full option dict with defaults."""
        if players is None:
            players = self.default_players or self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptionError(f"players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptionError(
                f"{self.display_name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        resolved: dict[str, OptionValue] = {o.name: cast(OptionValue, o.default) for o in self.options}
        for name, value in options.items():
            resolved[name] = self.option(name).coerce(value)
        return players, resolved

    # ------------------------------------------------------------------ the game's parts
    def has(self, part: str) -> bool:
        """Whether the game declares that part (see :class:`GameParts`)."""
        return getattr(self.parts, part) is not None

    def load(self, part: str) -> Any:
        """The object a part names (``"module:attribute"``), or the module (``"module"``), imported on
        first use; None when the game has no such part."""
        ref = getattr(self.parts, part)
        if ref is None:
            return None
        return _load_ref(self.package, ref)

    def resource(self, part: str) -> Traversable | None:
        """A data part (a file or folder of the package: ``search``, ``web``, ``rules``), or None."""
        ref = getattr(self.parts, part)
        if ref is None:
            return None
        return resources.files(self.package).joinpath(ref)

    def search_defaults(self, players: int) -> dict[str, str]:
        """The search parameters tuned for this game and player count (empty if none)."""
        if self.parts.search is None:
            return {}
        table = _load_json(self.package, self.parts.search)
        return {**table.get("all", {}), **table.get(str(players), {})}

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "display_name": self.display_name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "summary": self.summary,
            "options": [o.to_json() for o in self.options],
        }


@cache
def _load_ref(package: str, ref: str) -> Any:
    module_name, _, attr = ref.partition(":")
    module = importlib.import_module(f"{package}.{module_name}")
    return getattr(module, attr) if attr else module


@cache
def _load_json(package: str, path: str) -> dict[str, dict[str, str]]:
    data = json.loads(resources.files(package).joinpath(path).read_text("utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{package}/{path}: expected a JSON object")
    return {k: {str(a): str(b) for a, b in v.items()} for k, v in data.items() if not k.startswith("_")}
