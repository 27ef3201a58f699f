"""Medievalia (2-6 players): card climbing with Magic Field and Magic Instructor cards. Rules document:
rules.md in this package.

Modules: ``game`` (the spec and the configured game), ``state`` (the position and the contract), the
rules by rulebook section (``preparation``, ``playing``, ``scoring``, ``tower``), ``actions`` (actions
and notation), ``components`` (cards, from ``data/``), ``view`` (what a seat may know, typed),
``scenario``, ``heuristic``, ``evaluation``, ``render`` (the terminal picture), ``encoding`` (the RL
layout), ``text`` (events and cards in words)."""

from medieval.games.medievalia.game import SPEC, MedievaliaGame
from medieval.games.medievalia.state import MedievaliaState

__all__ = ["SPEC", "MedievaliaGame", "MedievaliaState"]
