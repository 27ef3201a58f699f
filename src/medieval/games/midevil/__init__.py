"""MidEvil (2-6 players): lay map tiles, fight skeletons, carry the Necronomicon from the Graveyard to
the Altar. Rules document: rules.md in this package.

Modules: ``game`` (the spec and the configured game), ``state`` (the position and the contract), the
rules by rulebook section (``setup``, ``turn``, ``placing``, ``combat``, ``player_combat``, ``movement``,
``cards``, ``skeletons``, ``winning``), ``actions`` (actions and notation), ``components`` (tiles, cards
and the map's geometry, from ``data/``), ``view`` (what a seat may know, typed), ``scenario``,
``heuristic``, ``evaluation`` (for searches), ``render`` (the terminal picture), ``encoding`` (the RL
layout), ``text`` (events, cards and the game in words)."""

from medieval.games.midevil.game import SPEC, MidEvilGame
from medieval.games.midevil.state import MidEvilState

__all__ = ["SPEC", "MidEvilGame", "MidEvilState"]
