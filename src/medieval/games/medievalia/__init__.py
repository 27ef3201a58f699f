"""Medievalia (2-6 players): card climbing with Magic Field and Magic Instructor cards.
Rules document: docs/rules/medievalia.md."""

from medieval.games.medievalia.rules import MedievaliaGame, MedievaliaState

__all__ = ["MedievaliaGame", "MedievaliaState"]
