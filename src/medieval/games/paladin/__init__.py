"""Paladin (3-5 players): hidden quest bidding. Rules document: rules.md in this package.

Modules: ``game`` (the spec and the configured game), ``state`` (the position and the contract), the
rules by rulebook section (``setup``, ``placing``, ``resolving``, ``scoring``), ``actions`` (actions and
notation), ``components`` (cards, from ``data/``), ``view`` (what a seat may know, typed), ``scenario``,
``heuristic``, ``render`` (the terminal picture), ``encoding`` (the RL layout)."""

from medieval.games.paladin.game import SPEC, PaladinGame
from medieval.games.paladin.state import PaladinState

__all__ = ["SPEC", "PaladinGame", "PaladinState"]
