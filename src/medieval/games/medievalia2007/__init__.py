"""Medievalia (2007), 2-4 players and the 2 v 2 allied game. Rules document: rules.md in this package.

Modules: ``game`` (the spec and the configured game), ``state`` (the position and the contract), the
rules by rulebook section (``setup``, ``turn``, ``playing``, ``paying``, ``movement``, ``war``,
``damage``, ``end``, ``upkeep``, ``allied``, over the Fief queries of ``fief``), ``actions`` (actions
and notation), ``components`` (the 110 cards, from ``data/``), ``view`` (what a seat may know, typed),
``scenario``, ``heuristic``, ``evaluation``, ``render`` (the terminal picture), ``encoding`` (the RL
layout), ``text`` (readable events and card help)."""

from medieval.games.medievalia2007.game import SPEC, Medievalia2007Game
from medieval.games.medievalia2007.state import Medievalia2007State

__all__ = ["SPEC", "Medievalia2007Game", "Medievalia2007State"]
