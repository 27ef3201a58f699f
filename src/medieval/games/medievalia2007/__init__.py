"""Medievalia (2007), 2-4 players and the 2 v 2 allied game. Rules document: docs/rules/medievalia2007.md."""

from medieval.games.medievalia2007.game import Medievalia2007Game
from medieval.games.medievalia2007.rules import Medievalia2007State

__all__ = ["Medievalia2007Game", "Medievalia2007State"]
