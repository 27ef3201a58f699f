"""The engine core: the contract every game honours, and the pieces games share."""

from medieval.core.errors import (
    ActionError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    MedievalError,
    RecordError,
    UnknownGameError,
)
from medieval.core.events import Event
from medieval.core.outcome import Outcome
from medieval.core.registry import from_json, game_class, list_games, make, register, replay
from medieval.core.spec import GameSpec, OptionSpec
from medieval.core.state import Action, Game, State

__all__ = [
    "Action",
    "ActionError",
    "Event",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "MedievalError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "State",
    "UnknownGameError",
    "from_json",
    "game_class",
    "list_games",
    "make",
    "register",
    "replay",
]
