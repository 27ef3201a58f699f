"""Paladin (3-5 players): hidden quest bidding. Rules document: docs/rules/paladin.md."""

from medieval.games.paladin.rules import PaladinGame, PaladinState

__all__ = ["PaladinGame", "PaladinState"]
