"""Bot levels for people: ``easy``, ``medium``, ``hard``, ``expert``, each a bot spec with a fixed budget
per move, accepted wherever a seat is chosen (``make_agent("hard")``, the CLI's ``--seats``, the server,
the browser lobby). The ladder that shows each level stronger than the one below is measured by
``medieval arena`` (docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    spec: str
    title: str
    description: str


LEVELS: tuple[Level, ...] = (
    Level("easy", "ismcts:iters=30,tuned=0", "Easy",
          "A light search: it sees the obvious, and misses a lot."),
    Level("medium", "heuristic", "Medium", "The game's rule-of-thumb player: sound, quick and predictable."),
    Level("hard", "ismcts:time=1,clock=cpu", "Hard", "A search of about one second a move."),
    Level("expert", "ismcts:time=3,clock=cpu", "Expert", "The strongest search we offer: about three seconds a move."),
)
BY_NAME = {level.name: level for level in LEVELS}


def level_spec(name: str) -> str | None:
    """The bot spec of a level name (case-insensitive), or None if ``name`` is no level."""
    level = BY_NAME.get(name.strip().lower())
    return None if level is None else level.spec
