"""Medievalia (2007), 2-4 players and the 2 v 2 allied game. Rules document: docs/rules/medievalia2007.md."""

from medieval.games.medievalia2007.game import M7Game
from medieval.games.medievalia2007.rules import M7State

__all__ = ["M7Game", "M7State"]
