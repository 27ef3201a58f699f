"""MidEvil (2-6 players): lay map tiles, fight skeletons, carry the Necronomicon from the Graveyard to
the Altar. Rules document: docs/rules/midevil.md."""

from medieval.games.midevil.rules import MidEvilGame, MidEvilState

__all__ = ["MidEvilGame", "MidEvilState"]
