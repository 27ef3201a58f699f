"""Medievalia (2-6 players): the game's declaration (its spec) and the configured game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec, OptionValue, SpeedTargets
from medieval.core.state import Action, Game
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import DECK_NAMES, HAND_LIMIT, ROUNDS, faces_of, parse_deck
from medieval.games.medievalia.playing import PlayTable
from medieval.games.medievalia.preparation import initial_state
from medieval.games.medievalia.state import MedievaliaState
from medieval.games.medievalia.tower import (
    FIELD_CLASSES,
    FIELD_CODES,
    INSTRUCTOR_CLASSES,
    INSTRUCTOR_CODES,
    FieldCard,
    InstructorCard,
)

TOWER_POOLS = ("all", "documented", "none")
_SHORT: dict[str, OptionValue] = {"rounds": 2}

SPEC = GameSpec(
    name="medievalia",
    display_name="Medievalia",
    min_players=2,
    max_players=6,
    default_players=4,
    summary="Card climbing: play one or more creatures of one value to beat the table's total, or take "
            "every open card into your creature stack at -1 a card. Magic Field and Magic Instructor "
            "cards change the rules and the scoring.",
    options=(
        OptionSpec("tower", "all",
                   "Which Tower cards are shuffled into the Magic Field and Magic Instructor decks: all "
                   "ten of each, only the cards whose rule the rulebook gives (CM01-CM04, CM10, "
                   "IM01-IM04), or none (the base rules).", choices=TOWER_POOLS),
        OptionSpec("field", "draw",
                   "The Magic Field card: drawn from the Tower deck, none, or one card (CM01-CM10) in "
                   "play all game.", choices=("draw", "none", *FIELD_CODES)),
        OptionSpec("instructor", "draw",
                   "The Magic Instructor card: drawn each round, none, or one card (IM01-IM10) in play "
                   "all game.", choices=("draw", "none", *INSTRUCTOR_CODES)),
        OptionSpec("field_draw", "round",
                   "When a new Magic Field card is drawn: at the start of every round (Game Preparation "
                   "and New Round) or once per game (the Tower's Cards section).",
                   choices=("round", "game")),
        OptionSpec("tower_design", "revised",
                   "Our designed Tower cards as revised (the standings cards CM06-CM09 and IM06 wait for a "
                   "first score and join their decks after round 1; IM09 makes Skip cards in a stack "
                   "harmless and in hand costly) or as first designed (first).", choices=("revised", "first")),
        OptionSpec("cm01", "fives",
                   "What sets off CM01: a play of exactly two 5s (the rulebook's example) or any play "
                   "of exactly two cards.", choices=("fives", "pair")),
        OptionSpec("skip_cards", "table",
                   "Where played Skip cards go: they stay open on the table and go to the taker, or "
                   "they are discarded until the next round.", choices=("table", "discard")),
        OptionSpec("deck", "standard",
                   "The Summon Creature deck (our design): 'standard', 'steep', or counts like "
                   "'1:6,2:6,...,13:2,W:3,S:1,R:1'."),
        OptionSpec("rounds", 0, "Rounds to play; 0 follows the rulebook (2:4, 3:6, 4:4, 5:5, 6:6).",
                   minimum=0, maximum=20),
        OptionSpec("first_player", -1, "Seat of the first round's first player; -1 draws it at random.",
                   minimum=-1, maximum=5),
    ),
    package="medieval.games.medievalia",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        rounds="evaluation:round_number",
        render="render",
        encoding="encoding:ENCODING",
        text="text",
        search="data/search.json",
        rules="rules.md",
        web="web",
    ),
    hidden_information=True,
    simultaneous=False,
    chance="sampled",
    # Every player count with the default options (all Tower cards, a new Magic Field card each round,
    # the rulebook's number of rounds), plus the variants, most of them two rounds long to keep the
    # suites quick: one Field card per game, documented cards only, discarded Skips, no Tower, CM01 on
    # any pair, the steep deck, and a few forced cards.
    test_configurations=(
        *((n, {}) for n in range(2, 7)),
        (4, {**_SHORT, "field_draw": "game"}),
        (3, {"tower": "documented"}),  # six rounds: the Tower decks run out and are remade
        (6, {**_SHORT, "tower": "documented", "skip_cards": "discard"}),
        (5, {**_SHORT, "tower": "none"}),
        (2, {**_SHORT, "cm01": "pair", "field": "CM01", "deck": "steep"}),
        (4, {**_SHORT, "field": "CM04", "instructor": "IM04"}),
        (3, {**_SHORT, "field": "CM10", "skip_cards": "discard"}),
        (4, {**_SHORT, "tower_design": "first"}),
    ),
    speed=SpeedTargets(search_per_s=2500),
)


@register
class MedievaliaGame(Game[MedievaliaState]):
    spec = SPEC

    fields: dict[str | None, FieldCard]
    play_tables: dict[str | None, PlayTable]
    instructors: dict[str | None, InstructorCard]
    deck_counts: list[int]
    all_faces: list[int]  # every card of the Summon Creature deck, in face order
    rounds: int
    discard_skips: bool
    first_design: bool

    def _setup(self) -> None:
        opts = self.options
        n = self.players
        first = opts["first_player"]
        assert isinstance(first, int)
        if first >= n:
            raise InvalidOptionError(f"first_player must be -1 or a seat 0-{n - 1}, got {first}")
        deck = opts["deck"]
        assert isinstance(deck, str)
        self.deck_counts = parse_deck(deck)
        self.all_faces = faces_of(self.deck_counts)
        needed = n * (HAND_LIMIT + 2)
        if sum(self.deck_counts) < needed:
            raise InvalidOptionError(
                f"deck has {sum(self.deck_counts)} cards; {n} players need at least {needed} "
                f"(deck names: {', '.join(DECK_NAMES)})")
        rounds = opts["rounds"]
        assert isinstance(rounds, int)
        self.rounds = rounds or ROUNDS[n]  # §8.1
        self.discard_skips = opts["skip_cards"] == "discard"
        self.first_design = opts["tower_design"] == "first"
        options: dict[str, Any] = dict(opts)
        self.fields = {None: FieldCard(options)}
        self.fields.update({code: cls(options) for code, cls in FIELD_CLASSES.items()})
        self.play_tables = {code: PlayTable(fc, n) for code, fc in self.fields.items()}
        self.instructors = {None: InstructorCard(options)}
        self.instructors.update({code: cls(options) for code, cls in INSTRUCTOR_CLASSES.items()})

    @classmethod
    def state_class(cls) -> type[MedievaliaState]:
        return MedievaliaState

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def _initial_state(self, seed: int) -> MedievaliaState:
        return initial_state(self, seed)

    def from_json(self, data: Mapping[str, Any]) -> MedievaliaState:
        """Restore a state; a JSON written before ``last_round`` was a field (it held
        ``last_round_at``, the index of the last ``round_end`` entry in the log) still reads."""
        fields = data.get("state") if isinstance(data, Mapping) else None
        if isinstance(fields, Mapping) and "last_round" not in fields and "last_round_at" in fields:
            at, log = fields["last_round_at"], data.get("log")
            last = None
            if isinstance(at, int) and isinstance(log, list) and 0 <= at < len(log):
                entry = log[at]
                if isinstance(entry, Mapping) and entry.get("kind") == "round_end":
                    last = entry.get("data")
            data = {**data, "state": {**fields, "last_round": last}}
        return super().from_json(data)

    def scenario(self, **setup: Any) -> MedievaliaState:
        """A stacked position for tests and tutorials (see ``scenario.build``)."""
        from medieval.games.medievalia.scenario import build

        return build(self, setup)
