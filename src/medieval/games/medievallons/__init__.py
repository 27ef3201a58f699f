"""Medievallons (2-6 players): a guild card game. Rules document: docs/rules/medievallons.md."""

from medieval.games.medievallons.rules import MedievallonsGame, MedievallonsState

__all__ = ["MedievallonsGame", "MedievallonsState"]
