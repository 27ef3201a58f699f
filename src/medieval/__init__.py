"""medieval: five medieval tabletop games played faithfully by their rules.

>>> import medieval
>>> game = medieval.make("paladin", players=4)
>>> state = game.new_game(seed=7)
"""

from medieval.core import (
    Action,
    Game,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    OptionSpec,
    Outcome,
    RecordError,
    State,
    UnknownGameError,
    from_json,
    list_games,
    make,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "State",
    "UnknownGameError",
    "__version__",
    "from_json",
    "list_games",
    "make",
    "replay",
]
