"""Medievallons (2-6 players): the game's declaration (its spec) and the configured game."""

from __future__ import annotations

from typing import Any

from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec, SpeedTargets
from medieval.core.state import Action, Game
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.setup import initial_state
from medieval.games.medievallons.state import MedievallonsState

SPEC = GameSpec(
    name="medievallons",
    display_name="Medievallons",
    min_players=2,
    max_players=A.MAX_SEATS,
    default_players=4,
    summary="Guild card game: play cards for their powers, lay guilds of three or more alike (Jesters are "
            "wild) and be the first to lay a third guild.",
    options=(
        OptionSpec("match", "best_of_3",
                   "2 players only: play the rulebook's best-of-three match as one game (R1), or a single "
                   "round.", choices=("best_of_3", "single_round")),
        OptionSpec("jester_guild_counts", True,
                   "Whether a guild of Jesters only counts as a guild towards the third guild and the "
                   "alternative ranking (R3)."),
        OptionSpec("lone_jester", "no_power",
                   "A Jester played alone as a card: allowed with no effect (R7), or not allowed.",
                   choices=("no_power", "forbidden")),
        OptionSpec("knight_jester", False,
                   "Whether a Jester in hand answers a Knight's demand for another kind (R8)."),
        OptionSpec("beggar_tie", "draw",
                   "Beggar when you tie for the most cards: draw instead (R9), or take from a tied seat.",
                   choices=("draw", "take")),
        OptionSpec("alt_ranking", "guilds_then_members",
                   "Alternative end: compare guilds then guild members (R6), or their total.",
                   choices=("guilds_then_members", "total")),
        OptionSpec("witch_own_guilds", True,
                   "Whether a Witch may copy its user's own guilds (R5)."),
        OptionSpec("reshuffle_keeps", "played",
                   "The first reshuffle keeps back the last card played as the new discard pile, even "
                   "when the pile runs out in the middle of its power (R16), or the top card of the "
                   "discard pile as well.", choices=("played", "top")),
    ),
    package="medieval.games.medievallons",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        rounds="evaluation:round_number",
        render="render",
        encoding="encoding:ENCODING",
        text="text",
        search="data/search.json",
        web="web",
        rules="rules.md",
    ),
    hidden_information=True,
    simultaneous=True,  # §7.7 / R18 the Merchant's two sides choose their offers at once
    chance="sampled",
    test_configurations=(
        (2, {}),
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (2, {"match": "single_round", "knight_jester": True, "beggar_tie": "take"}),
        (4, {"jester_guild_counts": False, "lone_jester": "forbidden", "knight_jester": True,
             "beggar_tie": "take", "alt_ranking": "total", "witch_own_guilds": False,
             "reshuffle_keeps": "top"}),
    ),
    speed=SpeedTargets(search_per_s=2500),
)


@register
class MedievallonsGame(Game[MedievallonsState]):
    spec = SPEC

    # option flags, read in hot paths
    match: bool
    jester_guild_counts: bool
    lone_jester_ok: bool
    knight_jester: bool
    beggar_tie_draws: bool
    alt_total: bool
    witch_own_guilds: bool
    reshuffle_keeps_top: bool

    def _setup(self) -> None:
        o = self.options
        self.match = self.players == 2 and o["match"] == "best_of_3"
        self.jester_guild_counts = bool(o["jester_guild_counts"])
        self.lone_jester_ok = o["lone_jester"] == "no_power"
        self.knight_jester = bool(o["knight_jester"])
        self.beggar_tie_draws = o["beggar_tie"] == "draw"
        self.alt_total = o["alt_ranking"] == "total"
        self.witch_own_guilds = bool(o["witch_own_guilds"])
        self.reshuffle_keeps_top = o["reshuffle_keeps"] == "top"

    @classmethod
    def state_class(cls) -> type[MedievallonsState]:
        return MedievallonsState

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def _initial_state(self, seed: int) -> MedievallonsState:
        """§2 setup (``setup.initial_state``)."""
        return initial_state(self, seed)

    def scenario(self, **setup: Any) -> MedievallonsState:
        """A stacked position for tests and tutorials (``scenario.build``; the rules document,
        "Scenarios")."""
        from medieval.games.medievallons.scenario import build

        return build(self, setup)
