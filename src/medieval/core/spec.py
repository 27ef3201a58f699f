"""Declarative game metadata: what a game is called, who may play it, which rule options it has."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from medieval.core.errors import InvalidOptionError

OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One rule option. ``choices`` restricts the values; ``kind`` is bool, int or str."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        return type(self.default)

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
            else:
                try:
                    value = int(text)
                except ValueError:
                    raise InvalidOptionError(f"option {self.name!r} expects an integer, got {value!r}") from None
        if kind is int and isinstance(value, bool):
            raise InvalidOptionError(f"option {self.name!r} expects an integer, got {value!r}")
        if not isinstance(value, kind):
            raise InvalidOptionError(
                f"option {self.name!r} expects {kind.__name__}, got {type(value).__name__} {value!r}"
            )
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(f"option {self.name!r} must be one of: {allowed} (got {value!r})")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptionError(f"option {self.name!r} must be >= {self.minimum} (got {value})")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptionError(f"option {self.name!r} must be <= {self.maximum} (got {value})")
        return cast(OptionValue, value)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help,
                             "type": self.kind.__name__}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        return d


@dataclass(frozen=True)
class GameSpec:
    """Metadata of a game: its registry name, display name, player counts and options."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = field(default=())
    default_players: int | None = None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))

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
        resolved: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in options.items():
            resolved[name] = self.option(name).coerce(value)
        return players, resolved

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "display_name": self.display_name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "summary": self.summary,
            "options": [o.to_json() for o in self.options],
        }
