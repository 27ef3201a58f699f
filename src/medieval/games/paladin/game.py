"""Paladin (3-5 players): the game's declaration (its spec) and the configured game."""

from __future__ import annotations

from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec, SpeedTargets
from medieval.core.state import Action, Game
from medieval.games.paladin import actions as A
from medieval.games.paladin.setup import initial_state
from medieval.games.paladin.state import PaladinState

SPEC = GameSpec(
    name="paladin",
    display_name="Paladin",
    min_players=3,
    max_players=5,
    default_players=4,
    summary="Hidden quest bidding: place Paladins face down against quests, peek, then challenge the "
            "heroes one by one. Most valour wins.",
    options=(
        OptionSpec("next_dealer", "most",
                   "Who deals the next round: the player with the most points (rulebook) or the fewest "
                   "(as two published reviews describe it).", choices=("most", "fewest")),
        OptionSpec("zero_beats_red_nine", True,
                   "Whether the 0 also beats a red 9 (the exception is about strength, red only breaks "
                   "ties) or a red 9 is beyond the 0's reach."),
        OptionSpec("red_tie", "challenger",
                   "Two red cards of equal strength: the red challenger wins (the rule as written) or the "
                   "hero holds.", choices=("challenger", "hero")),
        OptionSpec("final_tie", "turn_order",
                   "A tie at the end: won by the tied player nearest in turn order from the last round's "
                   "first player (rulebook), or shared.", choices=("turn_order", "shared")),
        OptionSpec("first_dealer", -1,
                   "Seat of the first dealer (the 'bravest player'); -1 draws it at random.",
                   minimum=-1, maximum=4),
    ),
    package="medieval.games.paladin",
    parts=GameParts(
        heuristic="heuristic:choose",
        render="render",
        encoding="encoding:ENCODING",
        text="text",
        search="data/search.json",
        web="web",
        rules="rules.md",
    ),
    hidden_information=True,
    simultaneous=False,
    chance="sampled",
    speed=SpeedTargets(ratios=(("python_liars_poker", 3.0), ("hearts", 0.5)), search_per_s=2500),
)


@register
class PaladinGame(Game[PaladinState]):
    spec = SPEC

    def _setup(self) -> None:
        fd = self.options["first_dealer"]
        assert isinstance(fd, int)
        if fd >= self.players:
            raise InvalidOptionError(f"first_dealer must be -1 or a seat 0-{self.players - 1}, got {fd}")

    @classmethod
    def state_class(cls) -> type[PaladinState]:
        return PaladinState

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def _initial_state(self, seed: int) -> PaladinState:
        return initial_state(self, seed)

    def scenario(self, **setup: Any) -> PaladinState:
        """A stacked game for tests and tutorials (see ``scenario.build``)."""
        from medieval.games.paladin.scenario import build

        return build(self, setup)
