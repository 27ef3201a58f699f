"""Medievallons (2-6 players): a guild card game. Rules document: rules.md in this package.

Modules: ``game`` (the spec and the configured game), ``state`` (the position and the contract), the
rules by rulebook section (``setup``, ``course``, ``turn``, ``guilds``, ``powers`` and ``decisions``,
``end``), ``actions`` (actions and notation), ``components`` (cards, from ``data/``), ``view`` (what a
seat may know, typed), ``scenario``, ``heuristic``, ``evaluation`` (the match standing), ``render`` (the
terminal picture), ``encoding`` (the RL layout), ``text`` (readable text)."""

from medieval.games.medievallons.game import SPEC, MedievallonsGame
from medieval.games.medievallons.state import MedievallonsState

__all__ = ["SPEC", "MedievallonsGame", "MedievallonsState"]
